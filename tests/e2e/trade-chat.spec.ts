import type { Page } from '@playwright/test';
import { tradeChatMessages as m } from '@shared/trade-chat-messages';
import { makeImage } from '../helpers/images';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, test } from './support/fixtures';
import { publishForOffers } from './support/offers';
import { personAt, phone } from './support/people';

const chat = (page: Page) => page.getByRole('region', { name: 'Chat da intermediação' });
const lines = (page: Page) => chat(page).getByRole('region', { name: 'Mensagens' });
const composer = (page: Page) => chat(page).getByLabel('Mensagem', { exact: true });

test('buyer and seller write in the room: messages arrive live, a phone number gets the warning, reads show', async ({
  page: buyerPage,
  browser,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  const listing = await publishForOffers(playwright.request, seller, '80,00');
  const buyerApi = await apiAs(playwright.request, buyer);
  const started = await buyerApi.post('/api/trades', { data: { listingId: listing.id } });
  expect(started.status()).toBe(201);
  const { id } = (await started.json()) as { id: number };
  await buyerApi.dispose();

  await buyerPage.goto(`/intermediacao/${id}`);
  await expect(lines(buyerPage).getByText('Etapa:')).toBeVisible();
  await buyerPage.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  const sellerPage = await personAt(browser, seller, phone);
  await sellerPage.goto(`/intermediacao/${id}`);
  await expect(lines(sellerPage).getByText('Etapa:')).toBeVisible();

  // An empty message is refused in pt-BR, nothing sent.
  await chat(buyerPage).getByRole('button', { name: 'Enviar' }).click();
  await expect(chat(buyerPage).getByRole('alert')).toHaveText(m.bodyRequired);

  // The buyer writes (Shift+Enter breaks the line, Enter sends)…
  await composer(buyerPage).fill('Olá! A conta ainda tem');
  await composer(buyerPage).press('Shift+Enter');
  await composer(buyerPage).pressSequentially('todas as skins?');
  await composer(buyerPage).press('Enter');
  await expect(composer(buyerPage)).toHaveValue('');
  await expect(lines(buyerPage).getByText('Você')).toBeVisible();

  // …and the seller's phone shows it without a reload, with the buyer's name and role.
  const arrived = lines(sellerPage).getByText('Olá! A conta ainda tem\ntodas as skins?');
  await expect(arrived).toBeVisible();
  await expect(lines(sellerPage).getByText(buyer.nickname, { exact: false }).first()).toBeVisible();
  await expect(lines(sellerPage).getByText('Comprador', { exact: false }).first()).toBeVisible();

  // The seller reads it (the chat on their screen): the buyer's own message turns "Lida".
  await lines(sellerPage).scrollIntoViewIfNeeded();
  await expect(lines(buyerPage).getByText(/· Lida$/)).toBeVisible();

  // The seller answers with a phone number: both sides get the warning line, the message is kept.
  await composer(sellerPage).fill('Tem sim! Me chama no zap (11) 98765-4321');
  await chat(sellerPage).getByRole('button', { name: 'Enviar' }).click();
  for (const page of [sellerPage, buyerPage]) {
    await expect(lines(page).getByText('Tem sim! Me chama no zap (11) 98765-4321')).toBeVisible();
    await expect(lines(page).getByText(m.offPlatformWarning)).toBeVisible();
  }
  // Announced politely to the buyer.
  await expect(chat(buyerPage).locator('[aria-live="polite"]')).toHaveText(m.offPlatformWarning);
  expect(await buyerPage.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );

  // An image with a caption: a thumbnail on both sides, opening the full size.
  await chat(buyerPage)
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'inventario.png',
      mimeType: 'image/png',
      buffer: await makeImage({ width: 900, height: 500 }),
    });
  await expect(chat(buyerPage).getByText('inventario.png')).toBeVisible();
  await composer(buyerPage).fill('Print do inventário');
  await composer(buyerPage).press('Enter');
  const thumbnail = lines(sellerPage).getByRole('img', { name: /^Imagem enviada por / });
  await expect(thumbnail).toBeVisible();
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await expect(lines(sellerPage).getByRole('link', { name: /^Imagem enviada por / })).toHaveAttribute(
    'href',
    /\/chat\/\d+\/image\?w=1280$/,
  );
  await expect(lines(buyerPage).getByText('Print do inventário')).toBeVisible();

  await chat(buyerPage).scrollIntoViewIfNeeded();
  await screenshot(buyerPage, 'trade-chat-desktop');
  await chat(sellerPage).scrollIntoViewIfNeeded();
  await screenshot(sellerPage, 'trade-chat-mobile');
  await expectNoSeriousA11yViolations(buyerPage);
  await expectNoSeriousA11yViolations(sellerPage);
  await sellerPage.context().close();
});
