import type { APIRequest, Browser, Page } from '@playwright/test';
import { communityMessages as m } from '@shared/community-messages';
import { uniqueWord } from './support/browse';
import { apiAs, expect, type Member, signInAs, test } from './support/fixtures';

/** Publishes a post as `account` through the API; returns its id. */
async function publishPost(
  request: APIRequest,
  account: Member,
  post: { title: string; category: string; content: string },
): Promise<number> {
  const api = await apiAs(request, account);
  const response = await api.post('/api/community/posts', { data: post });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await api.dispose();
  return id;
}

/** A second browser, signed in as `account`, failing the test on its console errors like the main page. */
async function otherBrowser(browser: Browser, account: Member) {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'pt-BR' });
  await signInAs(context, account);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    page,
    close: async () => {
      await context.close();
      expect(errors, 'console errors in the second browser').toEqual([]);
    },
  };
}

const likeButton = (page: Page) => page.getByRole('button', { name: /^Curtir/ });
const postCard = (page: Page, title: string) =>
  page.getByRole('list', { name: 'Lista de posts' }).getByRole('listitem').filter({ hasText: title });

test('a member writes a post, another likes and comments, and the author cleans up', async ({
  page,
  browser,
  member,
  otherMember,
}) => {
  test.slow(); // two browsers and a dozen round trips
  await page.goto('/comunidade');
  await expect(page.getByRole('heading', { level: 1, name: 'Comunidade' })).toBeVisible();
  await expect(page).toHaveTitle('Comunidade | Mercado Gamer');

  await page.getByRole('button', { name: 'Novo post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo post' });
  await expect(dialog).toBeVisible();

  // The shared schema's messages, under each field, before anything is sent.
  await dialog.getByRole('button', { name: 'Publicar' }).click();
  await expect(dialog.getByText(m.titleRequired)).toBeVisible();
  await expect(dialog.getByText(m.invalidCategory)).toBeVisible();
  await expect(dialog.getByText(m.contentRequired)).toBeVisible();
  await dialog.getByLabel('Título').fill('Oi');
  await dialog.getByRole('button', { name: 'Publicar' }).click();
  await expect(dialog.getByText(m.titleTooShort)).toBeVisible();

  const title = `Guia de upgrade de armas ${Date.now()}`;
  await dialog.getByLabel('Título').fill(title);
  await dialog.getByLabel('Categoria').selectOption({ label: 'Dicas' });
  await dialog
    .getByLabel('Conteúdo')
    .fill(
      'Primeiro junte as pedras da semana.\nDetalhes em https://example.com/guia-upgrade.\n<script>window.__pwned = true</script><img src=x onerror="window.__pwned = true">',
    );
  await dialog.getByRole('button', { name: 'Publicar' }).click();

  await expect(page.getByText(m.postCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/community\/post\/\d+$/);
  const postPath = new URL(page.url()).pathname;
  const article = page.getByRole('article');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(article.getByText('Dicas', { exact: true })).toBeVisible();
  await expect(article.getByText(member.nickname)).toBeVisible();
  // Plain text: the markup shows as typed, the address is the only thing turned into a link.
  await expect(article.getByText('<script>window.__pwned = true</script>', { exact: false })).toBeVisible();
  const link = article.getByRole('link', { name: 'https://example.com/guia-upgrade' });
  await expect(link).toHaveAttribute('href', 'https://example.com/guia-upgrade');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  expect(await article.locator('script, img').count()).toBe(0);
  expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
  await expect(page.getByRole('heading', { name: 'Comentários (0)' })).toBeVisible();
  await expect(page.getByText(m.noComments)).toBeVisible();
  // The author deletes but does not report their own post.
  await expect(page.getByRole('button', { name: 'Denunciar' })).toHaveCount(0);

  // Another member, in another browser, finds it on the list.
  const buyer = await otherBrowser(browser, otherMember);
  const other = buyer.page;
  await other.goto('/comunidade');
  await expect(postCard(other, title)).toContainText('0 curtidas');
  await postCard(other, title).getByRole('link', { name: title }).click();
  await expect(other).toHaveURL(postPath);
  await expect(other.getByRole('button', { name: 'Excluir post' })).toHaveCount(0);

  const like = likeButton(other);
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveText('0');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveText('1');
  await other.reload();
  await expect(likeButton(other)).toHaveAttribute('aria-pressed', 'true');
  await expect(likeButton(other)).toHaveText('1');

  // A blank comment is stopped in the browser; a real one shows at once.
  await other.getByRole('button', { name: 'Comentar' }).click();
  await expect(other.getByText(m.commentRequired)).toBeVisible();
  await other.getByLabel('Seu comentário').fill('Valeu! Subi minha arma para +12 seguindo o guia.');
  await other.getByRole('button', { name: 'Comentar' }).click();
  await expect(other.getByText(m.commentAdded)).toBeVisible();
  await expect(other.getByRole('heading', { name: 'Comentários (1)' })).toBeVisible();
  const comments = other.getByRole('list', { name: 'Comentários' });
  await expect(comments.getByText('Valeu! Subi minha arma para +12 seguindo o guia.')).toBeVisible();
  await expect(comments.getByText(otherMember.nickname)).toBeVisible();
  await expect(other.getByLabel('Seu comentário')).toHaveValue('');

  // A comment can be taken back by its writer; the count follows.
  await other.getByLabel('Seu comentário').fill('Comentário no post errado, foi mal.');
  await other.getByRole('button', { name: 'Comentar' }).click();
  await expect(other.getByRole('heading', { name: 'Comentários (2)' })).toBeVisible();
  const mistake = comments.getByRole('listitem').filter({ hasText: 'Comentário no post errado' });
  await mistake.getByRole('button', { name: 'Excluir comentário' }).click();
  await other
    .getByRole('dialog', { name: 'Excluir comentário?' })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(other.getByText(m.commentDeleted)).toBeVisible();
  await expect(other.getByRole('heading', { name: 'Comentários (1)' })).toBeVisible();
  await expect(mistake).toHaveCount(0);

  // Back on the list, the counts are the new ones.
  await other.getByRole('link', { name: 'Voltar' }).click();
  await expect(other).toHaveURL(/\/community$/);
  await expect(postCard(other, title)).toContainText('1 curtida');
  await expect(postCard(other, title)).toContainText('1 comentário');
  await buyer.close();

  // The author sees the new count and like, may not delete someone else's comment, and deletes the post.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Comentários (1)' })).toBeVisible();
  await expect(likeButton(page)).toHaveText('1');
  await expect(page.getByRole('button', { name: 'Excluir comentário' })).toHaveCount(0);

  // Cancelling the confirmation gives focus back to the button that asked for it.
  const deletePost = page.getByRole('button', { name: 'Excluir post' });
  await deletePost.click();
  await page.getByRole('dialog', { name: 'Excluir post?' }).getByRole('button', { name: 'Cancelar' }).click();
  await expect(deletePost).toBeFocused();
  await deletePost.click();
  await page.getByRole('dialog', { name: 'Excluir post?' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText(m.postDeleted)).toBeVisible();
  await expect(page).toHaveURL(/\/comunidade$/);
  await expect(page.getByRole('list', { name: 'Lista de posts' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);

  await page.goto(postPath);
  await expect(page.getByRole('heading', { name: m.postNotFound })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar', exact: true })).toHaveAttribute('href', '/community');
});

test('a guest reads a post and is asked to log in to like, comment or write', async ({
  page,
  playwright,
  otherMember,
}) => {
  const title = `Evento de fim de semana no S3 ${Date.now()}`;
  const id = await publishPost(playwright.request, otherMember, {
    title,
    category: 'ddtank',
    content: 'Alguém sabe o horário do evento?\nQuero juntar cupons.',
  });

  await page.goto(`/community/post/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('DDtank Brasil S3', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar', exact: true })).toHaveAttribute('href', '/community');

  await likeButton(page).click();
  await expect(page.getByText(m.likeLoginRequired)).toBeVisible();
  await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(likeButton(page)).toHaveText('0');

  await expect(page.getByText(m.commentLoginRequired)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Entrar' })).toHaveAttribute(
    'href',
    '/login',
  );
  await expect(page.getByRole('button', { name: 'Comentar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Denunciar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Excluir post' })).toHaveCount(0);

  await page.goto('/comunidade');
  await page.getByRole('button', { name: 'Novo post' }).click();
  await expect(page.getByText(m.postLoginRequired)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/community/post/999999');
  await expect(page.getByRole('heading', { name: m.postNotFound })).toBeVisible();
});

test('category tabs and the search narrow the list, and the URL keeps them', async ({
  page,
  playwright,
  member,
  otherMember,
}) => {
  const word = uniqueWord();
  const tip = `Dica ${word} para farmar ouro`;
  const help = `Ajuda ${word} com a conta`;
  await publishPost(playwright.request, otherMember, {
    title: tip,
    category: 'dicas',
    content: 'Farme na dungeon.',
  });
  await publishPost(playwright.request, member, {
    title: help,
    category: 'suporte',
    content: 'Não entro.',
  });

  await page.goto('/comunidade');
  await page.getByRole('searchbox', { name: 'Buscar posts' }).fill(word);
  await page
    .getByRole('search', { name: 'Buscar na comunidade' })
    .getByRole('button', { name: 'Buscar' })
    .click();
  await expect(page).toHaveURL(new RegExp(`busca=${word}`));
  const list = page.getByRole('list', { name: 'Lista de posts' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  // Newest first.
  await expect(list.getByRole('listitem').first()).toContainText(help);
  await expect(page.getByText(`2 posts para “${word}”`)).toBeVisible();

  const tabs = page.getByRole('navigation', { name: 'Categorias' });
  await tabs.getByRole('link', { name: 'Suporte' }).click();
  await expect(page).toHaveURL(/categoria=suporte/);
  await expect(tabs.getByRole('link', { name: 'Suporte' })).toHaveAttribute('aria-current', 'page');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(help);
  await expect(list.getByRole('listitem').first()).toContainText('Suporte');

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Buscar posts' })).toHaveValue(word);
  await expect(list.getByRole('listitem')).toHaveCount(1);

  await tabs.getByRole('link', { name: 'Geral' }).click();
  await expect(page.getByText(m.noPosts)).toBeVisible();
  await page.goBack();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText(help);

  await tabs.getByRole('link', { name: 'Todos' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Limpar busca' }).click();
  await expect(page).toHaveURL(/\/comunidade$/);
});

test('a member reports a post once; the second report is refused', async ({
  page,
  playwright,
  member: _reporter,
  otherMember,
}) => {
  const title = `Vendo conta barata chama no zap ${Date.now()}`;
  const id = await publishPost(playwright.request, otherMember, {
    title,
    category: 'geral',
    content: 'Chama no privado.',
  });
  await page.goto(`/community/post/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Excluir post' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Denunciar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Denunciar post' });
  await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(dialog.getByText(m.reportReasonRequired)).toBeVisible();
  await dialog.getByRole('radio', { name: 'Golpe ou tentativa de fraude' }).check();
  await dialog.getByLabel('Detalhes').fill('Pede para negociar fora da plataforma.');
  await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(page.getByText(m.reportSent)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Denunciar' }).click();
  await dialog.getByRole('radio', { name: 'Spam ou propaganda' }).check();
  await dialog.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(page.getByText(m.reportDuplicate)).toBeVisible();
});

test('the author edits a post and it shows as edited; nobody else may', async ({
  page,
  playwright,
  member: _someoneElse,
  otherMember: author,
}) => {
  test.slow(); // two people, each with their own page load and checks
  const title = `Guia de pets com erro ${Date.now()}`;
  const id = await publishPost(playwright.request, author, {
    title,
    category: 'geral',
    content: 'Primeira versão.',
  });
  await page.goto(`/community/post/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar' })).toHaveCount(0);

  await signInAs(page.context(), author);
  await page.reload();
  await expect(page.getByText('(editado)')).toHaveCount(0);
  await page.getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar post' });
  await expect(dialog.getByLabel('Título')).toHaveValue(title);
  await dialog.getByLabel('Título').fill('');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText(m.titleRequired)).toBeVisible();
  const fixed = title.replace('com erro', 'corrigido');
  await dialog.getByLabel('Título').fill(fixed);
  await dialog.getByLabel('Categoria').selectOption('dicas');
  await dialog.getByLabel('Conteúdo').fill('Segunda versão, revisada.');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(m.postUpdated)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: fixed })).toBeVisible();
  await expect(page.getByText('Segunda versão, revisada.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: fixed })).toBeVisible();
  await expect(page.getByText('(editado)')).toBeVisible();
  await expect(page.getByText('Dicas', { exact: true }).first()).toBeVisible();
});

test('staff moderate: their comments carry the Equipe badge and they delete anyone’s comment', async ({
  page,
  playwright,
  otherMember: buyer,
  staff,
}) => {
  const title = `Dúvida sobre PIX ${Date.now()}`;
  const id = await publishPost(playwright.request, buyer, {
    title,
    category: 'suporte',
    content: 'Meu PIX ainda não caiu.',
  });
  const buyerApi = await apiAs(playwright.request, buyer);
  const commented = await buyerApi.post(`/api/community/posts/${id}/comments`, {
    data: { content: 'Alguém? Continuo esperando.' },
  });
  expect(commented.status()).toBe(201);
  await buyerApi.dispose();

  await signInAs(page.context(), staff);
  await page.goto(`/community/post/${id}`);
  await expect(page.getByRole('heading', { name: 'Comentários (1)' })).toBeVisible();
  await page.getByLabel('Seu comentário').fill('Olá! Já estamos verificando o seu pagamento.');
  await page.getByRole('button', { name: 'Comentar' }).click();
  const comments = page.getByRole('list', { name: 'Comentários' });
  const staffReply = comments.getByRole('listitem').filter({ hasText: 'Já estamos verificando' });
  await expect(staffReply.getByText('Equipe', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comentários (2)' })).toBeVisible();

  await comments
    .getByRole('listitem')
    .filter({ hasText: 'Continuo esperando' })
    .getByRole('button', { name: 'Excluir comentário' })
    .click();
  await page
    .getByRole('dialog', { name: 'Excluir comentário?' })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(page.getByText(m.commentDeleted)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comentários (1)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Excluir post' })).toBeVisible();
});

test.describe('when the server fails', () => {
  test.use({ allowedConsoleErrors: { patterns: [/status of 500/] } });

  test('a failed like is undone, a failed comment is kept for another try, a failed list can be retried', async ({
    page,
    playwright,
    member: _reader,
    otherMember,
  }) => {
    test.slow(); // the list's error shows after the query layer's retries (1 s, 2 s, 4 s)
    const title = `Post para testar falhas ${Date.now()}`;
    const id = await publishPost(playwright.request, otherMember, {
      title,
      category: 'geral',
      content: 'Conteúdo.',
    });
    const failure = { status: 500, json: { error: { code: 'INTERNAL', message: 'Erro interno.' } } };
    await page.route(`**/api/community/posts/${id}/like`, (route) => route.fulfill(failure));
    await page.route(`**/api/community/posts/${id}/comments`, (route) =>
      route.request().method() === 'POST' ? route.fulfill(failure) : route.fallback(),
    );
    await page.goto(`/community/post/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    await likeButton(page).click();
    await expect(page.getByText(m.likeFailed)).toBeVisible();
    await expect(likeButton(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(likeButton(page)).toHaveText('0');

    await page.getByLabel('Seu comentário').fill('Vai falhar.');
    await page.getByRole('button', { name: 'Comentar' }).click();
    await expect(page.getByText(m.commentFailed)).toBeVisible();
    await expect(page.getByLabel('Seu comentário')).toHaveValue('Vai falhar.');
    await expect(page.getByRole('heading', { name: 'Comentários (0)' })).toBeVisible();

    // The list: its error with a retry that works once the server is back. A category's list, which the browser
    // asks for (the plain forum's first page comes with the HTML).
    let failing = true;
    await page.route('**/api/community/posts?*', (route) =>
      failing ? route.fulfill(failure) : route.fallback(),
    );
    await page.goto('/comunidade?categoria=geral');
    await expect(page.getByText('Não foi possível carregar os posts.')).toBeVisible({ timeout: 20_000 });
    failing = false;
    await page.getByRole('button', { name: 'Tentar Novamente' }).click();
    await expect(page.getByRole('list', { name: 'Lista de posts' })).toBeVisible();
  });
});

test('a guest who clicks Novo post before the session is read is asked to log in, not shown the form', async ({
  page,
}) => {
  // The session's answer is held until the click is made (a slow first load).
  let release = () => {};
  const clicked = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/accounts/me', async (route) => {
    await clicked;
    await route.continue();
  });
  await page.goto('/comunidade');
  await page.getByRole('button', { name: 'Novo post' }).click();
  release();
  await expect(page.getByText(m.postLoginRequired)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
