import type { Page } from '@playwright/test';
import { bellLabel } from '@shared/notification-messages';
import { apiAs, expect, test } from './support/fixtures';
import { publishForOffers } from './support/offers';
import { personAt } from './support/people';

const actions = (page: Page) => page.getByRole('region', { name: 'Ações' });
const stateBadge = (page: Page, label: string) =>
  page.getByRole('region', { name: /^Intermediação / }).getByText(label, { exact: true });

test("a step the seller takes shows in the buyer's room and bell without a reload", async ({
  page: buyerPage,
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  const listing = await publishForOffers(playwright.request, seller, '150,00');
  const sellerApi = await apiAs(playwright.request, seller);
  expect(
    (
      await sellerApi.post('/api/pix-keys', {
        data: {
          type: 'email',
          key: `${seller.nickname.toLowerCase()}@exemplo.com.br`,
          password: seller.password,
        },
      })
    ).status(),
  ).toBe(201);
  await sellerApi.dispose();
  const buyerApi = await apiAs(playwright.request, buyer);
  const started = await buyerApi.post('/api/trades', { data: { listingId: listing.id } });
  expect(started.status()).toBe(201);
  const { id } = (await started.json()) as { id: number };
  const { unread } = (await (await buyerApi.get('/api/notifications/unread-count')).json()) as {
    unread: number;
  };
  await buyerApi.dispose();

  // Both in the same room, each in their own browser.
  await buyerPage.goto(`/intermediacao/${id}`);
  await expect(stateBadge(buyerPage, 'Aguardando confirmação do valor')).toBeVisible();
  await expect(buyerPage.getByRole('button', { name: bellLabel(unread) }).first()).toBeVisible();
  await buyerPage.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  const sellerPage = await personAt(browser, seller);
  // What the seller's tab hears and asks: its socket's messages, and its API calls in order.
  const heard: string[] = [];
  sellerPage.on('websocket', (socket) =>
    socket.on('framereceived', (frame) => heard.push(String(frame.payload))),
  );
  const sellerCalls: string[] = [];
  sellerPage.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) sellerCalls.push(`${request.method()} ${url.pathname}`);
  });
  await sellerPage.goto(`/intermediacao/${id}`);
  // The socket is open ('hello' follows the rereading every opening does): nothing is reread after this.
  await expect.poll(() => heard.some((message) => message.includes('"type":"hello"'))).toBe(true);

  // The seller confirms the value…
  await actions(sellerPage).getByRole('button', { name: 'Confirmar valor' }).click();
  await expect(stateBadge(sellerPage, 'Aguardando pagamento')).toBeVisible();
  // …the answer is the room after the step: the step's own live event rereads the chat (a system line) but not
  // the room.
  const afterStep = () => sellerCalls.slice(sellerCalls.indexOf(`POST /api/trades/${id}/value`));
  await expect
    .poll(() => heard.some((message) => message.includes(`{"type":"trade","tradeId":${id},`)))
    .toBe(true);
  await expect.poll(() => afterStep().includes(`GET /api/trades/${id}/chat`)).toBe(true);
  expect(afterStep().filter((call) => call === `GET /api/trades/${id}`)).toEqual([]);

  // …and the buyer's page moves on by itself: the state, the PIX charge, the bell and a toast.
  await expect(stateBadge(buyerPage, 'Aguardando pagamento')).toBeVisible();
  await expect(buyerPage.getByRole('img', { name: /QR Code/i })).toBeVisible();
  await expect(buyerPage.getByRole('button', { name: bellLabel(unread + 1) }).first()).toBeVisible();
  await expect(buyerPage.getByText(`Intermediação #${id}: ${listing.title}`)).toBeVisible();
  expect(await buyerPage.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
  await sellerPage.context().close();
});
