import { categoryLabel, postExcerpt } from '@shared/community-rules';
import { MAX_INT4 } from '@shared/listings';
import { formatPrice } from '@shared/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { PostsService } from '../community/posts';
import { findGameBySlug } from '../games/find';
import type { ListingsService } from '../listings/service';
import { withShareTags } from './tags';

const SITE = 'Mercado Gamer';

/**
 * The SPA's index.html for /listing/{id}, /categoria/{slug} and /community/post/{id}, with that page's title and
 * Open Graph tags, so a link pasted into WhatsApp or Discord previews the item (price and photo) or the post.
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
      return withShareTags(indexHtml, {
        title: `${listing.title} | ${SITE}`,
        description: `${formatPrice(listing.priceCents)} · ${listing.game.name} — ${listing.shortDescription}`,
        url: `${publicUrl}/listing/${listing.id}`,
        image: image && {
          url: `${publicUrl}${image.url}`,
          width: image.width,
          height: image.height,
          alt: image.alt,
        },
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
      return withShareTags(indexHtml, {
        title: `${game.name} | ${SITE}`,
        description: `Compre e venda contas, itens, moedas e skins de ${game.name} com intermediação garantida e pagamento via PIX.`,
        url: `${publicUrl}/categoria/${game.slug}`,
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
