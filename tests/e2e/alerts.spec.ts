import { bellLabel, notificationMessages } from '@shared/notification-messages';
import { makeImage } from '../helpers/images';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, test } from './support/fixtures';

// Saved searches that alert (issue 38 part 3): 'Me avise' on /marketplace, the list on /alertas, the bell.

test('a member saves a search with "Me avise", another publishes a match, the bell rings; pause and delete on /alertas', async ({
  page,
  member: _member,
  otherMember,
  playwright,
}) => {
  test.setTimeout(120_000);
  const word = `zebra${Math.random().toString(36).slice(2, 7).replace(/\d/g, 'x')}`;
  await page.goto(`/marketplace?jogo=valorant&categoria=accounts&q=${word}&max=500`);
  await expect(page.getByRole('heading', { level: 1, name: `Resultados para “${word}”` })).toBeVisible();

  await page.getByRole('button', { name: 'Me avise' }).click();
  const dialog = page.getByRole('dialog', { name: 'Criar alerta' });
  await expect(dialog.getByText(`Valorant · Contas · “${word}” · até R$ 500`)).toBeVisible();
  const name = dialog.getByLabel('Nome do alerta');
  await expect(name).toHaveValue(`Valorant · Contas · “${word}” · até R$ 500`);
  await name.fill(`Conta ${word}`);
  await expect(dialog.getByRole('switch', { name: /Também avisar por e-mail/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Salvar alerta' }).click();
  await expect(page.getByText('Alerta criado')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/alertas');
  await expect(page.getByRole('heading', { level: 1, name: 'Meus alertas' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: `Conta ${word}` });
  await expect(row.getByText(`Valorant · Contas · “${word}” · até R$ 500`)).toBeVisible();
  await expect(row.getByText('Nenhum anúncio encontrado ainda')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'alerts-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'alerts-mobile');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Another member publishes a matching listing: the alert rings the first member's bell, live.
  const seller = await apiAs(playwright.request, otherMember);
  const { games } = (await (await seller.get('/api/games')).json()) as {
    games: { id: number; slug: string }[];
  };
  const published = await seller.post('/api/listings', {
    multipart: {
      gameId: String(games.find((g) => g.slug === 'valorant')?.id),
      kind: 'accounts',
      title: `Conta Valorant ${word} imortal`,
      description: 'Conta full acesso com skins raras. Entrega imediata após a confirmação.',
      price: '300,00',
      quantity: '1',
      whatsapp: '(11) 98765-4321',
      photos: {
        name: 'conta.png',
        mimeType: 'image/png',
        buffer: await makeImage({ width: 800, height: 600 }),
      },
    },
  });
  expect(published.status(), await published.text()).toBe(201);
  const listingId = ((await published.json()) as { id: number }).id;
  await seller.dispose();

  const bell = page.getByRole('banner').getByRole('button', { name: bellLabel(1) });
  await expect(bell).toBeVisible({ timeout: 30_000 });
  await bell.click();
  const menu = page.getByRole('menu', { name: notificationMessages.title });
  const note = menu.getByRole('menuitem', { name: new RegExp(`Alerta “Conta ${word}”: novo anúncio`) });
  await expect(note).toBeVisible();
  await note.click();
  await expect(page).toHaveURL(new RegExp(`/listing/${listingId}$`));

  await page.goto('/alertas');
  await expect(row.getByText(/Último aviso:/)).toBeVisible();
  await row.getByRole('button', { name: `Pausar o alerta Conta ${word}` }).click();
  await expect(row.getByText('Pausado')).toBeVisible();
  await expect(row.getByRole('button', { name: `Retomar o alerta Conta ${word}` })).toBeVisible();

  await row.getByRole('button', { name: `Apagar o alerta Conta ${word}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Apagar este alerta?' });
  await confirm.getByRole('button', { name: 'Apagar alerta' }).click();
  await expect(page.getByText('Nenhum alerta ainda')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'alerts-empty-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('link', { name: 'Ir ao marketplace' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, 'alerts-empty-mobile');
});

test('a guest pressing "Me avise" is sent to sign in, to come back to the dialog; the button fits a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/marketplace?jogo=valorant');
  await expect(page.getByRole('button', { name: 'Me avise' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'alerts-marketplace-mobile');
  await page.getByRole('button', { name: 'Me avise' }).click();
  await expect(page).toHaveURL(/\/login\?destino=/);
  const destino = new URL(page.url()).searchParams.get('destino') ?? '';
  expect(destino).toContain('/marketplace?');
  expect(destino).toContain('acao=avisar');
});
