import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts';
import { createGames, createListing } from '../factories/listings';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  const games = await createGames(t.db);
  const seller = await createUser(t.db);
  const titled = (title: string, gameId: number) =>
    createListing(t.db, seller.id, { gameId, title, description: 'Entrega rápida e garantida.' });
  await titled('AK-47 | Redline', games.cs2 as number);
  await titled('V-Bucks 1000 na hora', games.fortnite as number);
  await titled('Pacote V Bucks 2800', games.fortnite as number);
  // Words close in spelling to 'vbucks', used by many listings: what a typo corrector would pick.
  for (let i = 0; i < 5; i++) await titled(`Bucks extras ${i + 1}`, games.outros as number);
  await titled('Conta Valorant Imortal', games.valorant as number);
});
afterAll(() => t.close());

const search = async (q: string) => {
  const page = (await t.app.inject({ url: `/api/listings?q=${encodeURIComponent(q)}` })).json();
  return { titles: page.items.map((i: { title: string }) => i.title).sort(), corrected: page.correctedQuery };
};

describe('gamer spellings fold together', () => {
  it.each(['ak47', 'AK 47', 'ak-47', 'AK47 redline'])('%s finds "AK-47 | Redline"', async (q) => {
    expect(await search(q)).toEqual({ titles: ['AK-47 | Redline'], corrected: null });
  });

  it.each(['vbucks', 'v bucks', 'V-Bucks'])('%s finds both V-Bucks listings, not corrected', async (q) => {
    expect(await search(q)).toEqual({
      titles: ['Pacote V Bucks 2800', 'V-Bucks 1000 na hora'],
      corrected: null,
    });
  });

  it('still corrects a word no listing uses', async () => {
    const { titles, corrected } = await search('valorat');
    expect(corrected).toBe('valorant');
    expect(titles).toEqual(['Conta Valorant Imortal']);
  });
});

it('offers known words close to a search that found nothing', async () => {
  const page = (await t.app.inject({ url: '/api/listings?q=redlime%20xyzw' })).json();
  // 'redlime' is one letter off a title's word, but the two words together find nothing.
  expect(page.total).toBe(0);
  expect(page.suggestions).toContain('redline');
  const found = (await t.app.inject({ url: '/api/listings?q=redline' })).json();
  expect(found.suggestions).toBeUndefined();
});
