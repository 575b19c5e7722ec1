import type { Locator, Page } from '@playwright/test';
import { paths } from '@shared/paths';
import { maskPixKey } from '@shared/pix';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { uniqueEndToEndId } from './support/end-to-end-ids';
import { expect, screenshot, test } from './support/fixtures';
import { desktop, personAt } from './support/people';
import { advanceTrade, openItemTrade } from './support/trade-stages';

/**
 * Issue 36's payouts with the e2e server's provider, `manual` (decision 028): the app sends nothing, so a payout
 * due waits on 'Repasses' for an admin to pay it from the bank; the seller follows it in the trade room and on
 * /pagamentos. The pause switch shows with the manual provider too (said to act only once an automatic one is on).
 */

/** The page as it is, at 1440 and then at 390 (axe at each width), the part that matters scrolled into view. */
async function atBothWidths(page: Page, part: Locator, name: string) {
  await part.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  await part.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The count 'Hoje: N pagos · R$ …' shows on the admins' 'Repasses automáticos'. */
async function paidToday(automatic: Locator) {
  const text = await automatic.getByText(/^Hoje: /).textContent();
  return Number(/Hoje: ([\d.]+) pagos?/.exec(text ?? '')?.[1]?.replace(/\./g, '') ?? Number.NaN);
}

test('a payout due is followed by its seller and paid by hand by an admin on Repasses; the pause switch holds', async ({
  page,
  browser,
  playwright,
  member: seller,
  otherMember: buyer,
  staff,
}) => {
  test.slow(); // a trade driven through the API, three people's screens, ten accessibility scans
  const trade = await openItemTrade(playwright.request, buyer, seller);
  await advanceTrade(playwright.request, { buyer, seller, staff }, trade.id, 'opened', 'confirmed');
  // R$ 120,00 less the 5 % fee, to the e-mail key openItemTrade gave the seller, masked for them.
  const key = `${seller.nickname.toLowerCase()}@exemplo.com.br`;
  const masked = maskPixKey('email', key);
  const amount = 'R$ 114,00';

  // The seller's /pagamentos › Repasses lists it, due.
  await page.goto(`${paths.payments}?aba=repasses`);
  await expect(page.getByRole('tab', { name: 'Repasses' })).toHaveAttribute('aria-selected', 'true');
  const mine = page.getByRole('region', { name: 'Repasses', exact: true });
  const listed = mine
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: `#${trade.id} · ${trade.title}` }) });
  await expect(listed.getByText('Devido, na fila de envio', { exact: true })).toBeVisible();
  await expect(listed.getByText(amount, { exact: true })).toBeVisible();
  await expect(listed.getByText(masked, { exact: true })).toBeVisible();
  await atBothWidths(page, listed, 'payouts-mine-due');

  // Its room shows 'Seu repasse': the state, the amount, the key masked and the timeline.
  await listed.getByRole('link', { name: `#${trade.id} · ${trade.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`${paths.trade(trade.id)}$`));
  const payout = page.getByRole('region', { name: 'Seu repasse' });
  await expect(payout.getByText('Devido, na fila de envio', { exact: true })).toBeVisible();
  await expect(payout.getByText(amount, { exact: true })).toBeVisible();
  await expect(payout.getByText(masked, { exact: true })).toBeVisible();
  const timeline = payout.getByRole('list', { name: 'Linha do tempo do repasse' });
  await expect(timeline.getByRole('listitem')).toHaveText([
    /^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\s*Repasse devido: R\$\s114,00 para a chave m•••@exemplo\.com\.br$/,
  ]);
  await expect(page.getByRole('main')).not.toContainText(key);
  await atBothWidths(page, payout, 'payouts-room-due');

  // An admin's 'Repasses': the automatic payouts' panel, with the manual provider.
  const admin = await personAt(browser, staff, desktop);
  await admin.goto('/admin/repasses');
  await expect(admin.getByRole('heading', { name: 'Repasses aos vendedores' })).toBeVisible();
  const automatic = admin.getByRole('region', { name: /^Repasses automáticos/ });
  await expect(automatic.getByRole('heading')).toHaveText(
    'Repasses automáticos (provedor manual: pagos à mão abaixo)',
  );
  await expect(automatic.getByRole('list', { name: 'Repasses por estado' }).getByRole('listitem')).toHaveText(
    [
      /^Não realizado: \d+$/,
      /^Pagamento manual pela equipe: \d+$/,
      /^Retido por segurança: \d+$/,
      /^Devido, na fila de envio: \d+$/,
      /^Enviando ao PSP: \d+$/,
      /^Pago: \d+$/,
    ],
  );
  await expect(automatic.getByText(/^Com o provedor manual o app não envia nenhum PIX/)).toBeVisible();
  // The switch is global: a run stopped half-way may have left it paused.
  const reason = automatic.getByLabel('Motivo da pausa (incidente)');
  const resume = automatic.getByRole('button', { name: 'Retomar repasses' });
  await expect(reason.or(resume)).toBeVisible();
  if (await resume.isVisible()) {
    await resume.click();
    await expect(reason).toBeVisible();
  }
  const before = await paidToday(automatic);
  expect(before).toBeGreaterThanOrEqual(0);
  await atBothWidths(admin, automatic, 'payouts-staff');

  // Paused with a reason (five characters at least), then resumed.
  const pause = automatic.getByRole('button', { name: 'Pausar repasses' });
  await expect(pause).toBeDisabled();
  await reason.fill('PSP instável: teste de incidente');
  await pause.click();
  await expect(admin.getByText('Repasses automáticos pausados', { exact: true })).toBeVisible();
  await expect(automatic.getByText('Pausados', { exact: true })).toBeVisible();
  await expect(
    automatic.getByText(/^Desde \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}: PSP instável: teste de incidente$/),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await screenshot(admin, 'payouts-staff-paused-1440');
  await resume.click();
  await expect(admin.getByText('Repasses automáticos retomados', { exact: true })).toBeVisible();
  await expect(reason).toBeVisible();
  await expect(reason).toHaveValue('');
  await expect(automatic.getByText('Pausados', { exact: true })).toHaveCount(0);

  // Paid by hand, from the list below, with the bank's E2E id: the day's total counts it.
  await admin.getByRole('searchbox', { name: 'Buscar repasses' }).fill(trade.title);
  const card = admin
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: admin.getByRole('heading', { name: `#${trade.id} · ${trade.title}` }) });
  await expect(card).toBeVisible();
  await expect(card.getByText(amount, { exact: true })).toBeVisible();
  await expect(card.getByText(key, { exact: true })).toBeVisible();
  const endToEndId = uniqueEndToEndId('REP');
  await card.getByLabel('Identificador da transferência (E2E)').fill(endToEndId);
  await card.getByRole('button', { name: `Pagar repasse da intermediação #${trade.id}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Registrar o repasse?' });
  await expect(dialog.getByText(endToEndId)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmar repasse' }).click();
  await expect(admin.getByText(`Repasse da negociação #${trade.id} registrado.`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect.poll(() => paidToday(automatic)).toBeGreaterThan(before);

  // The seller, still in the room, sees it sent (the live socket), the E2E id and the key masked.
  await expect(payout.getByText('Pago', { exact: true })).toBeVisible();
  await expect(timeline.getByRole('listitem')).toHaveText([
    /Repasse devido: R\$\s114,00 para a chave m•••@exemplo\.com\.br$/,
    new RegExp(`Repasse enviado às \\d{2}:\\d{2} · E2E ${endToEndId}$`),
  ]);
  await expect(payout.getByText(masked, { exact: true })).toBeVisible();
  await expect(payout.getByText(/^Pago .+ depois de ficar devido\.$/)).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(key);
  await atBothWidths(page, payout, 'payouts-room-paid');

  // And /pagamentos › Repasses says the same.
  await page.goto(`${paths.payments}?aba=repasses`);
  await expect(listed.getByText('Pago', { exact: true })).toBeVisible();
  await expect(listed).toContainText(`E2E ${endToEndId}`);
  await expect(listed.getByText(masked, { exact: true })).toBeVisible();
  await atBothWidths(page, listed, 'payouts-mine-paid');
});
