import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type MetaPath, pageAliases, pageMeta, sellerDescription } from '@shared/page-meta';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, reviews, userSettings, userSuspensions, users } from '../../src/server/db/schema';
import { deletedEmailOf } from '../../src/server/modules/accounts/lifecycle';
import { createUser, type TestUser } from '../factories/accounts';
import { createPost } from '../factories/community';
import { createGames, listingForm, photo, postListing } from '../factories/listings';
import { createFinishedTrade } from '../factories/trades';
import { signIn } from '../helpers/http';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

/** index.html's head as the build has it: defaults the server must replace, not repeat. */
const indexHtml = `<!doctype html><html lang="pt-BR"><head>
    <title>Mercado Gamer — Marketplace gamer seguro com intermediação garantida</title>
    <meta
      name="description"
      content="Marketplace gamer seguro"
    />
    <meta name="keywords" content="marketplace gamer, CS2" />
    <meta property="og:site_name" content="Mercado Gamer" />
    <meta property="og:type" content="website" />
    <meta property="og:locale" content="pt_BR" />
    <meta property="og:title" content="Mercado Gamer — Marketplace gamer seguro" />
    <meta property="og:description" content="Compre e venda" />
  </head><body><div id="root"><!--page--></div></body></html>`;

let t: TestApp;
let publicSeller: TestUser;
let privateSeller: TestUser;

beforeAll(async () => {
  t = await createTestApp({}, { indexHtml });
  publicSeller = await createUser(t.db, { nickname: 'LojaDoPro' });
  privateSeller = await createUser(t.db, { nickname: 'Reservado' });
  await t.db
    .update(profiles)
    .set({ fullName: 'Fulano Reservado da Silva', bio: 'Vendo contas raras desde 2019' })
    .where(eq(profiles.id, privateSeller.id));
  await t.db.insert(userSettings).values({ userId: privateSeller.id, profilePublic: false });
  // Two completed sales with a buyer's review of 5 and of 4 stars for each seller: real figures to state or hide.
  const past = new Date(Date.now() - 86_400_000);
  for (const seller of [publicSeller, privateSeller]) {
    for (const rating of [5, 4]) {
      const buyer = await createUser(t.db);
      const trade = await createFinishedTrade(t.db, {
        sellerId: seller.id,
        buyerId: buyer.id,
        endedAt: past,
      });
      await t.db.insert(reviews).values({
        tradeId: trade.id,
        authorId: buyer.id,
        subjectId: seller.id,
        authorRole: 'buyer',
        listingId: trade.listingId,
        rating,
        periodEndsAt: past,
        publishedAt: past,
      });
    }
  }
});
afterAll(() => t.close());

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What a crawler reads in the head: each tag once, with its value. */
function head(html: string) {
  const one = (pattern: RegExp, label: string) => {
    const found = [...html.matchAll(new RegExp(pattern, 'g'))];
    expect(found, label).toHaveLength(1);
    return found[0]?.[1];
  };
  const meta = (key: string) => one(new RegExp(`<meta\\s+${key}\\s+content="([^"]*)"`), key);
  return {
    title: one(/<title>([^<]*)<\/title>/, 'title'),
    description: meta('name="description"'),
    canonical: one(/<link rel="canonical" href="([^"]*)"/, 'canonical'),
    ogTitle: meta('property="og:title"'),
    ogDescription: meta('property="og:description"'),
    ogUrl: meta('property="og:url"'),
    ogType: meta('property="og:type"'),
    ogSiteName: meta('property="og:site_name"'),
    ogLocale: meta('property="og:locale"'),
    ogImage: meta('property="og:image"'),
    ogImageWidth: meta('property="og:image:width"'),
    ogImageHeight: meta('property="og:image:height"'),
    robots: [...html.matchAll(/<meta\s+name="robots"\s+content="([^"]*)"/g)].map((m) => m[1]),
  };
}

const fixedPaths: [path: string, canonical: MetaPath][] = [
  ...(Object.keys(pageMeta) as MetaPath[]).map((path): [string, MetaPath] => [path, path]),
  ...(Object.entries(pageAliases) as [string, MetaPath][]),
];

