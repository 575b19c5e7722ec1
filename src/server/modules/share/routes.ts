import type { PostPage } from '@shared/community';
import { categoryLabel, postExcerpt } from '@shared/community-rules';
import { firstDataKey } from '@shared/first-data';
import type { Game } from '@shared/games';
import { categoryTabs } from '@shared/listing-kinds';
import { listingMessages } from '@shared/listing-messages';
import { FEATURED_COUNT, type ListingPage, MAX_INT4, PAGE_SIZE } from '@shared/listings';
import { formatPrice } from '@shared/money';
import {
  type MetaPath,
  pageAliases,
  pageMeta,
  SITE_NAME,
  sellerDescription,
  sellerTitle,
} from '@shared/page-meta';
import { paths, routePatterns } from '@shared/paths';
import { canSeeProfileDetails } from '@shared/permissions';
import { usernameParams } from '@shared/reviews';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { AppError } from '../../errors';
import { pageModules } from '../../web';
import { isLiveAccount } from '../accounts/lifecycle';
import type { PostsService } from '../community/posts';
import { findGameBySlug } from '../games/find';
import type { ListingsService } from '../listings/service';
import { readReputation } from '../reviews/stats';
import { readUserSettings } from '../settings/preferences';
import { communityFirstScreen } from './community-first-screen';
import {
  CARD_PHOTO_SIZES,
  intermediationFirstScreen,
  LISTING_PHOTO_SIZES,
  listingFirstScreen,
  marketplaceFirstScreen,
  publicAnswers,
  tradeRoomFirstScreen,
  withFirstPaint,
} from './first-paint';
import { homeFirstScreen } from './home-first-screen';
import { listingProduct } from './structured-data';
import { defaultShareImage, withShareTags } from './tags';

/** The pages with a handler of their own below (they also carry what the page needs first). */
const ownHandlers = new Set<string>([paths.home, paths.marketplace]);

/**
 * The SPA's index.html for every public page, with that page's title, description, canonical URL and Open Graph
 * tags: crawlers and the link previews of WhatsApp or Discord run no JavaScript. The fixed pages take theirs from
 * @shared/page-meta; /listing/{id}, /categoria/{slug}, /community/post/{id} and /u/{username} from their data, so
 * a link previews the item (price and photo), the post or the seller. Other paths fall to the SPA's fallback.
 * For /home, /marketplace, /comunidade, /categoria/{slug} and /listing/{id} it also carries what the page needs
 * first (see first-paint.ts): its chunks to preload, the public API answers it would ask for at once, and for
 * /home, /marketplace and /listing/{id} its first screen with the largest photo preloaded (the forum's, its first
 * posts: community-first-screen.ts).
 */
