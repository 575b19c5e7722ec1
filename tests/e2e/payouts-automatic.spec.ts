import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateCpf } from '@brazilian-utils/brazilian-utils/generate-cpf';
import type { Page } from '@playwright/test';
import { paths } from '@shared/paths';
import { payoutIdFor } from '@shared/payout-process';
import { type EfiSendMock, efiEnvFor, startEfiSendMock } from '../helpers/efi-send-mock';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { uniqueEndToEndId } from './support/end-to-end-ids';
import { apiAs, expect, type Member, screenshot, test } from './support/fixtures';
import { desktop, personAt, phone } from './support/people';
import { advanceTrade, openItemTrade } from './support/trade-stages';

/**
 * Issue 36's automatic payouts end to end: a second server, over a copy of the prepared data (the same members and
 * sessions), sends payouts through Efí's stand-in (tests/helpers/efi-send-mock.ts, which checks every request
 * against Efí's documented shapes and answers through the webhook). The other specs keep the manual provider.
 */
test.describe.configure({ mode: 'serial' });

const root = path.resolve(import.meta.dirname, '../..');
const WEBHOOK_SECRET = 'segredo-do-webhook-e2e';
let psp: EfiSendMock;
let server: ChildProcess;
let dataDir = '';
let mainUrl = '';
let url = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

test.beforeAll(async () => {
  psp = await startEfiSendMock();
  dataDir = mkdtempSync(path.join(tmpdir(), 'mg-e2e-efi-'));
  cpSync(process.env.E2E_PRISTINE_DIR as string, dataDir, { recursive: true });
  url = `http://localhost:${await freePort()}`;
  server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: new URL(url).port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: process.env.E2E_SESSION_SECRET,
      STUN_URLS: '',
      // The sweep every 2 s, no risk holds: a payout due goes out at once.
      PAYOUT_SWEEP_SECONDS: '2',
      PAYOUT_HOLD_FIRST_SALES: '0',
      PAYOUT_HOLD_ABOVE_CENTS: '0',
      ...efiEnvFor(psp, WEBHOOK_SECRET),
    },
    // Its banner (address, demo accounts) would only clutter the report; its warnings and errors still show.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Registered as an operator would (PUT /v2/webhook/{chave}); Efí appends '/pix'.
  psp.state.webhookUrl = `${url}/api/payouts/webhook?hmac=${WEBHOOK_SECRET}`;
  await expect
    .poll(async () => (await fetch(`${url}/api/health`).catch(() => null))?.ok ?? false, { timeout: 60_000 })
    .toBe(true);
  // The trade helpers talk to E2E_BASE_URL: this file's tests run in one worker, one after the other.
  mainUrl = process.env.E2E_BASE_URL as string;
  process.env.E2E_BASE_URL = url;
});

