import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../factories/accounts';
import { createGames, createListing } from '../factories/listings';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let ids: Record<string, number>;

const day = (n: number) => new Date(Date.now() - n * 86_400_000);

beforeAll(async () => {
  t = await createTestApp();
  const games = await createGames(t.db);
  const seller = await createUser(t.db);
  const add = (key: string, values: Parameters<typeof createListing>[2]) =>
    createListing(t.db, seller.id, values).then((id) => [key, id] as const);
  ids = Object.fromEntries(
    await Promise.all([
      add('valorant', {
        gameId: games.valorant!,
        title: 'Conta Valorant Imortal 3',
        kind: 'accounts',
        priceCents: 35_000,
        views: 5,
        createdAt: day(3),
      }),
      add('diamonds', {
        gameId: games['free-fire']!,
        title: '5.600 Diamantes',
        description: 'Recarga oficial de diamantes, entrega imediata.',
        kind: 'coins',
        priceCents: 19_990,
        views: 50,
        createdAt: day(2),
      }),
      add('ak', {
        gameId: games.cs2!,
        title: 'Skin AK-47 Redline',
        kind: 'skins',
        priceCents: 8_000,
        views: 1,
        createdAt: day(1),
      }),
      add('promo', {
        gameId: games.lol!,
        title: 'Promoção: conta LoL Platina com 120 campeões',
        kind: 'accounts',
        priceCents: 12_000,
        views: 20,
        createdAt: day(4),
      }),
      // 'conta' only in its description; the newest and most viewed, so only relevance puts it last.
      add('descriptionOnly', {
        gameId: games.genshin!,
        title: 'Pacote de cristais Gênesis',
        description: 'Acompanha a conta reserva de brinde.',
        kind: 'items',
        priceCents: 30_000,
        views: 500,
        createdAt: day(0.5),
      }),
      add('sold', {
        gameId: games.valorant!,
        title: 'Conta Valorant Radiante vendida',
        kind: 'accounts',
        status: 'sold',
      }),
    ]),
  );
  // Twenty-five filler listings for paging, older than the ones above.
  for (let i = 0; i < 25; i++) {
    await createListing(t.db, seller.id, {
      gameId: games.roblox!,
      title: `Robux pacote ${i + 1}`,
      kind: 'coins',
      priceCents: 500 + i,
      createdAt: day(10 + i),
    });
  }
});
afterAll(() => t.close());

