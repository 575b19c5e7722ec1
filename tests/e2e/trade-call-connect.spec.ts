import type { Page } from '@playwright/test';
import { callMessages as m } from '@shared/call-messages';
import type { ClientMessage, RealtimeMessage } from '@shared/realtime';
import { tradeRecordingMessages as recordingMessages } from '@shared/trade-recording-messages';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, type Member, screenshot, test } from './support/fixtures';
import { desktop, expectUncovered, openTradeBetween, personAt } from './support/people';

/**
 * The call connects however the two sides meet (issue 25): both joining at the same moment, candidates lost on
 * the way, and a room told to `resync` shows who is really there.
 */

/** The call restarts ICE after 10 s without 'connected' (CALL_CONNECT_TIMEOUT_MS): well before, it connected. */
const BEFORE_ANY_RESTART_MS = 8_000;

const voice = (page: Page) => page.getByRole('region', { name: m.heading });
const callStatus = (page: Page) =>
  voice(page).getByRole('status').filter({ hasNotText: recordingMessages.indicatorLabel });
const personLine = (page: Page, name: string) => voice(page).getByRole('listitem').filter({ hasText: name });
const startButton = (page: Page) => voice(page).getByRole('button', { name: m.start });

/** Both in the room, each seeing the other. */
async function bothInRoom(buyerPage: Page, sellerPage: Page, buyer: Member, seller: Member, id: number) {
  await buyerPage.goto(`/intermediacao/${id}`);
  await sellerPage.goto(`/intermediacao/${id}`);
  await expect(personLine(buyerPage, seller.nickname)).toContainText('Vendedor');
  await expect(personLine(sellerPage, buyer.nickname)).toContainText('Comprador');
}

test('both join the call at the same moment: it connects on both sides, toasts clear of its controls', async ({
  page: buyerPage,
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  const id = await openTradeBetween(playwright.request, buyer, seller);
  const sellerPage = await personAt(browser, seller, desktop);
  await bothInRoom(buyerPage, sellerPage, buyer, seller, id);

  // Both press at once: each learns of the other while joining, and each side's link is made together.
  await Promise.all([startButton(buyerPage).click(), startButton(sellerPage).click()]);
  for (const page of [buyerPage, sellerPage])
    await expect(callStatus(page)).toHaveText(m.states.connected, { timeout: BEFORE_ANY_RESTART_MS });

  // The toasts of the call ('Conectado à Sala de Voz', who joined) leave its controls free to press.
  await expect(buyerPage.getByText(m.joined).first()).toBeVisible();
  await expectUncovered(voice(buyerPage).getByRole('button', { name: m.hangUp }));
  await expectUncovered(voice(buyerPage).getByRole('button', { name: m.mute }));
  await sellerPage.context().close();
});

/**
 * The network loses every ICE candidate of the two pages (trickled, or inside a description) until one of them
 * restarts ICE: an offer, after an answer went by, with credentials other than its last description's. Until
 * then neither side learns an address of the other, and the link cannot come up.
 */
function candidatesLostUntilRestart() {
  let answered = false;
  let restarted = false;
  let dropped = 0;
  const withoutCandidates = (sdp: string) =>
    sdp
      .split('\r\n')
      .filter((line) => !line.startsWith('a=candidate') && line !== 'a=end-of-candidates')
      .join('\r\n');
  const on = (page: Page) => {
    let lastUfrag: string | null = null;
    return page.routeWebSocket(/\/ws(\?|$)/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((raw) => {
        const message = JSON.parse(String(raw)) as ClientMessage;
        if (message.type !== 'signal') return server.send(raw);
        const { signal } = message;
        if (signal.kind === 'ice-candidate') {
          if (restarted) return server.send(raw);
          dropped += 1;
          return;
        }
        const ufrag = /a=ice-ufrag:(\S+)/.exec(signal.sdp)?.[1] ?? null;
        if (signal.kind === 'answer') answered = true;
        else if (answered && lastUfrag !== null && ufrag !== lastUfrag) restarted = true;
        lastUfrag = ufrag;
        if (!restarted) signal.sdp = withoutCandidates(signal.sdp);
        server.send(JSON.stringify(message));
      });
    });
  };
  return { on, restarted: () => restarted, dropped: () => dropped };
}

test('candidates lost on the way: the call restarts ICE and connects', async ({
  page: buyerPage,
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  test.slow();
  const id = await openTradeBetween(playwright.request, buyer, seller);
  const sellerPage = await personAt(browser, seller, desktop);
  const network = candidatesLostUntilRestart();
  await network.on(buyerPage);
  await network.on(sellerPage);
  await bothInRoom(buyerPage, sellerPage, buyer, seller, id);

  await startButton(buyerPage).click();
  await expect(callStatus(buyerPage)).toHaveText(m.states.waiting);
  await startButton(sellerPage).click();
  // Without an address of each other the link stays 'Conectando…'; after the bound, ICE starts again.
  for (const page of [buyerPage, sellerPage])
    await expect(callStatus(page)).toHaveText(m.states.connected, { timeout: 40_000 });
  expect(network.dropped()).toBeGreaterThan(0);
  expect(network.restarted()).toBe(true);
  await expect(personLine(sellerPage, buyer.nickname)).toContainText(m.inCall);
  await sellerPage.context().close();
});

test('a room told to resync reads again who is there and who is in the call', async ({
  page: buyerPage,
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  const id = await openTradeBetween(playwright.request, buyer, seller);
  const sellerPage = await personAt(browser, seller, desktop);
  // The seller's server loses its feed for a while: presence lists meant for the seller's tab never arrive.
  let losing = false;
  let sawBuyerInCall: () => void = () => {};
  const buyerInCallLost = new Promise<void>((resolve) => {
    sawBuyerInCall = resolve;
  });
  let toSellerTab: ((message: RealtimeMessage) => void) | null = null;
  await sellerPage.routeWebSocket(/\/ws(\?|$)/, (ws) => {
    const server = ws.connectToServer();
    toSellerTab = (message) => ws.send(JSON.stringify(message));
    server.onMessage((raw) => {
      const message = JSON.parse(String(raw)) as RealtimeMessage;
      if (losing && message.type === 'presence') {
        if (message.peers.some((peer) => peer.role === 'comprador' && peer.inCall)) sawBuyerInCall();
        return;
      }
      ws.send(raw);
    });
  });
  await sellerPage.goto(`/intermediacao/${id}`);
  await expect(personLine(sellerPage, seller.nickname)).toContainText('Vendedor(você)');

  losing = true;
  await buyerPage.goto(`/intermediacao/${id}`);
  await expect(personLine(buyerPage, seller.nickname)).toContainText('Vendedor');
  await startButton(buyerPage).click();
  await expect(callStatus(buyerPage)).toHaveText(m.states.waiting);
  await buyerInCallLost;
  await expect(personLine(sellerPage, buyer.nickname)).toHaveCount(0);

  // The feed is back and the server says so: the seller's room shows the buyer, in the call.
  losing = false;
  (toSellerTab as ((message: RealtimeMessage) => void) | null)?.({ type: 'resync' });
  await expect(personLine(sellerPage, buyer.nickname)).toContainText('Comprador');
  await expect(personLine(sellerPage, buyer.nickname)).toContainText(m.inCall);
  await expectNoSeriousA11yViolations(sellerPage);
  await screenshot(sellerPage, 'trade-call-resync-1440');
  await sellerPage.context().close();
});
