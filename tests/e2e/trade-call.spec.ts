import type { Page } from '@playwright/test';
import { callMessages as m } from '@shared/call-messages';
import { tradeRecordingMessages as recordingMessages } from '@shared/trade-recording-messages';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, test } from './support/fixtures';
import { desktop, expectUncovered, openTradeBetween, personAt } from './support/people';

const voice = (page: Page) => page.getByRole('region', { name: m.heading });
const callStatus = (page: Page) =>
  voice(page).getByRole('status').filter({ hasNotText: recordingMessages.indicatorLabel });
const recordingIndicator = (page: Page) =>
  voice(page).getByRole('status').filter({ hasText: recordingMessages.indicatorLabel });
/** The person's line in the room list, found by their name. */
const personLine = (page: Page, name: string) => voice(page).getByRole('listitem').filter({ hasText: name });

test('buyer and seller see each other in the room, talk in the recorded voice call, mute and hang up; staff play the recording', async ({
  page: buyerPage,
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
  staff,
}) => {
  // The whole journey: two people, seconds of recorded call, then staff in the room and at the desk.
  test.setTimeout(120_000);
  const id = await openTradeBetween(playwright.request, buyer, seller, { sellerPixKey: true });

  await buyerPage.goto(`/intermediacao/${id}`);
  const sellerPage = await personAt(browser, seller, desktop);
  await sellerPage.goto(`/intermediacao/${id}`);

  // Presence from real connections: each sees the other arrive, with the role labels.
  await expect(personLine(buyerPage, seller.nickname)).toContainText('Vendedor');
  await expect(personLine(buyerPage, buyer.nickname)).toContainText('Comprador(você)');
  await expect(personLine(sellerPage, buyer.nickname)).toContainText('Comprador');
  await expect(personLine(sellerPage, seller.nickname)).toContainText('Vendedor(você)');

  // Before joining, everyone is told the call is recorded.
  await expect(voice(buyerPage).getByText(recordingMessages.notice)).toBeVisible();
  await expect(callStatus(buyerPage)).toHaveText(m.states.idle);
  await expectNoSeriousA11yViolations(buyerPage);
  await voice(buyerPage).scrollIntoViewIfNeeded();
  await screenshot(buyerPage, 'trade-call-idle-1440');

  // The buyer joins first and waits; the seller joins; both reach 'connected'.
  await voice(buyerPage).getByRole('button', { name: m.start }).click();
  await expect(callStatus(buyerPage)).toHaveText(m.states.waiting);
  await expect(personLine(sellerPage, buyer.nickname)).toContainText(m.inCall);
  await voice(sellerPage).getByRole('button', { name: m.start }).click();
  await expect(callStatus(sellerPage)).toHaveText(m.states.connected, { timeout: 30_000 });
  await expect(callStatus(buyerPage)).toHaveText(m.states.connected, { timeout: 30_000 });
  await expect(buyerPage.getByText(m.joined).first()).toBeVisible();
  await expect(personLine(buyerPage, seller.nickname)).toContainText(m.inCall);
  // The call's toasts ('Conectado à Sala de Voz', who joined) show at the top, clear of its controls.
  for (const control of [m.mute, m.hangUp])
    await expectUncovered(voice(buyerPage).getByRole('button', { name: control }));
  await screenshot(buyerPage, 'trade-call-toasts-1440');

  // The duration timer runs.
  const timer = voice(buyerPage).getByRole('time');
  await expect(timer).toHaveText(/^\d{2}:\d{2}$/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? '', { timeout: 5_000 });
  // The seller's audio arrives: an <audio> playing a live stream.
  await expect
    .poll(() =>
      buyerPage.evaluate(() =>
        [...document.querySelectorAll('audio')].some(
          (audio) => audio.srcObject instanceof MediaStream && audio.srcObject.getAudioTracks().length > 0,
        ),
      ),
    )
    .toBe(true);

  // The buyer's browser records (no intermediary in the call): both see 'Gravando' once chunks are stored.
  await expect(recordingIndicator(buyerPage)).toBeVisible({ timeout: 15_000 });
  await expect(recordingIndicator(sellerPage)).toBeVisible({ timeout: 15_000 });
  // A few seconds of call, so the recording has several chunks.
  await expect(timer).toHaveText(/^00:0[6-9]$|^00:[1-5]\d$/, { timeout: 15_000 });

  // Mute: the button says so, and the seller sees it.
  const mute = voice(buyerPage).getByRole('button', { name: m.mute });
  await expect(mute).toHaveAttribute('aria-pressed', 'false');
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  await expect(personLine(sellerPage, buyer.nickname).getByText(m.mutedLabel)).toHaveCount(1);
  await expectNoSeriousA11yViolations(buyerPage);
  await voice(buyerPage).scrollIntoViewIfNeeded();
  await screenshot(buyerPage, 'trade-call-connected-1440');
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'false');
  await expect(personLine(sellerPage, buyer.nickname).getByText(m.mutedLabel)).toHaveCount(0);

  // Hang up: 'Chamada Encerrada' with the duration, then 'Nova Chamada' back to the start.
  await voice(buyerPage).getByRole('button', { name: m.hangUp }).click();
  await expect(callStatus(buyerPage)).toHaveText(m.ended);
  await expect(buyerPage.getByText(/^Duração: \d{2}:\d{2}$/)).toBeVisible();
  await expect(personLine(sellerPage, buyer.nickname)).not.toContainText(m.inCall);
  await expect(recordingIndicator(buyerPage)).toHaveCount(0);
  const callSeconds = await buyerPage
    .getByText(/^Duração: \d{2}:\d{2}$/)
    .textContent()
    .then((text) => {
      const [, min, sec] = /(\d{2}):(\d{2})$/.exec(text ?? '') ?? [];
      return Number(min) * 60 + Number(sec);
    });
  await expectNoSeriousA11yViolations(buyerPage);

  // Staff open the room and play the call's recording: non-empty audio about as long as the call.
  const staffPage = await personAt(browser, staff, desktop);
  await staffPage.goto(`/intermediacao/${id}`);
  const recordings = staffPage.getByRole('region', { name: recordingMessages.listTitle });
  await expect(recordings.getByText('gravada pelo comprador')).toBeVisible();
  const duration = await staffPage.waitForFunction(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[controls]');
    return audio && Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : null;
  });
  const seconds = (await duration.jsonValue()) as number;
  expect(seconds).toBeGreaterThan(callSeconds - 5);
  expect(seconds).toBeLessThan(callSeconds + 5);
  await staffPage.evaluate(() => document.querySelector<HTMLAudioElement>('audio[controls]')?.play());
  await staffPage.waitForFunction(
    () => (document.querySelector<HTMLAudioElement>('audio[controls]')?.currentTime ?? 0) > 0.3,
  );

  // The seller confirms the value: the trade now waits on staff, and the trades desk plays its recording too.
  const sellerApi = await apiAs(playwright.request, seller);
  expect((await sellerApi.post(`/api/trades/${id}/value`, { data: { amount: '120,00' } })).status()).toBe(
    200,
  );
  await sellerApi.dispose();
  await staffPage.goto('/admin/intermediacoes?status=payment');
  await staffPage.getByRole('button', { name: `Gravações da negociação #${id}` }).click();
  const deskRecordings = staffPage.getByRole('dialog', { name: `Gravações da negociação #${id}` });
  await expect(deskRecordings.getByText('gravada pelo comprador')).toBeVisible();
  await expect(deskRecordings.locator('audio[controls]')).toHaveCount(1);
  await expectNoSeriousA11yViolations(staffPage);
  await staffPage.context().close();

  await voice(buyerPage).getByRole('button', { name: m.again }).click();
  await expect(voice(buyerPage).getByRole('button', { name: m.start })).toBeVisible();
  await expect(voice(buyerPage).getByText(recordingMessages.notice)).toBeVisible();

  // The seller, still in the call, on a phone-sized screen.
  await sellerPage.setViewportSize({ width: 390, height: 844 });
  await voice(sellerPage).scrollIntoViewIfNeeded();
  await screenshot(sellerPage, 'trade-call-390');

  // The seller leaves the page: the buyer sees them go.
  await sellerPage.context().close();
  await expect(personLine(buyerPage, seller.nickname)).toHaveCount(0);
});

