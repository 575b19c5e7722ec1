import { communityMessages as m } from '@shared/community-messages';
import { uniqueWord } from './support/browse';
import { apiAs, expect, test } from './support/fixtures';

const scrollWidth = (page: import('@playwright/test').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth);

test('at 390px the forum fits the screen and a post can be liked and commented', async ({
  page,
  playwright,
  member: _reader,
  otherMember,
}) => {
  test.slow(); // post, search, like and comment in one journey
  const word = uniqueWord();
  const title = `Guia completo ${word} de progressão no servidor S3 do DDtank para iniciantes`;
  const seller = await apiAs(playwright.request, otherMember);
  const response = await seller.post('/api/community/posts', {
    data: {
      title,
      category: 'ddtank',
      content: `Passo a passo:\n1. Missões diárias\n2. Dungeon\nLink longo: https://example.com/${'guia-'.repeat(30)}fim\n${'palavrasemespaco'.repeat(8)}`,
    },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await seller.dispose();

  await page.goto('/comunidade');
  await expect(page.getByRole('heading', { level: 1, name: 'Comunidade' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Lista de posts' })).toBeVisible();
  expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  await expect(page.getByRole('button', { name: 'Novo post' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Buscar posts' }).fill(word);
  await page.getByRole('searchbox', { name: 'Buscar posts' }).press('Enter');
  const card = page.getByRole('list', { name: 'Lista de posts' }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
  await card.getByRole('link', { name: title }).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comentários (0)' })).toBeVisible();
  expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

  const like = page.getByRole('button', { name: /^Curtir/ });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText('1');

  await page.getByLabel('Seu comentário').fill('Muito bom, obrigado pelo guia!');
  await page.getByRole('button', { name: 'Comentar' }).click();
  await expect(page.getByText(m.commentAdded)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comentários (1)' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Comentários' }).getByText('Muito bom, obrigado pelo guia!'),
  ).toBeVisible();
  expect(await scrollWidth(page)).toBeLessThanOrEqual(390);

  await page.goto(`/community/post/${id}`);
  await expect(page.getByRole('heading', { name: 'Comentários (1)' })).toBeVisible();
});

test('at 390px the new-post dialog fits and shows its messages', async ({ page, member: _author }) => {
  await page.goto('/comunidade');
  await page.getByRole('button', { name: 'Novo post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo post' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Publicar' }).click();
  await expect(dialog.getByText(m.titleRequired)).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  expect(await scrollWidth(page)).toBeLessThanOrEqual(390);
});
