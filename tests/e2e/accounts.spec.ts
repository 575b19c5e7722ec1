import { accountMessages } from '@shared/account-messages';
import { settingsMessages } from '@shared/settings-messages';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { expect, signInAs, test } from './support/fixtures';
import { confirmationLinkFor } from './support/outbox';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function fillRegister(
  page: import('@playwright/test').Page,
  data: { email: string; nickname: string; password: string; confirm: string; mainGame?: string | null },
) {
  await page.goto('/register');
  await page.getByLabel('Email', { exact: true }).fill(data.email);
  await page.getByLabel('Nickname', { exact: true }).fill(data.nickname);
  const mainGame = data.mainGame === undefined ? 'Valorant' : data.mainGame;
  if (mainGame) await page.getByLabel('Jogo principal (opcional)').selectOption({ label: mainGame });
  await page.getByLabel('Senha', { exact: true }).fill(data.password);
  await page.getByLabel('Confirmar senha', { exact: true }).fill(data.confirm);
  await page.getByRole('button', { name: 'Criar conta' }).click();
}

test('a new user registers, confirms by e-mail, logs in, opens the user menu and logs out', async ({
  page,
}) => {
  test.slow(); // the whole account journey: register, mail, confirm, log out, log in
  const email = `novo${unique()}@teste.com.br`;
  await fillRegister(page, { email, nickname: 'NovaJogadora', password: 'Senha@123', confirm: 'Senha@123' });
  await expect(page.getByText('Conta criada com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/confirme-email$/);
  await expect(page.getByRole('heading', { name: 'Confirme seu email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  // Not confirmed yet: the spec's message, at the form.
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('Senha@123');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByText(accountMessages.emailNotConfirmed)).toBeVisible();

  // The link from the outbox signs the user in.
  await page.goto(await confirmationLinkFor(email));
  await expect(page.getByText('Email confirmado!')).toBeVisible();
  await expect(page.getByText('Sua conta foi ativada com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);

  // Log out, then back in with the form.
  await page.getByRole('button', { name: 'NovaJogadora' }).click();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText(/Membro desde \w+ de \d{4}/)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sair da Conta' }).click();
  await expect(page.getByText('Logout realizado')).toBeVisible();
  await expect(page.getByText('Até logo!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('Senha@123');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);

  await page.getByRole('button', { name: 'NovaJogadora' }).click();
  for (const item of [
    'Ver Perfil Completo',
    'Ver Meus Produtos',
    'Minhas Ofertas',
    'Pagamentos',
    'Configurações',
    'Sair da Conta',
  ]) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await expect(page.getByRole('menuitem', { name: 'Ver Perfil Completo' })).toHaveAttribute(
    'href',
    '/perfil',
  );
});

test('a tampered confirmation link says it is invalid and signs nobody in', async ({ page }) => {
  const email = `falso${unique()}@teste.com.br`;
  await fillRegister(page, { email, nickname: 'Falso', password: 'Senha@123', confirm: 'Senha@123' });
  await expect(page.getByText('Conta criada com sucesso!')).toBeVisible();
  const link = new URL(await confirmationLinkFor(email));
  link.searchParams.set('token', `${link.searchParams.get('token')}x`);
  await page.goto(link.toString());
  await expect(page.getByText(accountMessages.confirmationLinkInvalid)).toBeVisible();
  await expect(page.getByText('Email confirmado!')).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();
});

test('the main game is optional', async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByLabel('Jogo principal (opcional)')).toHaveValue('');
  await fillRegister(page, {
    email: `semjogo${unique()}@teste.com.br`,
    nickname: 'SemJogo',
    password: 'Senha@123',
    confirm: 'Senha@123',
    mainGame: null,
  });
  await expect(page.getByText('Conta criada com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/confirme-email$/);
});

test.describe('register errors', () => {
  test('passwords that differ', async ({ page }) => {
    await fillRegister(page, {
      email: `a${unique()}@teste.com`,
      nickname: 'X',
      password: 'Senha@123',
      confirm: 'Senha@124',
    });
    await expect(page.getByText('Erro: As senhas não coincidem')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('a password under 6 characters, with the checklist shown but not enforced', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Senha', { exact: true }).fill('abc');
    const checklist = page.getByRole('list', { name: 'Sugestões para a senha' });
    await expect(checklist).toContainText('Letra maiúscula');
    await fillRegister(page, {
      email: `b${unique()}@teste.com`,
      nickname: 'X',
      password: 'abc12',
      confirm: 'abc12',
    });
    await expect(page.getByText('A senha deve ter pelo menos 6 caracteres')).toBeVisible();
  });

  test('an e-mail already registered', async ({ page, otherMember }) => {
    await fillRegister(page, {
      email: otherMember.email,
      nickname: 'Outro',
      password: 'Senha@123',
      confirm: 'Senha@123',
    });
    await expect(page.getByText('Erro no registro')).toBeVisible();
    await expect(page.getByText('Este email já está cadastrado').first()).toBeVisible();
  });
});

test('a nickname already taken, in another letter case, is refused under its field', async ({
  page,
  otherMember,
}) => {
  const email = `ocupado${unique()}@teste.com.br`;
  await fillRegister(page, {
    email,
    nickname: otherMember.nickname.toUpperCase(),
    password: 'Senha@123',
    confirm: 'Senha@123',
  });
  const nickname = page.getByLabel('Nickname', { exact: true });
  await expect(nickname).toHaveAccessibleDescription(settingsMessages.usernameTaken);
  await expect(nickname).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/register$/);
  await expectNoSeriousA11yViolations(page);

  await nickname.fill(`${otherMember.nickname}2`);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText('Conta criada com sucesso!')).toBeVisible();
});

test.describe('login', () => {
  test('wrong password', async ({ page, otherMember }) => {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(otherMember.email);
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText('Erro no login')).toBeVisible();
    await expect(page.getByText('Email ou senha incorretos')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('empty fields are required', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(page.getByText(accountMessages.required).first()).toBeVisible();
  });

  test('a signed-in user opening /login or /register goes to /home', async ({ page, member }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('button', { name: member.nickname })).toBeVisible();
  });

  test('staff see the Equipe badge in the user menu', async ({ page, staff }) => {
    await signInAs(page.context(), staff);
    await page.goto('/home');
    await page.getByRole('button', { name: staff.nickname }).click();
    await expect(page.getByRole('menu').getByText('Equipe', { exact: true })).toBeVisible();
  });
});

test.describe('Discord', () => {
  test('signs in through the OAuth2 flow (a local mock of Discord)', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar com Discord' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('button', { name: 'Discordiano' })).toBeVisible();
  });

  test('shows no Discord option when Discord login is not configured', async ({ page }) => {
    await page.route('**/api/accounts/providers', (route) => route.fulfill({ json: { discord: false } }));
    for (const path of ['/register', '/login']) {
      const providers = page.waitForResponse('**/api/accounts/providers');
      await page.goto(path);
      await providers;
      await expect(page.getByRole('button', { name: /Criar conta|^Entrar$/ })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Entrar com Discord' })).toHaveCount(0);
      await expect(page.getByText('ou', { exact: true })).toHaveCount(0);
    }
  });
});