test('a microphone that cannot be opened says so, and the call stays closed', async ({
  page,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  const id = await openTradeBetween(playwright.request, buyer, seller, { sellerPixKey: true });
  // The person refused the microphone (or has none).
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await page.goto(`/intermediacao/${id}`);
  await expect(personLine(page, buyer.nickname)).toContainText('Comprador(você)');
  await voice(page).getByRole('button', { name: m.start }).click();
  await expect(page.getByText(m.errorTitle)).toBeVisible();
  await expect(page.getByText(m.micUnavailable)).toBeVisible();
  await expect(callStatus(page)).toHaveText(m.states.idle);
  await expect(voice(page).getByRole('button', { name: m.start })).toBeVisible();
  await expect(personLine(page, buyer.nickname)).not.toContainText(m.inCall);
  await expectNoSeriousA11yViolations(page);
});

test('a call of three: buyer, seller and the intermediary each hear the two others', async ({
  page: buyerPage,
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
  staff,
}) => {
  const id = await openTradeBetween(playwright.request, buyer, seller, { sellerPixKey: true });
  const sellerPage = await personAt(browser, seller, desktop);
  const staffPage = await personAt(browser, staff, desktop);
  const pages = [buyerPage, sellerPage, staffPage];
  for (const page of pages) await page.goto(`/intermediacao/${id}`);
  // Each of the three is in the room once their own page lists them (three rooms loading at once on a busy
  // machine take a while); only then can the others see them.
  for (const [page, person] of [
    [buyerPage, buyer],
    [sellerPage, seller],
    [staffPage, staff],
  ] as const)
    await expect(personLine(page, person.nickname)).toContainText('(você)');
  // Until a staff member takes the trade, any of them is its intermediary.
  await expect(personLine(buyerPage, staff.nickname)).toContainText('Intermediador');

  for (const page of pages) await voice(page).getByRole('button', { name: m.start }).click();
  for (const page of pages) {
    await expect(callStatus(page)).toHaveText(m.states.connected, { timeout: 20_000 });
    // Two others, each with live audio.
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              [...document.querySelectorAll('audio')].filter(
                (audio) =>
                  audio.srcObject instanceof MediaStream && audio.srcObject.getAudioTracks().length > 0,
              ).length,
          ),
        { timeout: 20_000 },
      )
      .toBe(2);
  }
  for (const name of [buyer.nickname, seller.nickname])
    await expect(personLine(staffPage, name)).toContainText(m.inCall);

  await voice(staffPage).getByRole('button', { name: m.hangUp }).click();
  await expect(personLine(buyerPage, staff.nickname)).not.toContainText(m.inCall);
  await expect.poll(() => buyerPage.evaluate(() => document.querySelectorAll('audio').length)).toBe(1);
  await sellerPage.context().close();
  await staffPage.context().close();
});