export const shareRoutes: FastifyPluginAsyncZod<{
  db: Db;
  listings: ListingsService;
  posts: PostsService;
  indexHtml: string;
  publicUrl: string;
}> = async (app, { db, listings, posts, indexHtml, publicUrl }) => {
  const html = (reply: { header: (k: string, v: string) => unknown; type: (t: string) => unknown }) => {
    reply.header('cache-control', 'no-cache');
    reply.type('text/html; charset=utf-8');
  };
  const defaultImage = defaultShareImage(publicUrl);
  /** A fixed page's tags, under its canonical path whichever alias was asked for. */
  const fixedPageTags = (path: MetaPath) => {
    const meta: { title: string; description: string; noindex?: boolean } = pageMeta[path];
    return { ...meta, url: `${publicUrl}${path}`, image: defaultImage };
  };

  const fixedPaths: [path: string, canonical: MetaPath][] = [
    ...(Object.keys(pageMeta) as MetaPath[]).map((path): [string, MetaPath] => [path, path]),
    ...Object.entries(pageAliases),
  ];
  // Pages with a static first screen (first-paint.ts) and their chunks, under every address they answer to.
  const firstScreens = new Map<MetaPath, { source: string; firstScreen: string }>([
    [
      paths.intermediation,
      { source: 'pages/IntermediationPage.tsx', firstScreen: intermediationFirstScreen },
    ],
  ]);
  for (const [path, canonical] of fixedPaths) {
    if (ownHandlers.has(path) || canonical === paths.community) continue;
    const first = firstScreens.get(canonical);
    // The same bytes for every visitor: written once.
    const page = withShareTags(
      first
        ? withFirstPaint(indexHtml, { modules: pageModules(first.source), firstScreen: first.firstScreen })
        : indexHtml,
      fixedPageTags(canonical),
    );
    app.get(path, { schema: { hide: true } }, async (_request, reply) => {
      html(reply);
      return page;
    });
  }

  // A trade's room: private, but its skeleton is the same for everyone (a guest is sent to /login by the app).
  const tradeRoomPage = withFirstPaint(indexHtml, {
    modules: pageModules('pages/TradeRoomPage.tsx'),
    firstScreen: tradeRoomFirstScreen,
  });
  app.get(routePatterns.trade, { schema: { hide: true } }, async (_request, reply) => {
    html(reply);
    return tradeRoomPage;
  });

  app.get(paths.home, { schema: { hide: true } }, async (_request, reply) => {
    html(reply);
    const featured = `/api/listings?sort=recent&pageSize=${FEATURED_COUNT}`;
    const answers = await publicAnswers(app, [featured, '/api/games']);
    const games = (answers[firstDataKey('/api/games')] as { games: Game[] } | undefined)?.games;
    const listings = (answers[firstDataKey(featured)] as ListingPage | undefined)?.items;
    // The first featured card's photo is the largest thing on a phone's first screen (under the hero and the
    // tiles): it downloads with the HTML, with the grid's srcset and sizes so the app's <img> reuses it.
    const photo = games?.length ? listings?.[0]?.image : undefined;
    const page = withFirstPaint(indexHtml, {
      modules: pageModules('pages/HomePage.tsx'),
      firstScreen: homeFirstScreen(games, listings),
      answers,
      image: photo ? { url: photo.url, srcSet: photo.srcSet, sizes: CARD_PHOTO_SIZES } : undefined,
    });
    return withShareTags(page, fixedPageTags(paths.home));
  });

  app.get(paths.marketplace, { schema: { hide: true } }, async (request, reply) => {
    html(reply);
    // Only the plain marketplace (newest first, page 1): a search or a filter is the browser's to ask for.
    const plain = !request.url.includes('?');
    const firstPage = '/api/listings?sort=recent&page=1';
    const answers = await publicAnswers(app, plain ? [firstPage, '/api/games'] : ['/api/games']);
    // The first card's photo is the largest thing on a phone's first screen: it downloads with the HTML, and the
    // first row of cards paints with it, before any script.
    const listingPage = answers[firstDataKey(firstPage)] as ListingPage | undefined;
    const photo = listingPage?.items[0]?.image;
    const page = withFirstPaint(indexHtml, {
      modules: pageModules('pages/MarketplacePage.tsx'),
      answers,
      image: photo ? { url: photo.url, srcSet: photo.srcSet, sizes: CARD_PHOTO_SIZES } : undefined,
      firstScreen: listingPage?.items.length ? marketplaceFirstScreen(listingPage) : undefined,
    });
    // A search or a filter is a view of the one marketplace page: same tags, same canonical address.
    return withShareTags(page, fixedPageTags(paths.marketplace));
  });

  // The forum, under both its addresses. Only the plain list (newest first, page 1) carries its first posts: a
  // category, a search or another page is the browser's to ask for. The posts are the API's answer to a guest
  // (the same read, so a banned member's posts are left out as there), in the HTML and as the app's first data.
  for (const [path, canonical] of fixedPaths) {
    if (canonical !== paths.community) continue;
    app.get(path, { schema: { hide: true } }, async (request, reply) => {
      html(reply);
      const firstPage = '/api/community/posts';
      const answers = request.url.includes('?') ? {} : await publicAnswers(app, [firstPage]);
      const page = withFirstPaint(indexHtml, {
        modules: pageModules('pages/CommunityPage.tsx'),
        answers,
        firstScreen: communityFirstScreen(answers[firstDataKey(firstPage)] as PostPage | undefined),
      });
      return withShareTags(page, fixedPageTags(paths.community));
    });
  }

  app.get(
    routePatterns.listing,
    { schema: { hide: true, params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      html(reply);
      const id = Number(request.params.id);
      const listing =
        Number.isInteger(id) && id > 0 && id <= MAX_INT4 ? await listings.detail(id).catch(notFound) : null;
      // A suspended seller's listing (decision 023): 'Anúncio indisponível', nothing of the item or the seller.
      if (listing === 'unavailable') {
        return reply.status(404).send(
          withShareTags(indexHtml, {
            title: `${listingMessages.unavailable} | ${SITE_NAME}`,
            description: listingMessages.unavailableText,
            url: `${publicUrl}${paths.listing(id)}`,
            image: defaultImage,
            noindex: true,
          }),
        );
      }
      if (!listing) return reply.status(404).send(indexHtml);
      const image = listing.images[0];
      // The listing itself is not inlined: the browser's request for it counts the view (once per visitor a day),
      // and it starts as soon as the main script runs, next to the page's preloaded code and its photo.
      const page = withFirstPaint(indexHtml, {
        modules: pageModules('pages/ListingPage.tsx'),
        answers: await publicAnswers(app, ['/api/games']),
        image: image && { url: image.url, srcSet: image.srcSet, sizes: LISTING_PHOTO_SIZES },
        firstScreen: listingFirstScreen(listing),
      });
      return withShareTags(page, {
        title: `${listing.title} | ${SITE_NAME}`,
        description: `${formatPrice(listing.priceCents)} · ${listing.game.name} — ${listing.shortDescription}`,
        url: `${publicUrl}${paths.listing(listing.id)}`,
        image: image
          ? { url: `${publicUrl}${image.url}`, width: image.width, height: image.height, alt: image.alt }
          : defaultImage,
        structuredData: listingProduct(listing, publicUrl),
      });
    },
  );

  app.get(
    routePatterns.category,
    { schema: { hide: true, params: z.object({ gameSlug: z.string().max(80) }) } },
    async (request, reply) => {
      html(reply);
      const game = await findGameBySlug(db, request.params.gameSlug);
      if (!game) return reply.status(404).send(indexHtml);
      // The page's queries: the game by the slug in the address, then its newest listings under the game's own
      // slug, of the kind in `?categoria=` when it names one (as CategoryPage reads it).
      const kindParam = (request.query as Record<string, unknown>).categoria;
      const kind = categoryTabs.find((tab) => tab.value !== 'all' && tab.value === kindParam)?.value;
      const newest = `/api/listings?game=${encodeURIComponent(game.slug)}&sort=recent&pageSize=${PAGE_SIZE}`;
      const asked = [`/api/games/${encodeURIComponent(request.params.gameSlug)}`, '/api/games', newest];
      if (kind) asked.push(`${newest}&kind=${kind}`);
      const answers = await publicAnswers(app, asked);
      // The preview shows the photo of the game's newest listing that has one.
      const photo = (answers[firstDataKey(newest)] as ListingPage | undefined)?.items.find(
        (item) => item.image,
      )?.image;
      const page = withFirstPaint(indexHtml, { modules: pageModules('pages/CategoryPage.tsx'), answers });
      return withShareTags(page, {
        title: `${game.name} | ${SITE_NAME}`,
        description: `Compre e venda contas, itens, moedas e skins de ${game.name} com intermediação garantida e pagamento via PIX.`,
        url: `${publicUrl}${paths.category(game.slug)}`,
        image: photo
          ? { url: `${publicUrl}${photo.url}`, width: photo.width, height: photo.height, alt: photo.alt }
          : defaultImage,
      });
    },
  );

  app.get(
    routePatterns.post,
    { schema: { hide: true, params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      html(reply);
      const id = Number(request.params.id);
      const post =
        Number.isInteger(id) && id > 0 && id <= MAX_INT4
          ? await posts.detail(null, id).catch(notFound)
          : null;
      if (!post || post === 'unavailable') return reply.status(404).send(indexHtml);
      return withShareTags(indexHtml, {
        title: `${post.title} | Comunidade ${SITE_NAME}`,
        description: `${categoryLabel(post.category)} — ${postExcerpt(post.content)}`,
        url: `${publicUrl}${paths.post(post.id)}`,
        type: 'article',
        image: defaultImage,
      });
    },
  );

  app.get(
    routePatterns.user,
    { schema: { hide: true, params: z.object({ username: z.string() }) } },
    async (request, reply) => {
      html(reply);
      // A name the API would refuse (blank, too long) cannot belong to anyone.
      const username = usernameParams.safeParse(request.params).data?.username;
      const [profile] = username
        ? await db
            .select({ id: profiles.id, username: profiles.username })
            .from(profiles)
            .innerJoin(users, and(eq(users.id, profiles.id), isLiveAccount))
            .where(sql`lower(${profiles.username}) = ${username.toLowerCase()}`)
            .limit(1)
        : [];
      if (!profile) return reply.status(404).send(indexHtml);
      // What a guest may see, whoever asks: the HTML is the same for a crawler, a preview and the owner. A private
      // profile gives only the nickname (GET /api/users/{username} hides its figures and bio the same way).
      const isPublic = canSeeProfileDetails(null, {
        id: profile.id,
        profilePublic: (await readUserSettings(db, profile.id)).privacy.profilePublic,
      });
      const reputation = isPublic ? await readReputation(db, profile.id, new Date()) : null;
      return withShareTags(indexHtml, {
        title: sellerTitle(profile.username),
        description: sellerDescription(profile.username, reputation?.stats ?? null),
        url: `${publicUrl}${paths.user(profile.username)}`,
        type: 'profile',
        image: defaultImage,
      });
    },
  );
};

/**
 * A missing listing or post, or an inactive listing: the SPA shows its own 'not found' text. A suspended seller's
 * listing is 'unavailable' (its own page state, decision 023).
 */
function notFound(error: unknown): null | 'unavailable' {
  if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
  if (error instanceof AppError && error.code === 'LISTING_UNAVAILABLE') return 'unavailable';
  throw error;
}
