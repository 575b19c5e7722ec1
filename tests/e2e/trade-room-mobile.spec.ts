import type { Page } from '@playwright/test';
import { callMessages } from '@shared/call-messages';
import { tradeRecordingMessages as recordingMessages } from '@shared/trade-recording-messages';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, signInAs, test } from './support/fixtures';
import { publishForOffers } from './support/offers';
import { advanceTrade, openItemTrade, type TradeStage } from './support/trade-stages';

const guide = (page: Page) => page.getByRole('region', { name: /^(Etapa \d de 4|Andamento)/ });

/** The guide is whole in the first screen: under the top bar, above the bottom tab bar, with nothing scrolled. */
async function expectGuideInFirstScreen(page: Page) {
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = await guide(page).boundingBox();
  const tabBar = await page.getByRole('navigation', { name: 'Navegação inferior' }).boundingBox();
  expect(box).not.toBeNull();
  expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(
    tabBar?.y ?? page.viewportSize()?.height ?? 0,
  );
}

test('on a phone, the buyer starts a protected purchase and reads the PIX charge in the room', async ({
  page,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  test.slow();
  const listing = await publishForOffers(playwright.request, seller, '59,90');
  await page.goto(listing.path);
  await page
    .getByRole('button', { name: /Comprar agora/ })
    .last()
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Compra protegida/ })
    .click();
  await expect(page).toHaveURL(/\/intermediacao\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());

  const sellerApi = await apiAs(playwright.request, seller);
  expect((await sellerApi.post(`/api/trades/${id}/value`, { data: { amount: '59,90' } })).status()).toBe(200);
  await sellerApi.dispose();

  await page.reload();
  // Nobody scans their own screen: 'Copiar código PIX' is the first action, full width; the QR code waits.
  const copy = page.getByRole('button', { name: 'Copiar código PIX' });
  await expect(copy).toBeVisible();
  await expect(page.getByLabel(/PIX copia e cola/i)).toHaveValue(/^000201.*540559\.90/);
  const qr = page.getByRole('img', { name: /QR Code/i });
  await expect(qr).toBeHidden();
  const showQr = page.getByRole('button', { name: 'Mostrar QR code' });
  const [copyBox, showBox, fieldBox] = await Promise.all(
    [copy, showQr, page.getByLabel(/PIX copia e cola/i)].map((l) => l.boundingBox()),
  );
  expect(copyBox?.y ?? 0).toBeLessThan(showBox?.y ?? 0);
  expect(copyBox?.y ?? 0).toBeLessThan(fieldBox?.y ?? 0);
  expect(copyBox?.width ?? 0).toBeGreaterThanOrEqual((fieldBox?.width ?? 0) - 1);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await copy.click();
  await expect(page.getByRole('button', { name: 'Copiado!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^000201.*540559\.90/);
  await showQr.click();
  await expect(qr).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ocultar QR code' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(page.getByRole('region', { name: 'Participantes' }).getByText(buyer.nickname)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'trade-room-payment-mobile');
  await page.getByRole('region', { name: 'Etapas' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'trade-room-steps-mobile');

  await page.goto('/intermediacao');
  await expect(page.getByRole('link', { name: new RegExp(listing.title) }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'trades-list-mobile');
});

test('on a phone, a live call keeps its status and controls on screen, clear of toasts, anywhere on the page', async ({
  page: buyerPage,
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  test.slow();
  const listing = await publishForOffers(playwright.request, seller, '80,00');
  const buyerApi = await apiAs(playwright.request, buyer);
  const started = await buyerApi.post('/api/trades', { data: { listingId: listing.id } });
  expect(started.status()).toBe(201);
  const { id } = (await started.json()) as { id: number };
  await buyerApi.dispose();
  const sellerContext = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1440, height: 900 } });
  await signInAs(sellerContext, seller);
  const sellerPage = await sellerContext.newPage();

  const voice = (page: Page) => page.getByRole('region', { name: callMessages.heading });
  const status = (page: Page) =>
    voice(page).getByRole('status').filter({ hasNotText: recordingMessages.indicatorLabel });
  await buyerPage.goto(`/intermediacao/${id}`);
  await sellerPage.goto(`/intermediacao/${id}`);
  await expect(voice(buyerPage).getByRole('listitem').filter({ hasText: seller.nickname })).toBeVisible();
  // Far down the phone's page, under the chat and the steps.
  await voice(buyerPage).getByRole('button', { name: callMessages.start }).click();
  await expect(status(buyerPage)).toHaveText(callMessages.states.waiting);
  await voice(sellerPage).getByRole('button', { name: callMessages.start }).click();
  await expect(status(buyerPage)).toHaveText(callMessages.states.connected, { timeout: 20_000 });
  await expect(buyerPage.getByText(callMessages.joined).first()).toBeVisible();

  // Back at the top of the page: status, 'Gravando', mute and hang up are on screen, and nothing lies over them.
  await buyerPage.evaluate(() => window.scrollTo(0, 0));
  const recording = voice(buyerPage)
    .getByRole('status')
    .filter({ hasText: recordingMessages.indicatorLabel });
  await expect(recording).toBeVisible({ timeout: 15_000 });
  for (const target of [
    status(buyerPage),
    recording,
    voice(buyerPage).getByRole('button', { name: callMessages.mute }),
    voice(buyerPage).getByRole('button', { name: callMessages.hangUp }),
  ]) {
    await expect(target).toBeInViewport();
    const reached = await target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      const toasts = [...document.querySelectorAll('[data-sonner-toast]')].map((t) =>
        t.getBoundingClientRect(),
      );
      const overlapped = toasts.some(
        (t) => t.left < box.right && box.left < t.right && t.top < box.bottom && box.top < t.bottom,
      );
      return hit !== null && element.contains(hit) && !overlapped;
    });
    expect(reached).toBe(true);
  }
  await expectNoSeriousA11yViolations(buyerPage);
  await screenshot(buyerPage, 'trade-call-live-top-390');

  // Hanging up from the top of the page ends the call; the bar goes back into the room.
  await voice(buyerPage).getByRole('button', { name: callMessages.hangUp }).click();
  await expect(status(buyerPage)).toHaveText(callMessages.ended);
  await expect(voice(buyerPage).getByRole('button', { name: callMessages.again })).not.toBeInViewport();
  await sellerContext.close();
});

