import type { Page } from '@playwright/test';
import { accountMessages } from '@shared/account-messages';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { Seller, uniqueWord } from './support/browse';
import { expect, type Member, test } from './support/fixtures';
import { offerAs, publishForOffers } from './support/offers';
import { confirmationLinkFor } from './support/outbox';

// Issue 34: a guest asked to sign in comes back where they were, and the action they asked for resumes.

const buyBox = (page: Page) => page.getByRole('region', { name: 'Compra', exact: true });
const buyChoice = (page: Page) => page.getByRole('dialog', { name: 'Como você quer comprar?' });

async function signInWithForm(page: Page, member: Member) {
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Senha', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** A guest on the listing presses 'Comprar agora', then 'Compra protegida', then the toast's 'Entrar'. */
async function askToBuyAsGuest(page: Page, path: string) {
  await page.goto(path);
  await buyBox(page).getByRole('button', { name: 'Comprar agora' }).click();
  await buyChoice(page).getByRole('button', { name: 'Compra protegida' }).click();
  await page
    .locator('[data-sonner-toast]', { hasText: 'Você precisa estar logado para usar a intermediação.' })
    .getByRole('button', { name: 'Entrar' })
    .click();
}

test('a guest who taps "Compra protegida" signs in and is back on the listing with the buy choice open', async ({
  page,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  await page.context().clearCookies(); // a guest, who has an account
  const listing = await publishForOffers(playwright.request, seller);
  await askToBuyAsGuest(page, listing.path);

  await expect(page).toHaveURL(`/login?destino=${encodeURIComponent(`${listing.path}?acao=comprar`)}`);
  await expectNoSeriousA11yViolations(page);
  await signInWithForm(page, buyer);

  await expect(page).toHaveURL(listing.path); // the request to resume is spent
  await expect(buyChoice(page)).toBeVisible();
  await expect(buyChoice(page).getByRole('button', { name: 'Compra protegida' })).toBeVisible();
});

test('a Discord sign-in comes back through the OAuth callback to the listing, buy choice open', async ({
  page,
  playwright,
  otherMember: seller,
}) => {
  const listing = await publishForOffers(playwright.request, seller);
  await askToBuyAsGuest(page, listing.path);
  await page.getByRole('button', { name: 'Entrar com Discord' }).click(); // a local mock of Discord
  await expect(page).toHaveURL(listing.path);
  await expect(buyChoice(page)).toBeVisible();
});

test('a guest who signs up from a listing is brought back to it by the confirmation link, buy choice open', async ({
  page,
  playwright,
  otherMember: seller,
}) => {
  const listing = await publishForOffers(playwright.request, seller);
  await askToBuyAsGuest(page, listing.path);
  await page.getByRole('link', { name: 'Cadastre-se' }).click();
  await expect(page).toHaveURL(/\/register\?destino=/);
  // The address changes at once, but the login form stays until the sign-up page's code is in: its Email field
  // would take the first fill.
  await expect(page.getByRole('heading', { name: 'Criar conta' })).toBeVisible();

  const email = `volta${uniqueWord()}@teste.com.br`;
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Nickname', { exact: true }).fill(`Volta${uniqueWord()}`);
  await page.getByLabel('Senha', { exact: true }).fill('Senha@123');
  await page.getByLabel('Confirmar senha', { exact: true }).fill('Senha@123');
  await page.getByRole('button', { name: 'Criar conta' }).click();

  // 'Confirme seu email', naming the address, with the resend.
  await expect(page).toHaveURL(/\/confirme-email$/);
  await expect(page.getByRole('heading', { name: 'Confirme seu email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('O link vale por 24 horas.', { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const resend = page.getByRole('button', { name: 'Reenviar email' });
  await resend.click();
  await expect(
    page.getByRole('status').filter({ hasText: accountMessages.confirmationResent }),
  ).toBeVisible();
  // Again at once: the server's limit, in pt-BR, saying when.
  await resend.click();
  await expect(page.getByRole('alert')).toContainText(/Tente de novo em \d+ segundos?\./);

  await page.goto(await confirmationLinkFor(email));
  await expect(page.getByText('Email confirmado!')).toBeVisible();
  await expect(page).toHaveURL(listing.path);
  await expect(buyChoice(page)).toBeVisible();
});

test('a member whose session ended signs in from the offer and gets the offer dialog back', async ({
  page,
  context,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  const listing = await publishForOffers(playwright.request, seller);
  await page.goto(listing.path);
  await buyBox(page).getByRole('button', { name: 'Fazer oferta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fazer oferta' });
  await dialog.getByLabel('Sua oferta (R$)').fill('10');
  await context.clearCookies();
  await dialog.getByRole('button', { name: 'Enviar oferta' }).click();
  await page
    .locator('[data-sonner-toast]', { hasText: 'Você precisa estar logado para fazer uma oferta.' })
    .getByRole('button', { name: 'Entrar' })
    .click();
  await expect(page).toHaveURL(/\/login\?destino=/);
  await signInWithForm(page, buyer);
  await expect(page).toHaveURL(listing.path);
  await expect(dialog).toBeVisible();
});

test('a guest who presses a card’s heart signs in and finds the favourite saved', async ({
  page,
  playwright,
  member: buyer,
  otherMember,
}) => {
  await page.context().clearCookies();
  const word = uniqueWord();
  const seller = await Seller.as(playwright.request, otherMember);
  const title = `Skin favorita ${word}`;
  await seller.publish({ gameSlug: 'cs2', kind: 'skins', title, price: '19,90' });
  await seller.dispose();

  await page.goto(`/marketplace?q=${word}`);
  const card = page.getByRole('listitem').filter({ hasText: title });
  await card.getByRole('button', { name: 'Adicionar aos favoritos' }).click();
  await page
    .locator('[data-sonner-toast]', { hasText: 'Você precisa estar logado para favoritar produtos.' })
    .getByRole('button', { name: 'Entrar' })
    .click();
  await expect(page).toHaveURL(/\/login\?destino=/);
  await signInWithForm(page, buyer);

  await expect(page).toHaveURL(`/marketplace?q=${word}`);
  await expect(page.getByText('Adicionado aos favoritos')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Remover dos favoritos' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.reload();
  await expect(card.getByRole('button', { name: 'Remover dos favoritos' })).toBeVisible();
});

test('a return path to another site is ignored: the sign-in lands on /home', async ({ page, member }) => {
  await page.context().clearCookies();
  await page.goto(`/login?destino=${encodeURIComponent('//evil.example/home')}`);
  await signInWithForm(page, member);
  await expect(page).toHaveURL(/\/home$/);
});

test('sign-in errors are said at the form; an unconfirmed account is offered the resend', async ({
  page,
  otherMember,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(otherMember.email);
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  const form = page.locator('form');
  await expect(form.getByRole('alert')).toContainText('Erro no login');
  await expect(form.getByRole('alert')).toContainText(accountMessages.invalidCredentials);
  await expectNoSeriousA11yViolations(page);

  // An account waiting for its confirmation.
  const email = `espera${uniqueWord()}@teste.com.br`;
  await page.goto('/register');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Nickname', { exact: true }).fill(`Espera${uniqueWord()}`);
  await page.getByLabel('Senha', { exact: true }).fill('Senha@123');
  await page.getByLabel('Confirmar senha', { exact: true }).fill('Senha@123');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/confirme-email$/);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('Senha@123');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(form.getByRole('alert')).toContainText(accountMessages.emailNotConfirmed);
  await form.getByRole('link', { name: 'Reenviar email de confirmação' }).click();
  await expect(page).toHaveURL(/\/confirme-email$/);
  await expect(page.getByText(email)).toBeVisible();
});

test('the sign-up says what it enforces: consent links, the password rule, a nickname without spaces', async ({
  page,
}) => {
  await page.goto('/register');
  const form = page.locator('form');
  await expect(form.getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute('href', '/termos-uso');
  await expect(form.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute(
    'href',
    '/privacidade',
  );
  await expect(page.getByRole('list', { name: 'Requisito da senha' })).toContainText(
    'Pelo menos 6 caracteres (obrigatório)',
  );
  await page.getByLabel('Email', { exact: true }).fill(`espaco${uniqueWord()}@teste.com.br`);
  await page.getByLabel('Nickname', { exact: true }).fill('Pedro Gamer');
  await page.getByLabel('Senha', { exact: true }).fill('Senha@123');
  await page.getByLabel('Confirmar senha', { exact: true }).fill('Senha@123');
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByLabel('Nickname', { exact: true })).toHaveAccessibleDescription(
    accountMessages.nicknameSpaces,
  );
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('link', { name: 'Termos de Uso' }).click();
  await expect(page).toHaveURL('/termos-uso');
});

test('the footer and /sobre name the company only as configured', async ({ page }) => {
  await page.goto('/sobre');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('navigation', { name: 'Institucional' })).toBeVisible();
  await expect(footer).not.toContainText('CNPJ');
  await expect(page.getByRole('main')).not.toContainText('CNPJ');

  // An operator's COMPANY_NAME, COMPANY_CNPJ and SUPPORT_EMAIL, as GET /api/contact gives them.
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      json: {
        email: 'contato@mercadogamer.com.br',
        whatsapp: null,
        security: null,
        companyName: 'Mercado Gamer Ltda.',
        companyCnpj: '11.222.333/0001-81',
      },
    }),
  );
  await page.reload();
  await expect(footer).toContainText('Mercado Gamer Ltda. · CNPJ 11.222.333/0001-81 · Contato:');
  await expect(footer.getByRole('link', { name: 'contato@mercadogamer.com.br' })).toHaveAttribute(
    'href',
    'mailto:contato@mercadogamer.com.br',
  );
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Quem responde pelo Mercado Gamer' })).toBeVisible();
  await expect(main).toContainText('CNPJ: 11.222.333/0001-81');
  await expectNoSeriousA11yViolations(page);
});

test('Minhas Ofertas opens on the tab that has offers', async ({
  page,
  playwright,
  member: buyer,
  otherMember: seller,
}) => {
  const listing = await publishForOffers(playwright.request, seller);
  await offerAs(playwright.request, buyer, listing.id, '100');
  await page.goto('/minhas-ofertas');
  await expect(page.getByRole('tab', { name: 'Enviadas' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText(listing.title);
  await page.getByRole('tab', { name: 'Recebidas' }).click();
  await expect(page).toHaveURL('/minhas-ofertas?aba=recebidas');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Recebidas' })).toHaveAttribute('aria-selected', 'true');
});

test('a seal page’s heading names the seal once, and the empty intermediation list points down to the picker', async ({
  page,
  member: _signedIn,
}) => {
  await page.goto('/selos/ouro');
  await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName('Selo Ouro');
  await page.goto('/intermediacao');
  await expect(
    page.getByText('Escolha um produto abaixo para comprar com a proteção da intermediação.'),
  ).toBeVisible();
});
