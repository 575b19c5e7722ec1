import { paths } from '@shared/paths';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, screenshot, signInAs, test } from './support/fixtures';
import { openMemberByEmail } from './support/staff-members';

test('the tab and the member page at 390 px: no sideways page, no serious axe findings', async ({
  page,
  staff,
  otherMember,
}) => {
  await signInAs(page.context(), staff);
  await page.goto(paths.adminMembers);
  await expect(page.getByRole('heading', { name: 'Membros', exact: true })).toBeVisible();
  await expect(page.getByText(/\d+ membros? encontrados?/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'members-tab-390');

  await openMemberByEmail(page, otherMember);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'member-page-390');
});