test.afterAll(async () => {
  if (mainUrl) process.env.E2E_BASE_URL = mainUrl;
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await psp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The seller's name and CPF for payouts, recorded with the password (the PSP checks the key against it). */
async function recordIdentity(request: Parameters<typeof apiAs>[0], seller: Member) {
  const api = await apiAs(request, seller);
  const res = await api.put('/api/payout-identity', {
    data: { name: `Vendedor ${seller.nickname}`, document: generateCpf(), password: seller.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  await api.dispose();
}

/** The seller's 'Seu repasse' in the room of `tradeId`. */
async function payoutInRoom(page: Page, tradeId: number) {
  await page.goto(`${url}${paths.trade(tradeId)}`);
  return page.getByRole('region', { name: 'Seu repasse' });
}

test('the buyer confirms and the seller’s room shows the payout sent through the PSP, with its E2E id', async ({
  browser,
  playwright,
  member: seller,
  otherMember: buyer,
  staff,
}) => {
  test.slow(); // a second server's pages, two people, four accessibility scans
  await recordIdentity(playwright.request, seller);
  const trade = await openItemTrade(playwright.request, buyer, seller);
  await advanceTrade(playwright.request, { buyer, seller, staff }, trade.id, 'opened', 'delivered');

  const page = await personAt(browser, seller, desktop);
  await page.goto(`${url}${paths.trade(trade.id)}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await advanceTrade(playwright.request, { buyer, seller, staff }, trade.id, 'delivered', 'confirmed');

  // Within a minute (the sweep every 2 s, the PSP's result by webhook), live in the open room.
  const payout = page.getByRole('region', { name: 'Seu repasse' });
  await expect(payout.getByText('Pago', { exact: true })).toBeVisible({ timeout: 60_000 });
  const sent = psp.send(payoutIdFor(trade.id));
  expect(sent?.status).toBe('REALIZADO');
  await expect(
    payout.getByRole('list', { name: 'Linha do tempo do repasse' }).getByRole('listitem'),
  ).toHaveText([
    /Repasse devido: R\$\s114,00 para a chave m•••@exemplo\.com\.br$/,
    /Enviado ao PSP às \d{2}:\d{2}$/,
    new RegExp(`Repasse enviado às \\d{2}:\\d{2} · E2E ${sent?.endToEndId}$`),
  ]);
  await expect(page.getByText('R$ 114,00', { exact: true }).first()).toBeVisible();
  expect(psp.violations).toEqual([]);
  await payout.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'payouts-automatic-room-paid-1440');
  const onPhone = await personAt(browser, seller, phone);
  const onPhonePayout = await payoutInRoom(onPhone, trade.id);
  await expect(onPhonePayout.getByText('Pago', { exact: true })).toBeVisible();
  await onPhonePayout.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(onPhone);
  await screenshot(onPhone, 'payouts-automatic-room-paid-390');
});

test('an admin pauses payouts; resumed, a payout the PSP refuses is taken by hand and paid with the bank’s E2E id', async ({
  browser,
  playwright,
  member: seller,
  otherMember: buyer,
  staff,
}) => {
  test.slow();
  await recordIdentity(playwright.request, seller);
  const admin = await personAt(browser, staff, desktop);
  await admin.goto(`${url}/admin/repasses`);
  const automatic = admin.getByRole('region', { name: /^Repasses automáticos/ });
  await expect(automatic.getByRole('heading')).toHaveText('Repasses automáticos (provedor efi)');

  // Paused with a reason: a payout that falls due waits, said so to staff.
  await automatic.getByLabel('Motivo da pausa (incidente)').fill('PSP instável: teste de incidente');
  await automatic.getByRole('button', { name: 'Pausar repasses' }).click();
  await expect(automatic.getByText('Pausados', { exact: true })).toBeVisible();
  const trade = await openItemTrade(playwright.request, buyer, seller);
  await advanceTrade(playwright.request, { buyer, seller, staff }, trade.id, 'opened', 'confirmed');
  const page = await personAt(browser, seller, desktop);
  const payout = await payoutInRoom(page, trade.id);
  await expect(payout.getByText('Devido, na fila de envio', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(admin);
  await screenshot(admin, 'payouts-automatic-paused-1440');

  // Resumed, the PSP refuses it (the receiver's account does not exist): the seller is told, staff see it.
  psp.state.mode = 'refused';
  await automatic.getByRole('button', { name: 'Retomar repasses' }).click();
  await expect(automatic.getByText('Pausados', { exact: true })).toHaveCount(0);
  await expect(payout.getByText('Não realizado', { exact: true })).toBeVisible({ timeout: 60_000 });
  const attention = automatic
    .getByRole('list', { name: 'Repasses que pedem atenção' })
    .getByRole('listitem')
    .filter({ hasText: `#${trade.id} · ${trade.title}` });
  // The panel reads itself again every 10 s while open.
  await expect(attention.getByText('Não realizado', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(admin);
  await screenshot(admin, 'payouts-automatic-refused-1440');

  // Taken by hand: it joins the list below, paid from the bank with the E2E id the bank gave.
  psp.state.mode = 'success';
  await attention.getByRole('button', { name: 'Pagar à mão' }).click();
  await expect(attention.getByText('Pagamento manual pela equipe', { exact: true })).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Buscar repasses' }).fill(trade.title);
  const card = admin
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: admin.getByRole('heading', { name: `#${trade.id} · ${trade.title}` }) });
  await expect(card.getByText('R$ 114,00', { exact: true })).toBeVisible();
  const endToEndId = uniqueEndToEndId('REP');
  await card.getByLabel('Identificador da transferência (E2E)').fill(endToEndId);
  await card.getByRole('button', { name: `Pagar repasse da intermediação #${trade.id}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Registrar o repasse?' });
  await dialog.getByRole('button', { name: 'Confirmar repasse' }).click();
  await expect(admin.getByText(`Repasse da negociação #${trade.id} registrado.`)).toBeVisible();

  await expect(payout.getByText('Pago', { exact: true })).toBeVisible();
  await expect(payout).toContainText(`E2E ${endToEndId}`);
  // One send only went to the PSP for this trade: the refused one.
  const ofTrade = new RegExp(`^${payoutIdFor(trade.id)}(A\\d+)?$`);
  expect(
    psp
      .sends()
      .filter((s) => ofTrade.test(s.idEnvio))
      .map((s) => s.status),
  ).toEqual(['NAO_REALIZADO']);
  expect(psp.violations).toEqual([]);
});