describe('the public pages’ HTML', () => {
  it.each(fixedPaths)(
    '%s carries its own title, description and one canonical address',
    async (path, canonical) => {
      const res = await t.app.inject(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      const meta = pageMeta[canonical] as { title: string; description: string; noindex?: boolean };
      const url = `${TEST_ORIGIN}${canonical}`;
      expect(head(res.body)).toEqual({
        title: escapeHtml(meta.title),
        description: escapeHtml(meta.description),
        canonical: url,
        ogTitle: escapeHtml(meta.title),
        ogDescription: escapeHtml(meta.description),
        ogUrl: url,
        ogType: 'website',
        ogSiteName: 'Mercado Gamer',
        ogLocale: 'pt_BR',
        ogImage: `${TEST_ORIGIN}/og-image.png`,
        ogImageWidth: '1200',
        ogImageHeight: '630',
        robots: meta.noindex ? ['noindex, follow'] : [],
      });
      // The spec's keywords stay as index.html has them.
      expect(res.body).toContain('<meta name="keywords" content="marketplace gamer, CS2" />');
    },
  );

  it('leave compressed for a browser that accepts it, and read the same', async () => {
    const plain = await t.app.inject('/home');
    const sent = await t.app.inject({ url: '/home', headers: { 'accept-encoding': 'br, gzip' } });
    expect(sent.headers['content-encoding']).toBe('br');
    expect(sent.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(sent.rawPayload).toString()).toBe(plain.body);
    // An API answer over the 1 KB below which compressing does not pay.
    const answer = await t.app.inject('/api/listings?sort=recent');
    expect(answer.rawPayload.length).toBeGreaterThan(1024);
    const api = await t.app.inject({
      url: '/api/listings?sort=recent',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(api.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(api.rawPayload).toString())).toEqual(answer.json());
  });

  it('keeps sign-in forms out of search results, and only them', () => {
    const hidden = Object.entries(pageMeta).filter(([, meta]) => 'noindex' in meta && meta.noindex);
    expect(hidden.map(([path]) => path).sort()).toEqual(['/esqueci-senha', '/login', '/register']);
  });

  it('gives a search or a filter of the marketplace the marketplace’s own address', async () => {
    const res = await t.app.inject('/marketplace?q=conta&categoria=contas');
    expect(res.statusCode).toBe(200);
    expect(head(res.body).canonical).toBe(`${TEST_ORIGIN}/marketplace`);
  });

  it('leaves other paths to the app, with index.html as it is', async () => {
    const res = await t.app.inject('/pagina-que-nao-existe');
    expect([res.statusCode, res.body]).toEqual([200, indexHtml]);
    expect((await t.app.inject('/perfil')).body).toBe(indexHtml);
  });
});

describe('a seller’s page', () => {
  it('names a public seller and states their real rating and sales', async () => {
    const res = await t.app.inject('/u/lojadopro');
    expect(res.statusCode).toBe(200);
    const tags = head(res.body);
    expect(tags).toMatchObject({
      title: 'LojaDoPro | Mercado Gamer',
      canonical: `${TEST_ORIGIN}/u/LojaDoPro`,
      ogUrl: `${TEST_ORIGIN}/u/LojaDoPro`,
      ogType: 'profile',
      robots: [],
    });
    expect(tags.description).toBe(
      'LojaDoPro no Mercado Gamer: nota 4,5 de 5 em 2 avaliações, 2 vendas concluídas. Veja os anúncios ativos e compre com intermediação garantida.',
    );
    expect(tags.ogDescription).toBe(tags.description);
  });

  it('tells nothing of a private profile but the nickname: no figures, bio or full name', async () => {
    const res = await t.app.inject('/u/Reservado');
    expect(res.statusCode).toBe(200);
    const tags = head(res.body);
    expect(tags.title).toBe('Reservado | Mercado Gamer');
    expect(tags.description).toBe(sellerDescription('Reservado', null));
    for (const secret of ['Vendo contas raras', 'Fulano', 'Silva', 'nota', 'avaliaç', 'vendas concluídas'])
      expect(res.body).not.toContain(secret);
  });

  it('answers 404 for a deleted account, whose row stays as a tombstone', async () => {
    const gone = await createUser(t.db, { nickname: 'JaFoiEmbora' });
    await t.db
      .update(users)
      .set({ email: deletedEmailOf(gone.id) })
      .where(eq(users.id, gone.id));
    const res = await t.app.inject('/u/JaFoiEmbora');
    expect([res.statusCode, res.body]).toEqual([404, indexHtml]);
  });

  it('answers 404 with the app for a member who does not exist', async () => {
    for (const path of ['/u/ninguem-com-este-nome', `/u/${'a'.repeat(41)}`, '/u/%20']) {
      const res = await t.app.inject(path);
      expect([res.statusCode, res.body], path).toEqual([404, indexHtml]);
    }
  });
});

describe('the static first screens of /intermediacao and /comunidade', () => {
  /** The element's opening tag and text in the HTML's first screen (between `data-first-screen` and the script). */
  const firstScreen = (html: string) => {
    const start = html.indexOf('data-first-screen');
    return start < 0 ? '' : html.slice(start, html.indexOf('</body>'));
  };
  const classOf = (html: string, tag: string) => html.match(new RegExp(`<${tag} class="([^"]+)"`))?.[1];
  const source = (file: string) =>
    readFileSync(new URL(`../../src/web/pages/${file}`, import.meta.url), 'utf8');

  it.each([
    [
      '/intermediacao',
      'IntermediationPage.tsx',
      'Intermediação',
      'Um intermediador da equipe segura o pagamento',
    ],
    ['/comunidade', 'CommunityPage.tsx', 'Comunidade', 'Troque dicas, acompanhe as novidades'],
    ['/community', 'CommunityPage.tsx', 'Comunidade', 'Troque dicas, acompanhe as novidades'],
  ])(
    '%s paints its header with the HTML, with the classes its React page renders',
    async (path, page, heading, text) => {
      const res = await t.app.inject(path);
      expect(res.statusCode).toBe(200);
      const screen = firstScreen(res.body);
      expect(screen).toMatch(new RegExp(`<h1 class="[^"]+">${heading}</h1>`));
      expect(screen).toContain(text);
      // The same classes as the page's own heading and wrapper: the app's first render replaces it where it stands.
      const tsx = source(page);
      expect(tsx).toContain(`className="${classOf(screen, 'h1')}"`);
      expect(tsx).toContain(`className="${classOf(screen, 'div')}"`);
      // Still the page's own title and address.
      expect(head(res.body).canonical).toBe(
        `${TEST_ORIGIN}${pageAliases[path as keyof typeof pageAliases] ?? path}`,
      );
    },
  );

  it("/intermediacao/{id} paints the room's skeleton with the HTML, with the classes of its React skeleton", async () => {
    const res = await t.app.inject('/intermediacao/12');
    expect(res.statusCode).toBe(200);
    const screen = firstScreen(res.body);
    expect(screen).toContain('role="status" aria-busy="true" aria-label="Carregando intermediação"');
    const tsx = readFileSync(
      new URL('../../src/web/features/trades/TradeRoomSkeleton.tsx', import.meta.url),
      'utf8',
    );
    const classes = [...screen.matchAll(/class="([^"]+)"/g)].map((m) =>
      (m[1] as string).replace(/^animate-pulse bg-surface-3 /, ''),
    );
    expect(classes.length).toBeGreaterThan(10);
    expect(classes.filter((cls) => !tsx.includes(`"${cls}"`))).toEqual([]);
  });

  it("/comunidade holds the forum's first posts, escaped, without a banned member's, and only when plain", async () => {
    const author = await createUser(t.db, { nickname: 'AutorDoForum' });
    const banned = await createUser(t.db, { nickname: 'BanidoDoForum' });
    await createPost(t.db, banned.id, { title: 'Post de quem foi banido' });
    await createPost(t.db, author.id, { title: 'Dica <b>"rara"</b> & build' });
    await t.db.insert(userSuspensions).values({ userId: banned.id, penalty: 'permanente', reason: 'Teste' });

    const screen = firstScreen((await t.app.inject('/comunidade')).body);
    expect(screen).toContain('>Dica &lt;b&gt;"rara"&lt;/b&gt; &amp; build</a></h2>');
    expect(screen).not.toContain('<b>');
    expect(screen).toContain('AutorDoForum');
    expect(screen).not.toContain('Post de quem foi banido');
    expect(screen).not.toContain('BanidoDoForum');
    // The post's card has PostCard's classes: the app's list replaces it where it stands.
    const card = source('../features/community/PostCard.tsx');
    expect(card).toContain(`className="${classOf(screen, 'article')}"`);
    expect(card).toContain(`className="${classOf(screen, 'h2')}"`);
    // A filtered view is the browser's to ask for: its HTML has the header alone.
    const filtered = firstScreen((await t.app.inject('/comunidade?categoria=dicas')).body);
    expect(filtered).toContain('Comunidade');
    expect(filtered).not.toContain('Dica &lt;b&gt;');
  });

  it('is the same for a signed-in member as for a guest: no one’s data in it', async () => {
    const member = await createUser(t.db, { nickname: 'MembroComTrocas' });
    const cookie = await signIn(t.app, member.email, member.password);
    const guest = await t.app.inject('/intermediacao');
    const signedIn = await t.app.inject({ url: '/intermediacao', headers: { cookie } });
    expect(signedIn.body).toBe(guest.body);
    expect(signedIn.body).not.toContain('MembroComTrocas');
  });
});

describe('the static first screen of /home', () => {
  const source = (file: string) => readFileSync(new URL(`../../src/web/${file}`, import.meta.url), 'utf8');
  /** HomePage and the components it draws the first screen with: the HTML's classes must be theirs. */
  const sources = [
    'pages/HomePage.tsx',
    'features/games/GameTiles.tsx',
    'features/listings/browse/SeeAllLink.tsx',
  ].map(source);
  let body: string;
  let photoUrl: string;

  beforeAll(async () => {
    const games = await createGames(t.db);
    const seller = await createUser(t.db, { nickname: 'VitrineHome' });
    const cookie = await signIn(t.app, seller.email, seller.password);
    for (const title of [
      'Mais antiga',
      'Skin AWP',
      'Conta LoL',
      'Moedas Free Fire',
      'Conta CS2 <Prime> & "skins"',
    ])
      expect(
        (await postListing(t.app, cookie, listingForm(games.cs2 as number, { title }), [await photo()]))
          .statusCode,
      ).toBe(201);
    body = (await t.app.inject('/home')).body;
    photoUrl = (await t.app.inject('/api/listings?sort=recent&pageSize=1')).json().items[0].image.url;
  });

  it('holds the hero, the game tiles with their counts and the first row of featured cards', () => {
    const screen = body.slice(body.indexOf('data-first-screen'), body.indexOf('</body>'));
    expect(screen).toMatch(/<h1 id="home-titulo" class="[^"]+">Itens, contas e skins com/);
    // The busiest game first, with the count the API gives, linked to its category.
    expect(screen).toMatch(
      /<a href="\/categoria\/cs2" class="[^"]+">.*?<span class="[^"]+">Counter-Strike 2<\/span><span class="[^"]+">5 anúncios<\/span>/,
    );
    // Four cards (the grid's first row at 1024px), newest first, the title escaped.
    const cards = [...screen.matchAll(/<h3 [^>]*><a href="\/listing\/\d+" [^>]*>([^<]*)<\/a>/g)].map(
      (m) => m[1],
    );
    expect(cards).toEqual([
      'Conta CS2 &lt;Prime&gt; &amp; "skins"',
      'Moedas Free Fire',
      'Conta LoL',
      'Skin AWP',
    ]);
  });

  it('preloads the first card’s photo with the srcset and sizes of the card’s own <img>', () => {
    const preload = body.match(
      /<link rel="preload" as="image" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high" \/>/,
    );
    expect(preload?.[1]).toBe(photoUrl);
    expect(body).toContain(`<img src="${preload?.[1]}" srcset="${preload?.[2]}" sizes="${preload?.[3]}"`);
    // The sizes the home's four-column grid gives its photos.
    expect(source('features/listings/browse/ListingGrid.tsx')).toContain(`4: '${preload?.[3]}'`);
  });

  it('uses the classes its React page renders, so the app takes over where it stands', () => {
    const screen = body.slice(body.indexOf('data-first-screen'), body.indexOf('</body>'));
    // The page's wrapper, the sections, headings, tiles and their parts (the cards are the marketplace's markup).
    const outsideCards = screen
      .replace(/<article[\s\S]*?<\/article>/g, '')
      .replace(/<svg[\s\S]*?<\/svg>/g, '');
    const classes = [
      ...outsideCards.matchAll(/<(?:div|section|h1|h2|p|ul|li|span) (?:[a-z-]+="[^"]*" )*class="([^"]+)"/g),
    ].map((m) => m[1] as string);
    expect(classes.length).toBeGreaterThan(12);
    const missing = classes.filter((cls) => !sources.some((tsx) => tsx.includes(`"${cls}"`)));
    // The grid's classes are composed by ListingGrid (its base and its four-column entry).
    expect(missing).toEqual(['grid gap-3 sm:gap-4 grid-cols-2 md:grid-cols-3 lg:grid-cols-4']);
  });

  it('gives each card the trust row the app draws under the seller, so the card keeps its height', () => {
    const screen = body.slice(body.indexOf('data-first-screen'), body.indexOf('</body>'));
    const rows = [
      ...screen.matchAll(
        /<div class="([^"]+)"><span class="([^"]+)">Novo vendedor<\/span><\/div>\s*<\/div>\s*<\/article>/g,
      ),
    ];
    // A seller with no review yet: 'Novo vendedor' on each of the four cards, with RatingLine's and the card's classes.
    expect(rows).toHaveLength(4);
    expect(source('features/listings/browse/ListingCard.tsx')).toContain(`"${rows[0]?.[1]}"`);
    expect(source('features/reputation/SealBadges.tsx')).toContain(`'${rows[0]?.[2]}'`);
  });

  it('is the same for a signed-in member as for a guest', async () => {
    const member = await createUser(t.db, { nickname: 'MembroDaHome' });
    const cookie = await signIn(t.app, member.email, member.password);
    const signedIn = await t.app.inject({ url: '/home', headers: { cookie } });
    expect(signedIn.body).toBe((await t.app.inject('/home')).body);
    expect(signedIn.body).not.toContain('MembroDaHome');
  });
});
