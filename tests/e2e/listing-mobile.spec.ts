import { makeImage } from '../helpers/images';
import { apiAs, expect, test } from './support/fixtures';

test('at 390px the buy bar sits above the tab bar while the buy box is off screen', async ({
  page,
  playwright,
  otherMember,
}) => {
  const seller = await apiAs(playwright.request, otherMember);
  const { games } = (await (await seller.get('/api/games')).json()) as {
    games: { id: number; slug: string }[];
  };
  const title = `Skin rara de Free Fire com um título bem comprido ${Date.now()}`;
  const published = await seller.post('/api/listings', {
    multipart: {
      gameId: String(games[0]?.id),
      kind: 'skins',
      title,
      description: 'Uma descrição longa. '.repeat(60),
      price: '1.299,00',
      quantity: '1',
      whatsapp: '11987654321',
      photos: {
        name: 'skin.png',
        mimeType: 'image/png',
        buffer: await makeImage({ width: 900, height: 600 }),
      },
    },
  });
  expect(published.status()).toBe(201);
  const { id } = (await published.json()) as { id: number };
  await seller.dispose();

  await page.goto(`/listing/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const tabs = page.getByRole('navigation', { name: 'Navegação inferior' });
  const bar = page.getByRole('region', { name: 'Compra rápida' });
  await page.getByRole('heading', { name: 'Descrição' }).scrollIntoViewIfNeeded();
  await expect(bar).toBeVisible();
  await expect(bar.getByText(/R\$\s1\.299,00/)).toBeVisible();
  const barBox = await bar.boundingBox();
  const tabsBox = await tabs.boundingBox();
  expect(barBox && tabsBox && barBox.y + barBox.height).toBeLessThanOrEqual(tabsBox?.y ?? 0);

  await bar.getByRole('button', { name: 'Comprar agora' }).click();
  await page
    .getByRole('dialog', { name: 'Como você quer comprar?' })
    .getByRole('button', { name: 'Falar pelo WhatsApp' })
    .click();
  await expect(page.getByText('Você precisa estar logado para ver informações de contato.')).toBeVisible();

  // With the buy box itself in view, and at the end of the page, the bar steps aside.
  await page
    .getByRole('region', { name: 'Compra', exact: true })
    .getByRole('button', { name: 'Comprar agora' })
    .scrollIntoViewIfNeeded();
  await expect(bar).toBeHidden();
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(bar).toBeHidden();
});