test('on a phone, the room says the step, what to do and until when in its first screen, and keeps it in sight', async ({
  page,
  playwright,
  member: buyer,
  otherMember: seller,
  staff,
}) => {
  test.slow();
  const people = { buyer, seller, staff };
  const { id, title } = await openItemTrade(playwright.request, buyer, seller);
  const expected: [TradeStage, RegExp | string, string][] = [
    ['opened', 'Etapa 1 de 4 · Confirmação do valor', 'O vendedor tem até'],
    ['valued', 'Etapa 2 de 4 · Confirmação do pagamento', 'Você tem até'],
    [
      'paid',
      'Etapa 3 de 4 · Confirmação da entrega',
      'Pagamento recebido — fica protegido até você confirmar',
    ],
    ['delivered', 'Etapa 3 de 4 · Confirmação da entrega', 'Confira o produto e confirme o recebimento'],
    ['confirmed', 'Etapa 4 de 4 · Liberação do pagamento', 'Compra concluída'],
    ['released', 'Andamento', 'Proteção encerrada'],
  ];
  let at: TradeStage = 'opened';
  for (const [stage, name, line] of expected) {
    await advanceTrade(playwright.request, people, id, at, stage);
    at = stage;
    await page.goto(`/intermediacao/${id}`);
    await expect(guide(page)).toHaveAccessibleName(name);
    await expect(guide(page)).toContainText(line);
    await expectGuideInFirstScreen(page);
    await screenshot(page, `trade-room-${stage}-390`);
    if (stage === 'valued') {
      // The title does not repeat the eyebrow's 'Intermediação'; a screen reader hears it once, in the heading.
      await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(`Intermediação ${title}`);
      const shownTitle = await page.getByRole('heading', { level: 1 }).evaluate((h1) =>
        [...h1.childNodes]
          .filter((node) => !(node instanceof HTMLElement && node.classList.contains('sr-only')))
          .map((node) => node.textContent)
          .join(''),
      );
      expect(shownTitle).toBe(title);
      // Scrolled down to the chat, the header stays under the top bar.
      await page.getByRole('region', { name: 'Chat da intermediação' }).scrollIntoViewIfNeeded();
      await expect(guide(page)).toBeInViewport({ ratio: 1 });
      await screenshot(page, 'trade-room-chat-390');
      await expectNoSeriousA11yViolations(page);
    }
    if (stage === 'confirmed' || stage === 'released') {
      await expect(
        page.getByText(/•••@exemplo\.com\.br|Chave PIX|Valor a enviar|Pagamento enviado ao vendedor/),
      ).toHaveCount(0);
    }
  }
  await expectNoSeriousA11yViolations(page);
});

test("on a phone, the room's skeleton paints before the room's code arrives", async ({
  page,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  const { id, title } = await openItemTrade(playwright.request, buyer, seller);
  const skeleton = page.getByRole('status', { name: 'Carregando intermediação' });
  let release = () => {};
  const hold = async () => {
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/TradeRoomPage-*.js', async (route) => {
      await held;
      await route.continue();
    });
  };

  // Opened from the list, the room's shape shows while its code is on the way.
  await hold();
  await page.goto('/intermediacao');
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(skeleton).toBeVisible();
  await screenshot(page, 'trade-room-skeleton-390');
  release();
  await expect(guide(page)).toBeVisible();
  await expect(skeleton).toHaveCount(0);

  // Opened from its address (a notification, a link sent by WhatsApp): the HTML brings the same shape.
  await page.unrouteAll();
  await hold();
  await page.goto(`/intermediacao/${id}`, { waitUntil: 'commit' });
  await expect(skeleton).toBeVisible();
  await expect(guide(page)).toHaveCount(0);
  release();
  await expect(guide(page)).toBeVisible();
  await expect(skeleton).toHaveCount(0);
});
