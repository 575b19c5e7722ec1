import { listingMessages as m } from '@shared/listing-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { createGames, createListing, listingForm, photo, postListing } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

const indexHtml = `<!doctype html><html><head>
    <title>Mercado Gamer</title>
    <meta
      name="description"
      content="Marketplace gamer"
    />
    <meta property="og:title" content="Mercado Gamer" />
  </head><body><div id="root"><!--page--></div></body></html>`;

let t: TestApp;
const api = apiOf(() => t);
let seller: TestUser;
let sellerCookie: string;
let buyerCookie: string;
let staffCookie: string;
let listingId: number;
let soldId: number;

beforeAll(async () => {
  t = await createTestApp({}, { indexHtml });
  const games = await createGames(t.db);
  seller = await createUser(t.db, { nickname: 'LojaDoPro' });
  const buyer = await createUser(t.db, { nickname: 'PlayerUm' });
  const staff = await createStaff(t.db);
  sellerCookie = await signIn(t.app, seller.email, seller.password);
  buyerCookie = await signIn(t.app, buyer.email, buyer.password);
  staffCookie = await signIn(t.app, staff.email, staff.password);
  const res = await postListing(
    t.app,
    sellerCookie,
    listingForm(games.valorant as number, {
      title: 'Conta Valorant <Imortal> & "skins"',
      price: '349,90',
      whatsapp: '11 98765-4321',
    }),
    [await photo()],
  );
  listingId = res.json().id;
  soldId = await createListing(t.db, seller.id, {
    gameId: games.valorant as number,
    title: 'Vendida',
    status: 'sold',
  });
});
afterAll(() => t.close());

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  api.as(cookie).get(url, { headers });
const post = (url: string, payload: unknown, cookie?: string) => api.as(cookie).post(url, payload as object);

describe('listing detail', () => {
  it('shows an active listing with its seller’s real figures', async () => {
    const listing = (await get(`/api/listings/${listingId}`)).json();
    expect(listing).toMatchObject({
      id: listingId,
      priceCents: 34_990,
      game: { slug: 'valorant' },
      seller: { username: 'LojaDoPro', activeListings: 1 },
    });
    expect(Date.parse(listing.seller.memberSince)).not.toBeNaN();
  });

  it('answers “Produto não encontrado” for a missing or sold listing', async () => {
    for (const id of [999_999, soldId]) {
      const res = await get(`/api/listings/${id}`);
      expect([res.statusCode, errorOf(res).message]).toEqual([404, m.notFound]);
    }
  });

  it('counts one view per visitor per day', async () => {
    const open = async (cookie?: string, agent = 'navegador') =>
      (await get(`/api/listings/${listingId}`, cookie, { 'user-agent': agent })).json().views as number;
    const before = await open(staffCookie); // counted after it is read: staff's view of the day
    await open(staffCookie);
    await open(buyerCookie);
    await open(undefined, 'guest-a');
    await open(undefined, 'guest-a');
    await open(undefined, 'guest-b');
    expect(await open(staffCookie)).toBe(before + 4);
  });
});

