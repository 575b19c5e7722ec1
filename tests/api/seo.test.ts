import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, listings } from '../../src/server/db/schema';
import { STATIC_PAGES } from '../../src/server/modules/seo/sitemap';
import { createUser } from '../factories/accounts';
import { createPost } from '../factories/community';
import { createGames, createListing } from '../factories/listings';
import { createTestApp, type TestApp } from '../helpers/test-app';

const site = 'http://localhost:3000';
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

/** No web build: robots.txt and the sitemap read only the database. */
let t: TestApp;
let activeId: number;
let soldId: number;
let postId: number;

beforeAll(async () => {
  t = await createTestApp();
  const gameIds = await createGames(t.db);
  const seller = await createUser(t.db);
  activeId = await createListing(t.db, seller.id, {
    gameId: gameIds.valorant as number,
    title: 'Skins & <facas> raras',
  });
  soldId = await createListing(t.db, seller.id, {
    gameId: gameIds.cs2 as number,
    title: 'Vendida',
    status: 'sold',
  });
  postId = await createPost(t.db, seller.id, { title: 'Dicas & <truques>' });
  await t.db.insert(games).values({ name: 'P&D <Beta>', slug: 'p&d<beta>', sortOrder: 99 });
});
afterAll(() => t.close());

describe('robots.txt', () => {
  it('allows the public pages, keeps crawlers out of the API and private pages, and names the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/api/',
      '/perfil',
      '/pagamentos',
      '/minhas-ofertas',
      '/alertas',
      '/intermediacao/',
      '/publicar-produto',
      '/listing/*/editar',
      '/listing/*/codigos',
      '/redefinir-senha',
      '/admin',
    ])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${site}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  it('lists the public pages, categories, active listings and posts, with absolute URLs', async () => {
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const urls = locs(res.body);
    for (const path of STATIC_PAGES) expect(urls).toContain(site + path);
    // Every indexable page of the titles table, none of the sign-in forms it keeps out of search results.
    expect(urls).toEqual(
      expect.arrayContaining([`${site}/`, `${site}/status-sistemas`, `${site}/selos/ouro`, `${site}/ajuda`]),
    );
    for (const form of ['/login', '/register', '/esqueci-senha']) expect(urls).not.toContain(site + form);
    expect(urls).toContain(`${site}/categoria/valorant`);
    expect(urls).toContain(`${site}/categoria/cs2`);
    expect(urls).toContain(`${site}/listing/${activeId}`);
    expect(urls).toContain(`${site}/community/post/${postId}`);
    expect(urls).not.toContain(`${site}/listing/${soldId}`);
    expect(urls.every((url) => url?.startsWith(`${site}/`))).toBe(true);
  });

  it('dates a listing by its last change', async () => {
    const [row] = await t.db
      .select({ updatedAt: listings.updatedAt })
      .from(listings)
      .where(eq(listings.id, activeId));
    const body = (await t.app.inject('/sitemap.xml')).body;
    expect(body).toContain(
      `<url><loc>${site}/listing/${activeId}</loc><lastmod>${row?.updatedAt.toISOString()}</lastmod></url>`,
    );
  });

  it('keeps the XML well formed: addresses are encoded and escaped, titles never written', async () => {
    const body = (await t.app.inject('/sitemap.xml')).body;
    expect(body).toContain(`<loc>${site}/categoria/p%26d%3Cbeta%3E</loc>`);
    expect(body).not.toContain('facas');
    expect(body).not.toContain('truques');
    // Outside tags, no bare `<` and no `&` that does not start an entity.
    const text = body.replace(/<[^<>]*>/g, '');
    expect(text).not.toMatch(/[<>]|&(?!amp;|lt;|gt;|quot;|apos;)/);
  });
});

