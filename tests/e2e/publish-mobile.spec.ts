import { makeImage } from '../helpers/images';
import { expect, test } from './support/fixtures';

test('at 390px the seller publishes from the Serviços button with a photo', async ({
  page,
  member: _seller,
}) => {
  await page.goto('/home');
  await page
    .getByRole('navigation', { name: 'Navegação inferior' })
    .getByRole('button', { name: 'Serviços' })
    .click();
  await page
    .getByRole('dialog', { name: 'Serviços' })
    .getByRole('link', { name: 'Publicar Produto' })
    .click();
  await expect(page).toHaveURL(/\/publish$/);

  const title = `Diamantes Free Fire ${Math.random().toString(36).slice(2, 7)}`;
  await page.getByLabel('Fotos', { exact: true }).setInputFiles({
    name: 'foto.png',
    mimeType: 'image/png',
    buffer: await makeImage({ width: 400, height: 300 }),
  });
  await expect(page.getByRole('img', { name: 'Foto 1' })).toBeVisible();
  await page.getByLabel('Jogo', { exact: true }).selectOption({ label: 'Free Fire' });
  await page.getByLabel('Título', { exact: true }).fill(title);
  await page.getByLabel('Descrição', { exact: true }).fill('1060 diamantes entregues pelo ID do jogador.');
  await page.getByLabel('Preço (R$)', { exact: true }).fill('39.90');
  await page.getByLabel('Quantidade', { exact: true }).fill('5');
  await page.getByLabel('WhatsApp', { exact: true }).fill('21 99876-5432');
  await page.getByRole('button', { name: 'Publicar Item' }).click();

  await expect(page.getByText('Produto publicado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/listing\/\d+$/);
  await expect(
    page
      .getByRole('region', { name: 'Seu anúncio está no ar!' })
      .getByRole('button', { name: 'Compartilhar' }),
  ).toBeVisible();
  const mine = await (await page.request.get('/api/listings/mine?limit=1')).json();
  expect(mine.items[0]).toMatchObject({ title, priceCents: 3990, quantity: 5 });
});