describe('contact', () => {
  it('is refused to guests with the spec message', async () => {
    const res = await get(`/api/listings/${listingId}/contact`);
    expect([res.statusCode, errorOf(res).message]).toEqual([401, m.contactLoginRequired]);
  });

  it('gives signed-in users the number with the 55 prefix and a wa.me link', async () => {
    const res = await get(`/api/listings/${listingId}/contact`, buyerCookie);
    expect(res.json()).toEqual({ whatsapp: '5511987654321', url: 'https://wa.me/5511987654321' });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('is unavailable for a listing that is not active', async () => {
    const res = await get(`/api/listings/${soldId}/contact`, buyerCookie);
    expect([res.statusCode, errorOf(res).message]).toEqual([404, m.contactUnavailable]);
  });
});

describe('comments', () => {
  const url = () => `/api/listings/${listingId}/comments`;

  it('refuses guests and blank comments', async () => {
    const guest = await post(url(), { body: 'Ainda tem?' });
    expect([guest.statusCode, errorOf(guest).message]).toEqual([401, m.commentLoginRequired]);
    const blank = await post(url(), { body: '   ' }, buyerCookie);
    expect([blank.statusCode, errorOf(blank).message]).toEqual([400, m.commentRequired]);
    expect((await get(url())).json().comments).toEqual([]);
  });

  it('keeps the conversation in order, marking the seller and staff', async () => {
    expect((await post(url(), { body: 'Ainda tem disponível?' }, buyerCookie)).statusCode).toBe(201);
    expect((await post(url(), { body: 'Tem sim!' }, sellerCookie)).statusCode).toBe(201);
    expect((await post(url(), { body: 'Negocie pela intermediação.' }, staffCookie)).statusCode).toBe(201);
    const { comments } = (await get(url())).json();
    expect(
      comments.map(
        (c: { body: string; author: { username: string; isSeller: boolean; isStaff: boolean } }) => [
          c.body,
          c.author.username,
          c.author.isSeller,
          c.author.isStaff,
        ],
      ),
    ).toEqual([
      ['Ainda tem disponível?', 'PlayerUm', false, false],
      ['Tem sim!', 'LojaDoPro', true, false],
      ['Negocie pela intermediação.', expect.any(String), false, true],
    ]);
  });

  it('are not taken on a listing that is not active', async () => {
    expect((await post(`/api/listings/${soldId}/comments`, { body: 'Oi' }, buyerCookie)).statusCode).toBe(
      404,
    );
  });
});

describe('favourites', () => {
  const favorite = (method: 'PUT' | 'DELETE', id: number, cookie?: string) =>
    api.as(cookie).request(method, `/api/favorites/${id}`, undefined);

  it('asks guests to log in', async () => {
    const res = await favorite('PUT', listingId);
    expect([res.statusCode, errorOf(res).message]).toEqual([401, m.favoriteLoginRequired]);
    expect((await get('/api/favorites')).statusCode).toBe(401);
  });

  it('persists per user, twice is once, and can be undone', async () => {
    expect((await favorite('PUT', listingId, buyerCookie)).statusCode).toBe(204);
    expect((await favorite('PUT', listingId, buyerCookie)).statusCode).toBe(204);
    expect((await get('/api/favorites', buyerCookie)).json()).toEqual({ listingIds: [listingId] });
    expect((await get('/api/favorites', sellerCookie)).json()).toEqual({ listingIds: [] });
    expect((await favorite('DELETE', listingId, buyerCookie)).statusCode).toBe(204);
    expect((await get('/api/favorites', buyerCookie)).json()).toEqual({ listingIds: [] });
  });

  it('cannot favourite a listing that is not active', async () => {
    expect((await favorite('PUT', soldId, buyerCookie)).statusCode).toBe(404);
  });
});

describe('share previews', () => {
  it('puts the listing’s title, price, photo and address into the page’s HTML, escaped', async () => {
    const res = await get(`/listing/${listingId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain(
      '<title>Conta Valorant &lt;Imortal&gt; &amp; &quot;skins&quot; | Mercado Gamer</title>',
    );
    expect(html).toContain('<meta property="og:title" content="Conta Valorant &lt;Imortal&gt;');
    expect(html).toMatch(/<meta property="og:description" content="R\$\s349,90 · Valorant — /);
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/localhost:3000\/media\/listings\/\d+\/[\w-]+-640\.webp"/,
    );
    expect(html).toContain(`<meta property="og:url" content="http://localhost:3000/listing/${listingId}"`);
    expect(html.match(/og:title/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('98765');
    const product = JSON.parse(
      html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1] as string,
    );
    expect(product.image).toEqual([
      expect.stringMatching(/^http:\/\/localhost:3000\/media\/listings\/\d+\/[\w-]+\.webp$/),
    ]);
    expect(product.offers).toMatchObject({ price: '349.90', priceCurrency: 'BRL' });
  });

  it('names the game on a category page, aliases included', async () => {
    const html = (await get('/categoria/valorant')).body;
    expect(html).toContain('<title>Valorant | Mercado Gamer</title>');
    expect(html).toContain('<meta property="og:url" content="http://localhost:3000/categoria/valorant"');
  });

  it('shows a category with the photo of its newest listing that has one, with its size and text', async () => {
    const photo = (await get(`/api/listings/${listingId}`)).json().images[0];
    const html = (await get('/categoria/valorant')).body;
    expect(html).toContain(`<meta property="og:image" content="http://localhost:3000${photo.url}" />`);
    expect(html).toContain(`<meta property="og:image:width" content="${photo.width}" />`);
    expect(html).toContain(`<meta property="og:image:height" content="${photo.height}" />`);
    expect(html).toContain(
      '<meta property="og:image:alt" content="Conta Valorant &lt;Imortal&gt; &amp; &quot;skins&quot;',
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    // A game without listings has no photo to show: the preview shows the brand's image.
    expect((await get('/categoria/cs2')).body).toContain(
      '<meta property="og:image" content="http://localhost:3000/og-image.png" />',
    );
  });

  it('previews a forum post: its title, category and the start of its text, escaped', async () => {
    const created = await post(
      '/api/community/posts',
      { title: 'Guia <DDtank> & "pets"', category: 'ddtank', content: 'Junte cupons.\nDepois troque.' },
      sellerCookie,
    );
    const { id } = created.json();
    const html = (await get(`/community/post/${id}`)).body;
    expect(html).toContain(
      '<title>Guia &lt;DDtank&gt; &amp; &quot;pets&quot; | Comunidade Mercado Gamer</title>',
    );
    expect(html).toContain('<meta property="og:description" content="DDtank Brasil S3 — Junte cupons.');
    expect(html).toContain(`<meta property="og:url" content="http://localhost:3000/community/post/${id}"`);
  });

  it('still serves the app, with a 404 status, for a missing listing, category or post', async () => {
    for (const url of [
      '/listing/999999',
      '/listing/abc',
      '/categoria/nao-existe',
      '/community/post/999999',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<div id="root">');
    }
  });
});

/** The JSON block of first data in a page's HTML, parsed. */
function firstData(html: string): Record<string, unknown> {
  const blocks = [...html.matchAll(/<script type="application\/json" id="first-data">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]?.[1] as string);
}

describe('first data in the page', () => {
  it('gives /home the answers the API gives a guest, whoever asks, and keeps it uncached', async () => {
    const res = await get('/home', buyerCookie);
    expect(res.headers['cache-control']).toBe('no-cache');
    const data = firstData(res.body);
    expect(Object.keys(data).sort()).toEqual(['/api/games', '/api/listings?pageSize=12&sort=recent']);
    expect(data['/api/listings?pageSize=12&sort=recent']).toEqual(
      (await get('/api/listings?sort=recent&pageSize=12')).json(),
    );
    expect(data['/api/games']).toEqual((await get('/api/games')).json());
    expect(res.body).not.toContain('PlayerUm');
  });

  it('gives the plain marketplace its first page, and leaves a search to the browser', async () => {
    const plain = firstData((await get('/marketplace')).body);
    expect(plain['/api/listings?page=1&sort=recent']).toEqual(
      (await get('/api/listings?sort=recent&page=1')).json(),
    );
    const search = firstData((await get('/marketplace?q=valorant')).body);
    expect(Object.keys(search)).toEqual(['/api/games']);
  });

  it('gives a category the game by its address and its newest listings, of the kind asked', async () => {
    const data = firstData((await get('/categoria/valorant?categoria=accounts')).body);
    expect(data['/api/games/valorant']).toEqual((await get('/api/games/valorant')).json());
    expect(Object.keys(data)).toContain('/api/listings?game=valorant&kind=accounts&pageSize=12&sort=recent');
    expect(Object.keys(data)).toContain('/api/listings?game=valorant&pageSize=12&sort=recent');
  });

  it('preloads a listing’s main photo but leaves the listing (and its view count) to the browser', async () => {
    // A reply shows the views counted before it: the seller's second read is the settled figure.
    await get(`/api/listings/${listingId}`, sellerCookie);
    const before = (await get(`/api/listings/${listingId}`, sellerCookie)).json().views;
    const html = (await get(`/listing/${listingId}`)).body;
    const photo = (await get(`/api/listings/${listingId}`, sellerCookie)).json().images[0];
    expect(html).toContain(`<link rel="preload" as="image" href="${photo.url}"`);
    // Its first screen, painted before any script: the photo, and the title escaped.
    expect(html).toContain(`<img src="${photo.url}"`);
    expect(html).toMatch(/<h1 [^>]*>Conta Valorant &lt;Imortal&gt; &amp; "skins"<\/h1>/);
    expect(Object.keys(firstData(html))).toEqual(['/api/games']);
    expect((await get(`/api/listings/${listingId}`, sellerCookie)).json().views).toBe(before);
  });

  it('paints the plain marketplace’s first row of cards in the HTML, linked and escaped', async () => {
    const page = (await get('/api/listings?sort=recent&page=1')).json() as {
      items: { id: number; title: string; image: { url: string; srcSet: string } | null }[];
    };
    const html = (await get('/marketplace')).body;
    expect(html).toContain('data-first-screen');
    const links = [...html.matchAll(/<h3 [^>]*><a href="\/listing\/(\d+)"/g)].map((m) => Number(m[1]));
    expect(links).toEqual(page.items.slice(0, 4).map((item) => item.id));
    // The photo with the grid's srcset and sizes (the app's <img> reuses the download), the title escaped.
    const first = page.items.find((item) => item.id === listingId);
    expect(first?.image).toBeTruthy();
    expect(html).toContain(
      `<img src="${first?.image?.url}" srcset="${first?.image?.srcSet}" sizes="(min-width: 1024px) 300px, (min-width: 768px) 33vw, 50vw"`,
    );
    expect(html).toContain(`<a href="/listing/${listingId}" class=`);
    expect(html).toContain('>Conta Valorant &lt;Imortal&gt; &amp; "skins"</a>');
    expect(html).toMatch(/>R\$\s349,90<\/p>/);
    expect(html).toMatch(/<h1 [^>]*>Marketplace<\/h1>/);
    expect(html).toContain('href="/marketplace?categoria=accounts"');
    // A search or a filter is the browser's to ask for: no cards in its HTML.
    expect((await get('/marketplace?q=valorant')).body).not.toContain('data-first-screen');
  });

  it('cannot be broken out of: a title with </script> stays text inside the JSON block', async () => {
    const games = (await get('/api/games')).json().games as { id: number; slug: string }[];
    const author = await createUser(t.db, { nickname: 'Autor' });
    const title = '</script><script>alert(1)</script><!-- \u2028';
    const id = await createListing(t.db, author.id, {
      gameId: games.find((g) => g.slug === 'lol')?.id as number,
      title,
    });
    const listingHtml = (await get(`/listing/${id}`)).body;
    expect(listingHtml).not.toContain('<script>alert(1)');
    expect(listingHtml).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // The marketplace's first cards: the newest listing, this one, is the first card, its title text.
    const marketplace = (await get('/marketplace')).body;
    expect(marketplace).not.toContain('<script>alert(1)');
    expect(marketplace).toContain(
      `<a href="/listing/${id}" class="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- \u2028</a>`,
    );
    expect(marketplace.match(/<script(?! type="application\/json")/g)).toBeNull();
    const html = (await get('/home')).body;
    expect(html).not.toContain('<script>alert(1)');
    // Only the page's JSON blocks: no script element that would run.
    expect(html.match(/<script(?! type="application\/json")/g)).toBeNull();
    expect(html.match(/<\/script>/g)).toHaveLength(html.match(/<script/g)?.length ?? 0);
    const page = firstData(html)['/api/listings?pageSize=12&sort=recent'] as { items: { title: string }[] };
    expect(page.items.map((item) => item.title)).toContain(title);
  });
});