async function search(query: string) {
  const res = await t.app.inject({ url: `/api/listings?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    items: { id: number; priceCents: number }[];
    total: number;
    correctedQuery: string | null;
    page: number;
  };
}
const idsOf = (page: { items: { id: number }[] }) => page.items.map((i) => i.id);

describe('search text', () => {
  it('finds words regardless of accents and plural', async () => {
    expect(idsOf(await search('q=promocao'))).toEqual([ids.promo]);
    expect(idsOf(await search('q=PROMOÇÕES'))).toEqual([ids.promo]);
    expect(idsOf(await search('q=diamante free fire'))).toEqual([ids.diamonds]);
  });

  it('matches the game name and the description too', async () => {
    expect(idsOf(await search('q=counter strike ak'))).toEqual([ids.ak]);
    expect(idsOf(await search('q=lol conta'))).toEqual([ids.promo]);
    expect(idsOf(await search('q=freefire'))).toEqual([ids.diamonds]);
    expect(idsOf(await search('q=recarga oficial'))).toEqual([ids.diamonds]);
  });

  it('corrects typos against words listings use, and says so', async () => {
    const typo = await search('q=conta valorat');
    expect(idsOf(typo)).toEqual([ids.valorant]);
    expect(typo.correctedQuery).toBe('conta valorant');
    expect(idsOf(await search('q=diamantis'))).toEqual([ids.diamonds]);
    expect((await search('q=valorant')).correctedQuery).toBeNull();
  });

  it('matches a half-typed word as a prefix', async () => {
    expect(idsOf(await search('q=skin redl'))).toEqual([ids.ak]);
    expect(idsOf(await search('q=redl skin'))).toEqual([ids.ak]);
    expect(idsOf(await search('q=promo conta'))).toEqual([ids.promo]);
  });

  it('never shows listings that are not active', async () => {
    expect(idsOf(await search('q=radiante'))).toEqual([]);
    expect(idsOf(await search('q=valorant'))).not.toContain(ids.sold);
  });

  it('finds nothing for gibberish, without failing', async () => {
    const page = await search(`q=${encodeURIComponent("zzqx'&|!:*()")}`);
    expect(page).toMatchObject({ items: [], total: 0 });
  });
});

describe('filters and sorting', () => {
  it('filters by game slug or alias, kind and price range in reais', async () => {
    expect(idsOf(await search('game=freefire'))).toEqual([ids.diamonds]);
    expect(idsOf(await search('game=valorant'))).toEqual([ids.valorant]);
    expect(idsOf(await search('kind=accounts'))).toEqual([ids.valorant, ids.promo]);
    expect(idsOf(await search('minPriceCents=10000&maxPriceCents=20000'))).toEqual([ids.diamonds, ids.promo]);
    expect(idsOf(await search('kind=skins&maxPriceCents=7999'))).toEqual([]);
  });

  it('sorts on the server by each order', async () => {
    const accounts = 'kind=accounts&sort=';
    expect(idsOf(await search(`${accounts}recent`))).toEqual([ids.valorant, ids.promo]);
    expect(idsOf(await search(`${accounts}price_asc`))).toEqual([ids.promo, ids.valorant]);
    expect(idsOf(await search(`${accounts}price_desc`))).toEqual([ids.valorant, ids.promo]);
    expect(idsOf(await search(`${accounts}popular`))).toEqual([ids.promo, ids.valorant]);
    // No reviews exist yet: every seller ties, so the newest comes first.
    expect(idsOf(await search(`${accounts}rating`))).toEqual([ids.valorant, ids.promo]);
    const cheapest = await search('sort=price_asc&pageSize=3');
    expect(cheapest.items.map((i) => i.priceCents)).toEqual([500, 501, 502]);
  });

  it('ranks by relevance when searching: a title match before a description-only match', async () => {
    // Both title matches rank alike and come newest first; the description-only match, though newer, last.
    expect(idsOf(await search('q=conta'))).toEqual([ids.valorant, ids.promo, ids.descriptionOnly]);
  });
});

describe('pagination', () => {
  it('pages by 12 with the total, up to a short last page and an empty one beyond', async () => {
    const first = await search('');
    expect(first.total).toBe(30);
    expect(first.items).toHaveLength(12);
    const third = await search('page=3');
    expect(third.items).toHaveLength(6);
    const beyond = await search('page=4');
    expect(beyond).toMatchObject({ items: [], total: 30, page: 4 });
    const all = [...idsOf(first), ...idsOf(await search('page=2')), ...idsOf(third)];
    expect(new Set(all).size).toBe(30);
  });

  it('refuses a page size above 48 and a page below 1', async () => {
    expect((await t.app.inject({ url: '/api/listings?pageSize=49' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/listings?page=0' })).statusCode).toBe(400);
  });
});

describe('game counts', () => {
  it('counts active listings per game for the sidebar', async () => {
    const { games } = (await t.app.inject({ url: '/api/games' })).json();
    const count = (slug: string) => games.find((g: { slug: string }) => g.slug === slug).activeListings;
    expect([count('valorant'), count('roblox'), count('dota2')]).toEqual([1, 25, 0]);
  });

  it('resolves a category by slug or alias', async () => {
    expect((await t.app.inject({ url: '/api/games/freefire' })).json().game.slug).toBe('free-fire');
    const missing = await t.app.inject({ url: '/api/games/nao-existe' });
    expect([missing.statusCode, missing.json().error.message]).toEqual([404, 'Categoria não encontrada']);
  });
});
