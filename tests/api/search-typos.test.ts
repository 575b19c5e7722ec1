import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../factories/accounts';
import { createGames, createListing } from '../factories/listings';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const games = await createGames(t.db);
  const seller = await createUser(t.db);
  for (let i = 0; i < 10; i++) {
    await createListing(t.db, seller.id, {
      gameId: games.valorant as number,
      title: `Conta Valorant ${i + 1}`,
    });
  }
  // A one-off word closer in spelling to the typo than the game's name is.
  await createListing(t.db, seller.id, {
    gameId: games.outros as number,
    title: 'Pacote Valora do vendedor',
  });
});
afterAll(() => t.close());

it('corrects a typo towards the word many listings use, not a one-off closer in spelling', async () => {
  const page = (await t.app.inject({ url: '/api/listings?q=valorat' })).json();
  expect(page.correctedQuery).toBe('valorant');
  expect(page.total).toBe(10);
});
