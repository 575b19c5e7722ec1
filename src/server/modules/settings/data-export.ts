import type { ActivityReport } from '@shared/settings';
import { and, asc, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import {
  accounts,
  communityComments,
  communityLikes,
  communityPosts,
  favorites,
  listingComments,
  listings,
  loginHistory,
  notifications,
  offers,
  payoutIdentities,
  pixKeys,
  profiles,
  reports,
  sessions,
  supportTickets,
  tradeChatMessages,
  tradeChatReads,
  trades,
  users,
} from '../../db/schema';
import { AppError } from '../../errors';
import { readUserSettings } from './preferences';

/** Months the activity report covers, the current one included. */
const ACTIVITY_MONTHS = 6;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * LGPD (art. 18, portability): everything we hold about the member, and nothing about anyone else: offers
 * received and trades carry the listing and the amounts but not the other party's id, name or e-mail; a report
 * on a user keeps only the name the member saw. Never a password hash, session token or OAuth token.
 */
export function createDataExportService(db: Db) {
  async function exportData(viewer: Viewer) {
    const userId = viewer.userId;
    const [account] = await db
      .select({
        id: users.id,
        email: users.email,
        emailVerified: users.emailVerified,
        mainGame: users.mainGame,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!account) throw AppError.unauthenticated();
    const [identity] = await db
      .select({
        fullName: payoutIdentities.fullName,
        documentKind: payoutIdentities.documentKind,
        document: payoutIdentities.document,
        createdAt: payoutIdentities.createdAt,
        updatedAt: payoutIdentities.updatedAt,
      })
      .from(payoutIdentities)
      .where(eq(payoutIdentities.userId, userId));
    const myListingIds = db.select({ id: listings.id }).from(listings).where(eq(listings.sellerId, userId));

    const [
      profile,
      settings,
      signInMethods,
      myListings,
      myFavorites,
      sentOffers,
      receivedOffers,
      myTrades,
      posts,
      postComments,
      likes,
      questions,
      myReports,
      keys,
      myNotifications,
      mySessions,
      signIns,
      tickets,
    ] = await Promise.all([
      db
        .select({
          username: profiles.username,
          fullName: profiles.fullName,
          phone: profiles.phone,
          bio: profiles.bio,
          avatarUrl: profiles.avatarUrl,
          updatedAt: profiles.updatedAt,
        })
        .from(profiles)
        .where(eq(profiles.id, userId))
        .then((rows) => rows[0] ?? null),
      readUserSettings(db, userId),
      db
        .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
        .from(accounts)
        .where(eq(accounts.userId, userId)),
      db
        .select({
          id: listings.id,
          title: listings.title,
          description: listings.description,
          priceCents: listings.priceCents,
          quantity: listings.quantity,
          kind: listings.kind,
          whatsapp: listings.whatsapp,
          status: listings.status,
          views: listings.views,
          createdAt: listings.createdAt,
          updatedAt: listings.updatedAt,
        })
        .from(listings)
        .where(eq(listings.sellerId, userId))
        .orderBy(asc(listings.id)),
      db
        .select({ listingId: favorites.listingId, title: listings.title, createdAt: favorites.createdAt })
        .from(favorites)
        .innerJoin(listings, eq(listings.id, favorites.listingId))
        .where(eq(favorites.userId, userId)),
      db
        .select({
          id: offers.id,
          listingId: offers.listingId,
          listingTitle: listings.title,
          amountCents: offers.amountCents,
          message: offers.message,
          status: offers.status,
          createdAt: offers.createdAt,
          decidedAt: offers.decidedAt,
        })
        .from(offers)
        .innerJoin(listings, eq(listings.id, offers.listingId))
        .where(eq(offers.buyerId, userId))
        .orderBy(asc(offers.id)),
      db
        .select({
          id: offers.id,
          listingId: offers.listingId,
          listingTitle: listings.title,
          amountCents: offers.amountCents,
          status: offers.status,
          createdAt: offers.createdAt,
          decidedAt: offers.decidedAt,
        })
        .from(offers)
        .innerJoin(listings, eq(listings.id, offers.listingId))
        .where(inArray(offers.listingId, myListingIds))
        .orderBy(asc(offers.id)),
      db
        .select({
          id: trades.id,
          buyerId: trades.buyerId,
          listingId: trades.listingId,
          listingTitle: trades.listingTitle,
          amountCents: trades.amountCents,
          state: trades.state,
          createdAt: trades.createdAt,
          paidAt: trades.paidAt,
          deliveredAt: trades.deliveredAt,
          releasedAt: trades.releasedAt,
          updatedAt: trades.updatedAt,
        })
        .from(trades)
        .where(or(eq(trades.buyerId, userId), eq(trades.sellerId, userId)))
        .orderBy(asc(trades.id)),
      db
        .select({
          id: communityPosts.id,
          title: communityPosts.title,
          content: communityPosts.content,
          category: communityPosts.category,
          createdAt: communityPosts.createdAt,
          editedAt: communityPosts.editedAt,
        })
        .from(communityPosts)
        .where(eq(communityPosts.authorId, userId))
        .orderBy(asc(communityPosts.id)),
      db
        .select({
          id: communityComments.id,
          postId: communityComments.postId,
          content: communityComments.content,
          createdAt: communityComments.createdAt,
        })
        .from(communityComments)
        .where(eq(communityComments.authorId, userId))
        .orderBy(asc(communityComments.id)),
      db
        .select({ postId: communityLikes.postId, createdAt: communityLikes.createdAt })
        .from(communityLikes)
        .where(eq(communityLikes.userId, userId)),
      db
        .select({
          id: listingComments.id,
          listingId: listingComments.listingId,
          body: listingComments.body,
          createdAt: listingComments.createdAt,
        })
        .from(listingComments)
        .where(eq(listingComments.authorId, userId))
        .orderBy(asc(listingComments.id)),
      db
        .select({
          id: reports.id,
          targetType: reports.targetType,
          targetId: reports.targetId,
          targetName: reports.targetName,
          reason: reports.reason,
          details: reports.details,
          status: reports.status,
          adminResponse: reports.adminResponse,
          createdAt: reports.createdAt,
          updatedAt: reports.updatedAt,
        })
        .from(reports)
        .where(eq(reports.reporterId, userId))
        .orderBy(asc(reports.id)),
      db
        .select({
          type: pixKeys.type,
          key: pixKeys.key,
          isDefault: pixKeys.isDefault,
          createdAt: pixKeys.createdAt,
        })
        .from(pixKeys)
        .where(eq(pixKeys.userId, userId)),
      db
        .select({
          kind: notifications.kind,
          title: notifications.title,
          body: notifications.body,
          link: notifications.link,
          readAt: notifications.readAt,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.id)),
      db
        .select({
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
          createdAt: sessions.createdAt,
          updatedAt: sessions.updatedAt,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId)),
      db
        .select({
          success: loginHistory.success,
          ipAddress: loginHistory.ipAddress,
          userAgent: loginHistory.userAgent,
          createdAt: loginHistory.createdAt,
        })
        .from(loginHistory)
        .where(eq(loginHistory.userId, userId))
        .orderBy(asc(loginHistory.id)),
      db
        .select({
          id: supportTickets.id,
          category: supportTickets.category,
          subject: supportTickets.subject,
          description: supportTickets.description,
          status: supportTickets.status,
          adminResponse: supportTickets.adminResponse,
          createdAt: supportTickets.createdAt,
          respondedAt: supportTickets.respondedAt,
        })
        .from(supportTickets)
        .where(eq(supportTickets.userId, userId))
        .orderBy(asc(supportTickets.id)),
    ]);

    // What the member wrote in trade chats (not the other side's lines) and how far they read each chat.
    const chatMessages = await db
      .select({
        id: tradeChatMessages.id,
        tradeId: tradeChatMessages.tradeId,
        kind: tradeChatMessages.kind,
        body: tradeChatMessages.body,
        hasImage: sql<boolean>`${tradeChatMessages.imageKey} is not null`,
        createdAt: tradeChatMessages.createdAt,
      })
      .from(tradeChatMessages)
      .where(eq(tradeChatMessages.authorId, userId))
      .orderBy(asc(tradeChatMessages.id));
    const chatReads = await db
      .select({
        tradeId: tradeChatReads.tradeId,
        lastReadId: tradeChatReads.lastReadId,
        updatedAt: tradeChatReads.updatedAt,
      })
      .from(tradeChatReads)
      .where(eq(tradeChatReads.userId, userId))
      .orderBy(asc(tradeChatReads.tradeId));

    return {
      exportedAt: new Date().toISOString(),
      account: {
        ...account,
        createdAt: iso(account.createdAt),
        updatedAt: iso(account.updatedAt),
        signInMethods,
      },
      profile,
      settings,
      listings: myListings,
      favorites: myFavorites,
      offersSent: sentOffers,
      offersReceived: receivedOffers,
      trades: myTrades.map(({ buyerId, ...trade }) => ({
        ...trade,
        role: buyerId === userId ? ('buyer' as const) : ('seller' as const),
      })),
      tradeChat: { messages: chatMessages, readMarks: chatReads },
      forum: { posts, comments: postComments, likes },
      listingComments: questions,
      reports: myReports.map(({ targetId, ...report }) => ({
        ...report,
        ...(report.targetType !== 'user' && { targetId }),
      })),
      supportTickets: tickets,
      pixKeys: keys,
      // Issue 36: the payout identity (name and document whole: it is the member's own), or null.
      payoutIdentity: identity ?? null,
      notifications: myNotifications,
      sessions: mySessions,
      loginHistory: signIns,
    };
  }

  /** Counts per month over the last ACTIVITY_MONTHS months, and totals over the whole account. */
  async function activity(viewer: Viewer): Promise<ActivityReport> {
    const userId = viewer.userId;
    const since = new Date();
    since.setUTCDate(1);
    since.setUTCHours(0, 0, 0, 0);
    since.setUTCMonth(since.getUTCMonth() - (ACTIVITY_MONTHS - 1));
    const month = (column: PgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;
    const perMonth = async (table: PgTable, createdAt: PgColumn, where: SQL | undefined) => {
      const rows = await db
        .select({ month: month(createdAt), count: sql<number>`count(*)::int` })
        .from(table)
        .where(and(where, gte(createdAt, since)))
        .groupBy(month(createdAt));
      return new Map(rows.map((r) => [r.month, r.count]));
    };
    const total = async (table: PgTable, where: SQL | undefined) =>
      (await db.select({ count: sql<number>`count(*)::int` }).from(table).where(where))[0]?.count ?? 0;

    const isParty = or(eq(trades.buyerId, userId), eq(trades.sellerId, userId));
    const signedIn = and(eq(loginHistory.userId, userId), eq(loginHistory.success, true));
    const received = inArray(
      offers.listingId,
      db.select({ id: listings.id }).from(listings).where(eq(listings.sellerId, userId)),
    );

    const [listingsBy, offersBy, tradesBy, postsBy, signInsBy, totals] = await Promise.all([
      perMonth(listings, listings.createdAt, eq(listings.sellerId, userId)),
      perMonth(offers, offers.createdAt, eq(offers.buyerId, userId)),
      perMonth(trades, trades.createdAt, isParty),
      perMonth(communityPosts, communityPosts.createdAt, eq(communityPosts.authorId, userId)),
      perMonth(loginHistory, loginHistory.createdAt, signedIn),
      Promise.all([
        total(listings, eq(listings.sellerId, userId)),
        total(offers, eq(offers.buyerId, userId)),
        total(offers, received),
        total(trades, isParty),
        total(communityPosts, eq(communityPosts.authorId, userId)),
        total(communityComments, eq(communityComments.authorId, userId)),
        total(loginHistory, signedIn),
      ]),
    ]);
    const months = Array.from({ length: ACTIVITY_MONTHS }, (_, i) => {
      const d = new Date(since);
      d.setUTCMonth(since.getUTCMonth() + i);
      const key = d.toISOString().slice(0, 7);
      return {
        month: key,
        listings: listingsBy.get(key) ?? 0,
        offers: offersBy.get(key) ?? 0,
        trades: tradesBy.get(key) ?? 0,
        posts: postsBy.get(key) ?? 0,
        signIns: signInsBy.get(key) ?? 0,
      };
    });
    const [listingsTotal, offersSent, offersReceived, tradesTotal, postsTotal, commentsTotal, signInsTotal] =
      totals;
    return {
      totals: {
        listings: listingsTotal,
        offersSent,
        offersReceived,
        trades: tradesTotal,
        posts: postsTotal,
        comments: commentsTotal,
        signIns: signInsTotal,
      },
      months,
    };
  }

  return { exportData, activity };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
