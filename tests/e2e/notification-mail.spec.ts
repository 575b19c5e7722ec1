import type { Mail } from '../../src/server/mail/mailer';
import { readOutbox } from '../helpers/outbox';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, screenshot, test } from './support/fixtures';
import { offerAs, publishForOffers } from './support/offers';

test('an offer reaches the seller by e-mail, and the mail’s button opens their offers', async ({
  page,
  playwright,
  member: seller,
  otherMember: buyer,
}) => {
  const listing = await publishForOffers(playwright.request, seller);
  await offerAs(playwright.request, buyer, listing.id, '300,00');

  // The server's sender mails it on its own, woken by the notification.
  let mail: Mail | undefined;
  await expect
    .poll(() => {
      mail = readOutbox(process.env.E2E_DATA_DIR as string).find((m) => m.to === seller.email);
      return mail?.subject;
    })
    .toBe('Nova oferta recebida');

  // The mail as a mail client shows it.
  await page.setContent(
    `<!doctype html><html lang="pt-BR"><head><title>${mail?.subject}</title></head><body>${mail?.html}</body></html>`,
  );
  await expect(page.getByRole('heading', { name: 'Nova oferta recebida' })).toBeVisible();
  await expect(page.getByText(`${buyer.nickname} ofereceu`)).toBeVisible();
  await expect(page.getByText('as notificações por e-mail estão ligadas')).toBeVisible();
  await expect(page.getByRole('link', { name: /\/configuracoes$/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'notification-mail');

  await page.getByRole('link', { name: 'Ver no Mercado Gamer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Minhas Ofertas' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: listing.title });
  await expect(row.getByText(`De ${buyer.nickname}`)).toBeVisible();
});
