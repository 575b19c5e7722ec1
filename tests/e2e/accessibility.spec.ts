import type { APIRequest, Page } from '@playwright/test';
import { accountMessages } from '@shared/account-messages';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { Seller, uniqueWord } from './support/browse';
import { apiAs, expect, type Member, test } from './support/fixtures';

/** No serious or critical WCAG 2.x A/AA violation on the main pages, once what the user came for shows. */

async function publishPost(request: APIRequest, author: Member, title: string): Promise<number> {
  const api = await apiAs(request, author);
  const response = await api.post('/api/community/posts', {
    data: { title, category: 'dicas', content: 'Junte as pedras da semana e faça o upgrade no sábado.' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await api.dispose();
  return id;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

test('home', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByRole('list', { name: 'Produtos em Destaque' }).getByRole('listitem')).toHaveCount(
    12,
  );
  await expectNoSeriousA11yViolations(page);
});

test('welcome page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Olá, Jogador' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('marketplace with results and filters', async ({ page }) => {
  await page.goto('/marketplace');
  await expect(heading(page, 'Marketplace')).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Produtos', exact: true }).getByRole('listitem').first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('category page', async ({ page }) => {
  await page.goto('/categoria/free-fire');
  await expect(heading(page, 'Free Fire')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Anúncios de Free Fire' }).getByRole('listitem')).toHaveCount(
    12,
  );
  await expectNoSeriousA11yViolations(page);
});

test('listing page, signed in as a buyer', async ({ page, playwright, member: _buyer, otherMember }) => {
  const seller = await Seller.as(playwright.request, otherMember);
  const title = `Conta ${uniqueWord()} Imortal`;
  const id = await seller.publish({ gameSlug: 'valorant', kind: 'accounts', title, price: '349,90' });
  await seller.dispose();
  await page.goto(`/listing/${id}`);
  await expect(heading(page, title)).toBeVisible();
  await expect(page.getByRole('img', { name: `${title} - Foto 1` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Perguntas e comentários' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('search page', async ({ page }) => {
  await page.goto('/search');
  await expect(page.getByRole('list', { name: 'Buscas populares' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('login and register', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // With the form's errors showing.
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByText(accountMessages.required).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Criar conta' })).toBeVisible();
  await page.getByLabel('Senha', { exact: true }).fill('abc');
  await expect(page.getByRole('list', { name: 'Sugestões para a senha' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('publish dialog', async ({ page, member: _seller }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Serviços' }).click();
  await page.getByRole('menuitem', { name: 'Publicar Produto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publicar Item/Conta' });
  await expect(dialog.getByLabel('Título', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // With the messages of an incomplete form.
  await dialog.getByRole('button', { name: 'Publicar Item' }).click();
  await expect(dialog.getByText('Adicione pelo menos uma imagem do seu produto.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('community list and a post', async ({ page, playwright, member: _reader, otherMember }) => {
  const title = `Guia ${uniqueWord()} de upgrade`;
  const id = await publishPost(playwright.request, otherMember, title);
  await page.goto('/comunidade');
  await expect(
    page.getByRole('list', { name: 'Lista de posts' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/community/post/${id}`);
  await expect(heading(page, title)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comentários (0)' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('groups directory and a group dialog', async ({ page }) => {
  await page.goto('/community-groups');
  await expect(page.getByRole('list', { name: 'Grupos', exact: true }).getByRole('listitem')).toHaveCount(18);
  await expectNoSeriousA11yViolations(page);
  await page
    .getByRole('list', { name: 'Grupos', exact: true })
    .getByRole('button', { name: 'CS2 Skins VIP' })
    .click();
  await expect(page.getByRole('dialog', { name: 'CS2 Skins VIP' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('discord page', async ({ page }) => {
  await page.goto('/discord');
  await expect(page.getByRole('link', { name: 'Entrar no Discord' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