test('an admin takes the trade over during the call: the moderator leaves it, told why, and the admin joins', async ({
  page: buyerPage,
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
  staff: admin,
  moderator,
}) => {
  test.setTimeout(90_000);
  const id = await openTradeBetween(playwright.request, buyer, seller, { sellerPixKey: true });
  const asModerator = await apiAs(playwright.request, moderator);
  expect((await asModerator.post(`/api/trades/${id}/take`, { data: {} })).status()).toBe(200);
  await asModerator.dispose();
  const moderatorPage = await personAt(browser, moderator, desktop);
  await buyerPage.goto(`/intermediacao/${id}`);
  await moderatorPage.goto(`/intermediacao/${id}`);
  await expect(personLine(buyerPage, buyer.nickname)).toContainText('(você)');
  await expect(personLine(moderatorPage, moderator.nickname)).toContainText('(você)');
  for (const page of [buyerPage, moderatorPage])
    await voice(page).getByRole('button', { name: m.start }).click();
  await expect(callStatus(moderatorPage)).toHaveText(m.states.connected, { timeout: 30_000 });

  const asAdmin = await apiAs(playwright.request, admin);
  const takeOver = await asAdmin.post(`/api/trades/${id}/take-over`, {
    data: { reason: 'Moderador ausente, assumo a intermediação.' },
  });
  expect(takeOver.status(), await takeOver.text()).toBe(200);
  await asAdmin.dispose();

  // The moderator's page leaves the call and says why; the others see them out of it.
  await expect(callStatus(moderatorPage)).toHaveText(m.ended);
  await expect(voice(moderatorPage).getByText(m.seatTakenOver)).toBeVisible();
  await expect(voice(moderatorPage).getByRole('button', { name: m.again })).toHaveCount(0);
  await expect(personLine(buyerPage, moderator.nickname)).not.toContainText(m.inCall);
  await expectNoSeriousA11yViolations(moderatorPage);
  await voice(moderatorPage).scrollIntoViewIfNeeded();
  await screenshot(moderatorPage, 'trade-call-taken-over-1440');
  await moderatorPage.setViewportSize({ width: 390, height: 844 });
  await voice(moderatorPage).scrollIntoViewIfNeeded();
  await screenshot(moderatorPage, 'trade-call-taken-over-390');

  // The admin takes the seat at once and talks with the buyer.
  const adminPage = await personAt(browser, admin, desktop);
  await adminPage.goto(`/intermediacao/${id}`);
  await expect(personLine(adminPage, admin.nickname)).toContainText('(você)');
  await voice(adminPage).getByRole('button', { name: m.start }).click();
  await expect(callStatus(adminPage)).toHaveText(m.states.connected, { timeout: 30_000 });
  await expect(personLine(buyerPage, admin.nickname)).toContainText(m.inCall);
  await moderatorPage.context().close();
  await adminPage.context().close();
});
