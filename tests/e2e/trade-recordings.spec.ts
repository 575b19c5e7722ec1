import path from 'node:path';
import type { Page } from '@playwright/test';
import { callMessages } from '@shared/call-messages';
import { tradeRecordingMessages as m } from '@shared/trade-recording-messages';
import { build } from 'esbuild';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { chromiumPath } from './support/chromium';
import { apiAs, expect, screenshot, test } from './support/fixtures';
import { publishForOffers } from './support/offers';
import { personAt } from './support/people';

// A fake microphone (a beeping tone) granted without a prompt, and audio that may play without a gesture.
test.use({
  launchOptions: {
    executablePath: await chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

/**
 * The real recorder module (src/web/features/trade-recording/recorder.ts), bundled on its own: the production
 * app loads it only inside the call, which another part of issue 11 mounts, and the app has no test hook.
 */
async function bundle(entry: string, globalName: string): Promise<string> {
  const result = await build({
    entryPoints: [path.resolve(entry)],
    bundle: true,
    write: false,
    format: 'iife',
    globalName,
    footer: { js: `globalThis.${globalName} = ${globalName};` },
    platform: 'browser',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    tsconfig: path.resolve('tsconfig.json'),
  });
  return result.outputFiles[0]?.text as string;
}
const recorderBundle = () => bundle('src/web/features/trade-recording/recorder.ts', 'tradeRecorder');

const recordings = (page: Page) => page.getByRole('region', { name: m.listTitle });

/**
 * `who` joins the room's voice call with its own button, as anyone who records does first: the server takes a
 * recording's chunks only from someone in the trade's call (issue 25). Waits until the server lists them in it.
 */
async function joinCall(page: Page, nickname: string) {
  const voice = page.getByRole('region', { name: callMessages.heading });
  await voice.getByRole('button', { name: callMessages.start }).click();
  await expect(voice.getByRole('listitem').filter({ hasText: nickname })).toContainText(callMessages.inCall);
}

test('the buyer records the call; staff play it in the room; the parties download it', async ({
  page: buyerPage,
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
  staff,
}) => {
  test.slow(); // a call recorded, uploaded and played in the room: several browsers and uploads
  const listing = await publishForOffers(playwright.request, seller, '80,00');
  const buyerApi = await apiAs(playwright.request, buyer);
  const started = await buyerApi.post('/api/trades', { data: { listingId: listing.id } });
  expect(started.status()).toBe(201);
  const { id } = (await started.json()) as { id: number };
  await buyerApi.dispose();

  await buyerPage.goto(`/intermediacao/${id}`);
  await expect(recordings(buyerPage).getByText(m.empty)).toBeVisible();
  await joinCall(buyerPage, buyer.nickname);

  // The buyer's browser records the microphone through the recorder, 1-second chunks, until four are stored:
  // real WebM from Chromium, which the server checks chunk by chunk.
  await buyerPage.evaluate(await recorderBundle());
  await buyerPage.evaluate(async (tradeId) => {
    const w = window as unknown as {
      tradeRecorder: typeof import('../../src/web/features/trade-recording/recorder');
      acks: number[];
      recorder: import('../../src/web/features/trade-recording/recorder').CallRecorder;
    };
    const microphone = await navigator.mediaDevices.getUserMedia({ audio: true });
    w.acks = [];
    w.recorder = await w.tradeRecorder.startCallRecorder({
      tradeId,
      streams: [microphone],
      timesliceMs: 1000,
      onChunkStored: (ack) => w.acks.push(ack.chunkCount),
    });
  }, id);
  // A second voice joins the mix (a peer arriving), then the first leaves it: the recording goes on.
  await buyerPage.waitForFunction(() => (window as unknown as { acks: number[] }).acks.length >= 2);
  await buyerPage.evaluate(async () => {
    const w = window as unknown as {
      recorder: { setStreams(streams: MediaStream[]): void };
      peer: MediaStream;
    };
    w.peer = await navigator.mediaDevices.getUserMedia({ audio: true });
    const microphone = await navigator.mediaDevices.getUserMedia({ audio: true });
    w.recorder.setStreams([microphone, w.peer]);
    w.recorder.setStreams([w.peer]);
  });
  await buyerPage.waitForFunction(() => (window as unknown as { acks: number[] }).acks.length >= 4);
  await buyerPage.evaluate(() =>
    (window as unknown as { recorder: { stop(): Promise<void> } }).recorder.stop(),
  );

  // The buyer downloads it (an attachment), and the seller too.
  await buyerPage.reload();
  const download = recordings(buyerPage).getByRole('link', { name: /^Baixar gravação de / });
  await expect(download).toBeVisible();
  const href = (await download.getAttribute('href')) as string;
  for (const party of [buyer, seller]) {
    const partyApi = await apiAs(playwright.request, party);
    const file = await partyApi.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="gravacao-intermediacao-/);
    expect((await file.body()).length).toBeGreaterThan(1000);
    await partyApi.dispose();
  }
  await expectNoSeriousA11yViolations(buyerPage);

  // Staff open the room and play it: non-empty audio about as long as what was recorded.
  const staffPage = await personAt(browser, staff);
  await staffPage.goto(`/intermediacao/${id}`);
  await expect(recordings(staffPage).getByLabel(/^Gravação de .+, 0:0[3-6]$/)).toBeVisible();
  await expect(recordings(staffPage).getByText('gravada pelo comprador')).toBeVisible();
  const duration = await staffPage.waitForFunction(() => {
    const audio = document.querySelector('audio');
    return audio && Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : null;
  });
  const seconds = (await duration.jsonValue()) as number;
  expect(seconds).toBeGreaterThan(3);
  expect(seconds).toBeLessThan(7);
  await staffPage.evaluate(() => document.querySelector('audio')?.play());
  await staffPage.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.3);
  await staffPage.evaluate(() => document.querySelector('audio')?.pause());
  await expectNoSeriousA11yViolations(staffPage);

  await recordings(staffPage).scrollIntoViewIfNeeded();
  await screenshot(staffPage, 'trade-recordings-staff-1440');
  await recordings(buyerPage).scrollIntoViewIfNeeded();
  await screenshot(buyerPage, 'trade-recordings-buyer-1440');
  await staffPage.setViewportSize({ width: 390, height: 844 });
  await recordings(staffPage).scrollIntoViewIfNeeded();
  await screenshot(staffPage, 'trade-recordings-staff-390');
  await buyerPage.setViewportSize({ width: 390, height: 844 });
  await recordings(buyerPage).scrollIntoViewIfNeeded();
  await screenshot(buyerPage, 'trade-recordings-buyer-390');
  await expectNoSeriousA11yViolations(staffPage);
  await staffPage.context().close();
});

test.describe('the recording indicator', () => {
  // The chunks refused on purpose below are logged by the browser as failed requests.
  test.use({ allowedConsoleErrors: { patterns: [/status of 503/] } });

  test("shows 'Gravando' only while the server stores the chunks", async ({
    page,
    playwright,
    member: buyer,
    otherMember: seller,
  }) => {
    test.slow(); // a call recorded and uploaded before the room is left
    const listing = await publishForOffers(playwright.request, seller, '60,00');
    const buyerApi = await apiAs(playwright.request, buyer);
    const { id } = (await (
      await buyerApi.post('/api/trades', { data: { listingId: listing.id } })
    ).json()) as { id: number };
    await buyerApi.dispose();
    await page.goto(`/intermediacao/${id}`);
    await expect(recordings(page).getByText(m.empty)).toBeVisible();
    await joinCall(page, buyer.nickname);

    // The call's hook and indicator, as the call mounts them, recording the buyer's microphone.
    await page.evaluate(await bundle('tests/e2e/support/recording-harness.tsx', 'recordingHarness'));
    await page.evaluate((tradeId) => {
      (
        window as unknown as { recordingHarness: { mountHarness(id: number): void } }
      ).recordingHarness.mountHarness(tradeId);
    }, id);
    const call = page.getByRole('region', { name: 'Chamada de teste' });
    const indicator = call.getByRole('status');
    await expect(indicator).toContainText(m.indicatorLabel);
    await expect(call.getByText(m.indicator)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expect(call.getByText(m.notice)).toBeVisible();
    await call.screenshot({ path: '.tmp/screenshots/trade-recordings-indicator.png' });

    // The server stops storing chunks: the indicator goes out though the microphone still records.
    await page.route('**/recordings/*/chunks/*', (route) => route.fulfill({ status: 503, body: '' }));
    await expect(indicator).toBeHidden({ timeout: 15_000 });
    await expect(call.locator('[data-status="starting"]')).toBeAttached();
    // It comes back when they arrive again (the recorder retried the refused chunk).
    await page.unroute('**/recordings/*/chunks/*');
    await expect(indicator).toBeVisible({ timeout: 15_000 });
    await page.evaluate(() => (window as unknown as { stopHarness: () => void }).stopHarness());
    await expect(indicator).toBeHidden();
    await expect(call.locator('[data-status="idle"]')).toBeAttached();
    // The room lists the recording (the harness has a query cache of its own, so the page is read again).
    await page.reload();
    await expect(recordings(page).getByRole('link', { name: /^Baixar gravação de / })).toBeVisible();
  });
});
