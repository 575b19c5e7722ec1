import { makeImage } from '../helpers/images';
import { expect, signInAs, test } from './support/fixtures';

/**
 * The whole marketplace in one journey: a seller publishes with two photos, a buyer finds it with a typo,
 * reveals the contact and keeps it as a favourite, then the seller edits and deletes it.
 */
test('publish → find with a typo → contact → favourite → edit → delete', async ({
  page,
  member: seller,
  otherMember: buyer,
}) => {
  test.slow(); // a whole journey of two people: publishing with photos, searching, editing, deleting
  const word = `Zeraora${Array.from({ length: 4 }, () => 'bcdfghjklmnpqrstvwxz'[Math.floor(Math.random() * 20)]).join('')}`;
  const title = `Conta Valorant ${word} Imortal`;

  await page.goto('/home');
  await page.getByRole('button', { name: 'Serviços' }).click();
  await page.getByRole('menuitem', { name: 'Publicar Produto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publicar Item/Conta' });
  await dialog.getByLabel('Fotos', { exact: true }).setInputFiles(
    await Promise.all(
      [1, 2].map(async (n) => ({
        name: `foto-${n}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await makeImage({ format: 'jpeg' }),
      })),
    ),
  );
  await dialog.getByLabel('Jogo', { exact: true }).selectOption({ label: 'Valorant' });
  await dialog.getByLabel('Categoria', { exact: true }).selectOption({ label: 'Contas' });
  await dialog.getByLabel('Título', { exact: true }).fill(title);
  await dialog
    .getByLabel('Descrição', { exact: true })
    .fill('Conta com 45 skins, e-mail trocável, entrega imediata.');
  await dialog.getByLabel('Preço (R$)', { exact: true }).fill('349,90');
  await dialog.getByLabel('WhatsApp', { exact: true }).fill('(21) 99876-5432');
  await dialog.getByRole('button', { name: 'Publicar Item' }).click();
  await expect(page.getByText('Produto publicado com sucesso!')).toBeVisible();

  // On its own page, then in its category, and in search.
  await expect(page).toHaveURL(/\/listing\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.goto('/categoria/valorant');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await page.goto(`/marketplace?q=${encodeURIComponent(word)}`);
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  // The buyer misspells both words, in lower case; search corrects them and still finds it.
  await signInAs(page.context(), buyer);
  const typo = `${word.slice(0, 4)}${word.slice(5)} imortl`.toLowerCase();
  await page.goto(`/marketplace?q=${encodeURIComponent(typo)}`);
  await expect(page.getByText(/Mostrando resultados para/)).toBeVisible();
  const card = page
    .getByRole('list', { name: 'Produtos', exact: true })
    .getByRole('listitem')
    .filter({ hasText: title });
  await card.getByRole('button', { name: 'Adicionar aos favoritos' }).click();
  await expect(card.getByRole('button', { name: 'Remover dos favoritos' })).toBeVisible();
  await page.reload();
  await expect(card.getByRole('button', { name: 'Remover dos favoritos' })).toBeVisible();

  await card.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const gallery = page.getByRole('region', { name: `Fotos de ${title}` });
  await gallery.getByRole('button', { name: 'Foto 2' }).click();
  await expect(gallery.getByRole('img', { name: `${title} - Foto 2` })).toBeVisible();
  const buyBox = page.getByRole('region', { name: 'Compra', exact: true });
  // No network here: WhatsApp's page is stood in for, the address is what matters.
  await page.context().route('https://wa.me/**', (route) => route.fulfill({ body: 'WhatsApp' }));
  await buyBox.getByRole('button', { name: 'Comprar agora' }).click();
  const popup = page.waitForEvent('popup');
  await page
    .getByRole('dialog', { name: 'Como você quer comprar?' })
    .getByRole('button', { name: 'Falar pelo WhatsApp' })
    .click();
  const whatsapp = await popup;
  await whatsapp.waitForLoadState();
  expect(whatsapp.url()).toBe('https://wa.me/5521998765432');
  await whatsapp.close();
  const id = Number(page.url().split('/').pop());

  // The seller edits the price, then deletes the listing.
  await signInAs(page.context(), seller);
  await page.goto(`/listing/${id}/editar`);
  await page.getByLabel('Preço (R$)', { exact: true }).fill('299,90');
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Produto atualizado com sucesso!')).toBeVisible();
  await expect(page.getByText(/R\$\s299,90/).first()).toBeVisible();

  await page.goto('/perfil');
  const row = page.getByRole('listitem').filter({ hasText: title });
  await row.getByRole('button', { name: 'Excluir' }).click();
  await page
    .getByRole('dialog', { name: 'Excluir publicação?' })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(page.getByText('Publicação excluída com sucesso')).toBeVisible();
  await page.goto(`/listing/${id}`);
  await expect(page.getByText('Produto não encontrado')).toBeVisible();
});
