import { categoryLabel, postExcerpt } from '@shared/community-rules';
import { firstDataKey } from '@shared/first-data';
import { categoryTabs } from '@shared/listing-kinds';
import { FEATURED_COUNT, type ListingPage, MAX_INT4, PAGE_SIZE } from '@shared/listings';
import { formatPrice } from '@shared/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { pageModules } from '../../web';
import type { PostsService } from '../community/posts';
import { findGameBySlug } from '../games/find';
import type { ListingsService } from '../listings/service';
import {
  CARD_PHOTO_SIZES,
  homeFirstScreen,
  LISTING_PHOTO_SIZES,
  listingFirstScreen,
  marketplaceFirstScreen,
  publicAnswers,
  withFirstPaint,
} from './first-paint';
import { listingProduct } from './structured-data';
import { withShareTags } from './tags';

const SITE = 'Mercado Gamer';

/**
 * The SPA's index.html for /listing/{id}, /categoria/{slug} and /community/post/{id}, with that page's title and
 * Open Graph tags, so a link pasted into WhatsApp or Discord previews the item (price and photo) or the post.
 * For /home, /marketplace, /categoria/{slug} and /listing/{id} it also carries what the page needs first (see
 * first-paint.ts): its chunks to preload and the public API answers it would ask for at once.
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

  app.get('/home', { schema: { hide: true } }, async (_request, reply) => {
    html(reply);
    return withFirstPaint(indexHtml, {
      modules: pageModules('pages/HomePage.tsx'),
      firstScreen: homeFirstScreen,
      answers: await publicAnswers(app, [
        `/api/listings?sort=recent&pageSize=${FEATURED_COUNT}`,
        '/api/games',
      ]),
    });
  });

  app.get('/marketplace', { schema: { hide: true } }, async (request, reply) => {
    html(reply);
    // Only the plain marketplace (newest first, page 1): a search or a filter is the browser's to ask for.
    const plain = !request.url.includes('?');
    const firstPage = '/api/listings?sort=recent&page=1';
    const answers = await publicAnswers(app, plain ? [firstPage, '/api/games'] : ['/api/games']);
    // The first card's photo is the largest thing on a phone's first screen: it downloads with the HTML, and the
    // first row of cards paints with it, before any script.
    const listingPage = answers[firstDataKey(firstPage)] as ListingPage | undefined;
    const photo = listingPage?.items[0]?.image;
    return withFirstPaint(indexHtml, {
      modules: pageModules('pages/MarketplacePage.tsx'),
      answers,
      image: photo ? { url: photo.url, srcSet: photo.srcSet, sizes: CARD_PHOTO_SIZES } : undefined,
      firstScreen: listingPage?.items.length ? marketplaceFirstScreen(listingPage) : undefined,
    });
  });

  app.get(
    '/listing/:id',
    { schema: { hide: true, params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      html(reply);
      const id = Number(request.params.id);
      const listing =
        Number.isInteger(id) && id > 0 && id <= MAX_INT4 ? await listings.detail(id).catch(notFound) : null;
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
        title: `${listing.title} | ${SITE}`,
        description: `${formatPrice(listing.priceCents)} · ${listing.game.name} — ${listing.shortDescription}`,
        url: `${publicUrl}/listing/${listing.id}`,
        image: image && {
          url: `${publicUrl}${image.url}`,
          width: image.width,
          height: image.height,
          alt: image.alt,
        },
        structuredData: listingProduct(listing, publicUrl),
      });
    },
  );

  app.get(
    '/categoria/:slug',
    { schema: { hide: true, params: z.object({ slug: z.string().max(80) }) } },
    async (request, reply) => {
      html(reply);
      const game = await findGameBySlug(db, request.params.slug);
      if (!game) return reply.status(404).send(indexHtml);
      // The page's queries: the game by the slug in the address, then its newest listings under the game's own
      // slug, of the kind in `?categoria=` when it names one (as CategoryPage reads it).
      const kindParam = (request.query as Record<string, unknown>).categoria;
      const kind = categoryTabs.find((tab) => tab.value !== 'all' && tab.value === kindParam)?.value;
      const newest = `/api/listings?game=${encodeURIComponent(game.slug)}&sort=recent&pageSize=${PAGE_SIZE}`;
      const paths = [`/api/games/${encodeURIComponent(request.params.slug)}`, '/api/games', newest];
      if (kind) paths.push(`${newest}&kind=${kind}`);
      const answers = await publicAnswers(app, paths);
      // The preview shows the photo of the game's newest listing that has one.
      const photo = (answers[firstDataKey(newest)] as ListingPage | undefined)?.items.find(
        (item) => item.image,
      )?.image;
      const page = withFirstPaint(indexHtml, { modules: pageModules('pages/CategoryPage.tsx'), answers });
      return withShareTags(page, {
        title: `${game.name} | ${SITE}`,
        description: `Compre e venda contas, itens, moedas e skins de ${game.name} com intermediação garantida e pagamento via PIX.`,
        url: `${publicUrl}/categoria/${game.slug}`,
        image: photo
          ? { url: `${publicUrl}${photo.url}`, width: photo.width, height: photo.height, alt: photo.alt }
          : undefined,
      });
    },
  );

  app.get(
    '/community/post/:id',
    { schema: { hide: true, params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      html(reply);
      const id = Number(request.params.id);
      const post =
        Number.isInteger(id) && id > 0 && id <= MAX_INT4
          ? await posts.detail(null, id).catch(notFound)
          : null;
      if (!post) return reply.status(404).send(indexHtml);
      return withShareTags(indexHtml, {
        title: `${post.title} | Comunidade ${SITE}`,
        description: `${categoryLabel(post.category)} — ${postExcerpt(post.content)}`,
        url: `${publicUrl}/community/post/${post.id}`,
      });
    },
  );
};

/** A missing listing or post, or an inactive listing: the SPA shows its own 'not found' text. */
function notFound(error: unknown): null {
  if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
  throw error;
}
