import { MAX_SEARCH_RESULTS } from '@shared/listings';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts';
import { createGames } from '../factories/listings';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Deep pages: a search reaches its first MAX_SEARCH_RESULTS matches and no further, whatever the page,
 * so page 10 000 costs what page 1 does and relevance never ranks past its window.
 */
let t: TestApp;
const COUNT = MAX_SEARCH_RESULTS + 30;

beforeAll(async () => {
  t = await createTestApp();
  const games = await createGames(t.db);
  const seller = await createUser(t.db);
  // One statement: 1 030 listings whose titles all share 'conta', newest first by id.
  await t.db.execute(sql`
    insert into listings (game_id, seller_id, title, description, short_description, price_cents, kind,
      status, whatsapp, created_at)
    select ${games.valorant}, ${seller.id}, 'Conta Valorant numero ' || n, 'Conta com skins.', 'Conta com skins.',
      1000 + n, 'accounts', 'active', '5511987654321', now() - (n || ' minutes')::interval
    from generate_series(1, ${COUNT}) as n`);
});
afterAll(() => t.close());

const search = async (query: string) => {
  const res = await t.app.inject({ url: `/api/listings?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: { id: number }[]; total: number; totalCapped: boolean };
};

describe('deep pages', () => {
  it.each(['q=conta', 'q=conta&sort=recent', 'sort=recent', 'sort=price_asc'])(
    '%s: the last page of the window is partial, the next ones are empty',
    async (query) => {
      // 1 000 / 12 = 83 full pages and 4 results on page 84.
      const last = await search(`${query}&page=84&pageSize=12`);
      expect(last.items).toHaveLength(MAX_SEARCH_RESULTS - 83 * 12);
      expect(last.totalCapped).toBe(true);
      for (const page of [85, 86, 10_000]) {
        const beyond = await search(`${query}&page=${page}&pageSize=12`);
        expect(beyond.items, `page ${page}`).toEqual([]);
        expect(beyond.total).toBe(MAX_SEARCH_RESULTS);
      }
    },
  );

  it('relevance pages together list the window once, without repeats', async () => {
    const seen = new Set<number>();
    for (let page = 1; page <= 21; page++) {
      for (const item of (await search(`q=conta&page=${page}&pageSize=48`)).items) seen.add(item.id);
    }
    expect(seen.size).toBe(MAX_SEARCH_RESULTS);
  });
});
