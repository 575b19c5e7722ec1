import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, screenshot, test } from './support/fixtures';

async function expectNoSideScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test('at 390px the help center fits and its FAQ opens by touch', async ({ page }) => {
  await page.goto('/ajuda');
  await expect(page.getByRole('heading', { level: 1, name: 'Central de Ajuda' })).toBeVisible();
  // No SUPPORT_* configured: the ticket form stands in for the e-mail and WhatsApp, readable at 390.
  const ticket = page
    .getByRole('list', { name: 'Canais de atendimento' })
    .getByRole('link', { name: 'Abrir chamado' });
  await ticket.scrollIntoViewIfNeeded();
  await expect(ticket).toBeInViewport();
  await expectNoSideScroll(page);
  await screenshot(page, 'ajuda-contato-390');
  const question = page.getByRole('button', { name: 'Como funciona a intermediação segura?' });
  await question.tap();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'Como funciona a intermediação segura?' })).toBeVisible();
  await expectNoSideScroll(page);
  await expectNoSeriousA11yViolations(page);
});

test('at 390px a policy page fits, its tables scroll inside themselves and the contents link works', async ({
  page,
}) => {
  await page.goto('/politicas-vendas');
  await expect(page.getByRole('heading', { level: 1, name: 'Políticas de Vendas' })).toBeVisible();
  await expectNoSideScroll(page);
  await page
    .getByRole('navigation', { name: 'Nesta página' })
    .getByRole('link', { name: /Taxa e repasse/ })
    .tap();
  const heading = page.getByRole('heading', { level: 2, name: /Taxa e repasse/ });
  await expect(heading).toBeInViewport();
  // Not hidden under the sticky top bar.
  const box = await heading.boundingBox();
  expect(box?.y ?? 0).toBeGreaterThanOrEqual(56);
  await expectNoSeriousA11yViolations(page);
});
