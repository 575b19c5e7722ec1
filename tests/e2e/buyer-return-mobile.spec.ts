import { expect, test } from './support/fixtures';

// Issue 34 on a phone (390 px): the account pages in the drawer, and footer links a finger can hit.

test('the drawer lists Pagamentos and Notificações for a member', async ({ page, member: _signedIn }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('link', { name: 'Pagamentos' })).toHaveAttribute('href', '/pagamentos');
  await drawer.getByRole('link', { name: 'Notificações' }).click();
  await expect(page).toHaveURL('/notificacoes');
  await expect(drawer).toBeHidden();
});

test('every footer link is a target of at least 24 × 24 px', async ({ page }) => {
  await page.goto('/sobre');
  const footer = page.getByRole('navigation', { name: 'Institucional' });
  const links = footer.getByRole('link');
  await expect(links).toHaveCount(11);
  for (const link of await links.all()) {
    await link.scrollIntoViewIfNeeded();
    const box = await link.boundingBox();
    expect(box, await link.innerText()).not.toBeNull();
    expect(box!.height, await link.innerText()).toBeGreaterThanOrEqual(24);
    expect(box!.width, await link.innerText()).toBeGreaterThanOrEqual(24);
  }
});