describe('sitemap index', () => {
  /** Three URLs a file: past that /sitemap.xml becomes an index of files paged by id ranges. */
  let paged: TestApp;
  let ids: number[];
  let posts: number[];

  beforeAll(async () => {
    paged = await createTestApp({}, { sitemapPageSize: 3 });
    const gameIds = await createGames(paged.db);
    const seller = await createUser(paged.db);
    const gameId = gameIds.valorant as number;
    ids = [];
    for (let i = 0; i < 7; i += 1)
      ids.push(
        await createListing(paged.db, seller.id, {
          gameId,
          title: `Item ${i}`,
          status: i === 4 ? 'sold' : 'active',
        }),
      );
    posts = [await createPost(paged.db, seller.id), await createPost(paged.db, seller.id)];
  });
  afterAll(() => paged.close());

  it('indexes a file of pages, one per id range of active listings, and one per range of posts', async () => {
    const res = await paged.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    // Ids 1–7 (5 sold): ranges 1–3, 4–6, 7–9; posts 1–2 in one range.
    expect(locs(res.body)).toEqual([
      `${site}/sitemaps/pages.xml`,
      `${site}/sitemaps/listings-1.xml`,
      `${site}/sitemaps/listings-2.xml`,
      `${site}/sitemaps/listings-3.xml`,
      `${site}/sitemaps/posts-1.xml`,
    ]);
    expect(res.body).toMatch(
      /<sitemap><loc>[^<]+listings-1\.xml<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod><\/sitemap>/,
    );
  });

  it('serves each file with its range’s active listings only, never more than the page size', async () => {
    const page = async (n: number) => locs((await paged.app.inject(`/sitemaps/listings-${n}.xml`)).body);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await page(1)).toEqual([1, 2, 3].map((id) => `${site}/listing/${id}`));
    expect(await page(2)).toEqual([4, 6].map((id) => `${site}/listing/${id}`));
    expect(await page(3)).toEqual([`${site}/listing/7`]);
    expect(locs((await paged.app.inject('/sitemaps/posts-1.xml')).body)).toEqual(
      posts.map((id) => `${site}/community/post/${id}`),
    );
    const pages = locs((await paged.app.inject('/sitemaps/pages.xml')).body);
    expect(pages).toHaveLength(3);
  });

  it('answers 404 for an empty range or a file that does not exist', async () => {
    for (const url of [
      '/sitemaps/listings-4.xml',
      '/sitemaps/listings-0.xml',
      '/sitemaps/listings-9999999999.xml',
      '/sitemaps/posts-2.xml',
      '/sitemaps/users-1.xml',
      '/sitemaps/listings-1.txt',
    ]) {
      expect((await paged.app.inject(url)).statusCode, url).toBe(404);
    }
  });
});

describe('page metadata', () => {
  const indexHtml = `<!doctype html><html><head>
    <title>Mercado Gamer</title>
    <meta name="description" content="Marketplace gamer" />
    <link rel="canonical" href="http://localhost:3000/" />
  </head><body><div id="root"><!--page--></div></body></html>`;
  let shared: TestApp;
  let listingId: number;
  let postId: number;

  beforeAll(async () => {
    shared = await createTestApp({}, { indexHtml });
    const gameIds = await createGames(shared.db);
    const seller = await createUser(shared.db);
    listingId = await createListing(shared.db, seller.id, {
      gameId: gameIds.valorant as number,
      title: '</script><script>alert(1)</script>',
      description: 'Skin & faca <rara> entregue na hora.',
      priceCents: 34_990,
    });
    postId = await createPost(shared.db, seller.id, { title: 'Dicas de trade' });
  });
  afterAll(() => shared.close());

  const jsonLd = (html: string) => {
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    return { raw: blocks[0]?.[1] as string, data: JSON.parse(blocks[0]?.[1] as string) };
  };

  it('describes a listing as a schema.org Product with an Offer in BRL', async () => {
    const res = await shared.app.inject(`/listing/${listingId}`);
    expect(res.statusCode).toBe(200);
    const { data } = jsonLd(res.body);
    const url = `${site}/listing/${listingId}`;
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: '</script><script>alert(1)</script>',
      description: 'Skin & faca <rara> entregue na hora.',
      sku: String(listingId),
      category: 'Valorant',
      url,
      offers: {
        '@type': 'Offer',
        price: '349.90',
        priceCurrency: 'BRL',
        availability: 'https://schema.org/InStock',
        url,
      },
    });
  });

  it('keeps a title from closing the JSON-LD element', async () => {
    const html = (await shared.app.inject(`/listing/${listingId}`)).body;
    const { raw } = jsonLd(html);
    expect(raw).not.toContain('<');
    expect(raw).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    expect(html).not.toContain('<script>alert(1)');
  });

  it('gives listings, categories and posts one canonical address', async () => {
    for (const [url, canonical] of [
      [`/listing/${listingId}`, `${site}/listing/${listingId}`],
      ['/categoria/freefire', `${site}/categoria/free-fire`],
      [`/community/post/${postId}`, `${site}/community/post/${postId}`],
    ] as const) {
      const html = (await shared.app.inject(url)).body;
      expect(html.match(/rel="canonical"/g), url).toHaveLength(1);
      expect(html, url).toContain(`<link rel="canonical" href="${canonical}" />`);
    }
  });

  it('adds no Product data to category and post pages', async () => {
    for (const url of ['/categoria/valorant', `/community/post/${postId}`])
      expect((await shared.app.inject(url)).body).not.toContain('application/ld+json');
  });

  it('still serves robots.txt and the sitemap beside the web app', async () => {
    expect((await shared.app.inject('/robots.txt')).statusCode).toBe(200);
    expect(locs((await shared.app.inject('/sitemap.xml')).body)).toContain(`${site}/listing/${listingId}`);
  });
});
