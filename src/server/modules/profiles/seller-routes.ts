import { listingPage } from '@shared/listings';
import { memberActivity } from '@shared/member-activity';
import { canSeeProfileDetails } from '@shared/permissions';
import { reviewMessages as m } from '@shared/review-messages';
import { reviewPage, reviewPageQuery, sellerPage, usernameParams } from '@shared/reviews';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readViewer } from '../../auth/guards';
import type { Db } from '../../db/client';
import { adminRoles, listings, profiles, users } from '../../db/schema';
import { AppError } from '../../errors';
import { isLiveAccount } from '../accounts/lifecycle';
import { selectCards, toCard } from '../listings/cards';
import { publicListing } from '../listings/open-shop';
import type { ReviewsService } from '../reviews/service';
import { readReputation, withSellerBadges } from '../reviews/stats';
import { readUserSettings } from '../settings/preferences';
import { readMemberActivity } from './activity';

const tags = ['avaliações'];
/** The seller's page lists this many of their newest active listings. */
const SELLER_LISTINGS = 24;

/** The seller's public page under /api/users/:username (issue 12): profile and seals, forum activity, listings, reviews. */
export const sellerPageRoutes: FastifyPluginAsyncZod<{
  db: Db;
  reviews: ReviewsService;
  now: () => Date;
}> = async (app, { db, reviews, now }) => {
  /** The profile row behind a username, or 404. */
  async function profileByUsername(username: string) {
    const [profile] = await db
      .select({
        id: profiles.id,
        username: profiles.username,
        avatarUrl: profiles.avatarUrl,
        bio: profiles.bio,
        staff: adminRoles.role,
      })
      .from(profiles)
      // A deleted account keeps its row under 'Usuário removido': no page of its own.
      .innerJoin(users, and(eq(users.id, profiles.id), isLiveAccount))
      .leftJoin(adminRoles, eq(adminRoles.userId, profiles.id))
      .where(eq(sql`lower(${profiles.username})`, username.toLowerCase()))
      .limit(1);
    if (!profile) throw new AppError('NOT_FOUND', m.userNotFound);
    return profile;
  }

  app.get(
    '/:username',
    {
      onRequest: readViewer,
      schema: {
        tags,
        summary: 'A página pública de um vendedor',
        params: usernameParams,
        response: { 200: sellerPage },
      },
    },
    async (request, reply) => {
      const profile = await profileByUsername(request.params.username);
      const isPublic = canSeeProfileDetails(request.viewer, {
        id: profile.id,
        profilePublic: (await readUserSettings(db, profile.id)).privacy.profilePublic,
      });
      const reputation = await readReputation(db, profile.id, now());
      // The answer depends on who asks and on a switch the owner may turn at any time.
      reply.header('cache-control', 'private, no-store');
      return {
        id: profile.id,
        username: profile.username,
        avatarUrl: profile.avatarUrl,
        isPublic,
        isStaff: profile.staff !== null,
        seals: reputation?.seals ?? [],
        level: isPublic && reputation ? reputation.level : null,
        stats: isPublic && reputation ? reputation.stats : null,
        buyerRating: isPublic ? (reputation?.buyerRating ?? null) : null,
        buyerReviewCount: isPublic ? (reputation?.buyerReviewCount ?? 0) : 0,
        bio: isPublic ? profile.bio : null,
      };
    },
  );

  app.get(
    '/:username/activity',
    {
      onRequest: readViewer,
      schema: {
        tags,
        summary: 'Atividade recente de um membro no fórum (se ele a mostra)',
        params: usernameParams,
        response: { 200: memberActivity },
      },
    },
    async (request, reply) => {
      const profile = await profileByUsername(request.params.username);
      // The answer depends on who asks and on a switch the owner may turn at any time.
      reply.header('cache-control', 'private, no-store');
      return readMemberActivity(db, profile.id, request.viewer, now());
    },
  );

  app.get(
    '/:username/listings',
    {
      schema: {
        tags,
        summary: 'Os anúncios ativos de um vendedor (os 24 mais novos)',
        params: usernameParams,
        response: { 200: listingPage },
      },
    },
    async (request) => {
      const profile = await profileByUsername(request.params.username);
      // A suspended seller's page lists nothing while the suspension lasts (decision 023).
      const active = and(eq(listings.sellerId, profile.id), publicListing(now()));
      const [rows, [counted]] = await Promise.all([
        selectCards(db)
          .where(active)
          .orderBy(desc(listings.createdAt), desc(listings.id))
          .limit(SELLER_LISTINGS),
        db.select({ n: sql<number>`count(*)::int` }).from(listings).where(active),
      ]);
      const total = counted?.n ?? 0;
      return {
        items: await withSellerBadges(db, rows.map(toCard), now()),
        total,
        totalCapped: false,
        page: 1,
        pageSize: SELLER_LISTINGS,
        correctedQuery: null,
      };
    },
  );

  app.get(
    '/:username/reviews',
    {
      onRequest: readViewer,
      schema: {
        tags,
        summary: 'Avaliações publicadas que um membro recebeu',
        params: usernameParams,
        querystring: reviewPageQuery,
        response: { 200: reviewPage },
      },
    },
    async (request, reply) => {
      const profile = await profileByUsername(request.params.username);
      const isPublic = canSeeProfileDetails(request.viewer, {
        id: profile.id,
        profilePublic: (await readUserSettings(db, profile.id)).privacy.profilePublic,
      });
      reply.header('cache-control', 'private, no-store');
      if (!isPublic) return { items: [], total: 0, page: request.query.page, pageSize: 0 };
      return reviews.forUser(profile.id, request.query.as, request.query.page);
    },
  );
};
