import { formatPrice } from '@shared/money';
import { offerMessages as m, offerNotices } from '@shared/offer-messages';
import {
  type ListingOffer,
  MAX_LISTING_OFFERS,
  MAX_MY_OFFERS,
  type MyOffer,
  type OfferBox,
  type OfferStatus,
} from '@shared/offers';
import { paths, withQuery } from '@shared/paths';
import { canOfferOn, isStaff } from '@shared/permissions';
import { reservingTradeStates } from '@shared/trades';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { listings, offers, profiles, trades } from '../../db/schema';
import { AppError } from '../../errors';
import { isSuspended } from '../accounts/standing';
import { lockTradeParties, openTrade } from '../trades/open';

type OfferNotificationKind = 'offer_received' | 'offer_accepted' | 'offer_rejected' | 'offer_withdrawn';

/**
 * Sends an in-app notification inside the offer's transaction (the notifications module's `notify`): it is
 * delivered only if the answer commits.
 */
export type Notify = (
  tx: Db,
  notification: { userId: string; kind: OfferNotificationKind; title: string; body: string; link: string },
) => Promise<unknown>;

/** The offer with what an answer needs: who the two sides are and what the listing is. */
interface OfferParties {
  id: number;
  listingId: number;
  listingTitle: string;
  buyerId: string;
  buyerName: string;
  sellerId: string;
  amountCents: number;
}

const buyerProfiles = alias(profiles, 'buyer_profiles');
const sellerProfiles = alias(profiles, 'seller_profiles');

/**
 * Offers on listings (part 1 §5, §7; issue 10): a member offers on someone else's active listing, the seller
 * accepts (which opens a trade) or rejects, the buyer withdraws. Every answer leaves 'pending' through a
 * guarded UPDATE, so two answers to one offer never both happen.
 */
export function createOffersService({ db, notify }: { db: Db; notify?: Notify }) {
  /** The offer as one of its two sides sees it; anyone else, staff included, is told it does not exist. */
  async function offerFor(
    tx: Db,
    viewer: Viewer,
    id: number,
    side: 'seller' | 'buyer',
  ): Promise<OfferParties> {
    const [offer] = await tx
      .select({
        id: offers.id,
        listingId: offers.listingId,
        listingTitle: listings.title,
        buyerId: offers.buyerId,
        buyerName: buyerProfiles.username,
        sellerId: listings.sellerId,
        amountCents: offers.amountCents,
      })
      .from(offers)
      .innerJoin(listings, eq(listings.id, offers.listingId))
      .innerJoin(buyerProfiles, eq(buyerProfiles.id, offers.buyerId))
      .where(eq(offers.id, id));
    const isSeller = offer?.sellerId === viewer.userId;
    const isBuyer = offer?.buyerId === viewer.userId;
    if (!offer || (!isSeller && !isBuyer && !isStaff(viewer))) throw new AppError('NOT_FOUND', m.notFound);
    // The other side and staff know the offer exists (they see it listed), so they are told why not.
    if (side === 'seller' && !isSeller) throw new AppError('FORBIDDEN', m.onlySeller);
    if (side === 'buyer' && !isBuyer) throw new AppError('FORBIDDEN', m.onlyBuyer);
    return offer;
  }

  /** Moves a pending offer to `to`; false when it was answered already (double click, another tab). */
  async function tryLeavePending(tx: Db, id: number, to: Exclude<OfferStatus, 'pending'>, now: Date) {
    const moved = await tx
      .update(offers)
      .set({ status: to, decidedAt: now })
      .where(and(eq(offers.id, id), eq(offers.status, 'pending')))
      .returning({ id: offers.id });
    return moved.length > 0;
  }

  async function leavePending(tx: Db, id: number, to: Exclude<OfferStatus, 'pending'>, now: Date) {
    if (!(await tryLeavePending(tx, id, to, now))) throw new AppError('CONFLICT', m.notPending);
  }

  /**
   * The trade an earlier acceptance of this offer by `sellerId` opened, read after the guarded UPDATE found
   * the offer answered (so after that acceptance committed); any other answer is 'Esta oferta já foi respondida.'
   */
  async function tradeOfAcceptance(tx: Db, id: number, sellerId: string): Promise<number> {
    const [accepted] = await tx
      .select({ tradeId: trades.id })
      .from(offers)
      .innerJoin(trades, eq(trades.offerId, offers.id))
      .where(and(eq(offers.id, id), eq(offers.status, 'accepted'), eq(trades.sellerId, sellerId)));
    if (!accepted) throw new AppError('CONFLICT', m.notPending);
    return accepted.tradeId;
  }

  return {
    async make(
      viewer: Viewer,
      listingId: number,
      input: { amount: number; message?: string | null | undefined },
    ): Promise<{ id: number }> {
      return db.transaction(async (tx) => {
        const [listing] = await tx
          .select({ id: listings.id, title: listings.title, sellerId: listings.sellerId })
          .from(listings)
          .where(and(eq(listings.id, listingId), eq(listings.status, 'active')));
        if (!listing) throw new AppError('NOT_FOUND', m.listingUnavailable);
        if (!canOfferOn(viewer, listing)) throw new AppError('FORBIDDEN', m.ownListing);
        // Decision 023: no offer to a suspended seller, none from a suspended member (whose session is gone,
        // but the service refuses on its own).
        const now = new Date();
        if (await isSuspended(tx, listing.sellerId, now))
          throw new AppError('LISTING_UNAVAILABLE', m.sellerUnavailable);
        if (await isSuspended(tx, viewer.userId, now)) throw new AppError('FORBIDDEN', m.buyerSuspended);

        // The unique partial index keeps one pending offer per buyer and listing: a double click sends one.
        const [created] = await tx
          .insert(offers)
          .values({
            listingId,
            buyerId: viewer.userId,
            amountCents: input.amount,
            message: input.message ?? null,
          })
          .onConflictDoNothing()
          .returning({ id: offers.id });
        if (!created) throw new AppError('CONFLICT', m.alreadyPending);

        if (notify) {
          const [buyer] = await tx
            .select({ name: profiles.username })
            .from(profiles)
            .where(eq(profiles.id, viewer.userId));
          await notify(tx, {
            userId: listing.sellerId,
            kind: 'offer_received',
            ...offerNotices.received(buyer?.name ?? 'Alguém', formatPrice(input.amount), listing.title),
            link: paths.myOffers,
          });
        }
        return { id: created.id };
      });
    },

    /** The latest offers on a listing, newest first: for its seller (and staff), never for other members. */
    async ofListing(viewer: Viewer, listingId: number): Promise<ListingOffer[]> {
      const [listing] = await db
        .select({ sellerId: listings.sellerId })
        .from(listings)
        .where(and(eq(listings.id, listingId), eq(listings.status, 'active')));
      if (!listing) throw new AppError('NOT_FOUND', m.listingUnavailable);
      if (listing.sellerId !== viewer.userId && !isStaff(viewer))
        throw new AppError('FORBIDDEN', m.onlySellerSees);

      const rows = await db
        .select({
          id: offers.id,
          amountCents: offers.amountCents,
          message: offers.message,
          status: offers.status,
          createdAt: offers.createdAt,
          buyerId: offers.buyerId,
          buyerName: profiles.username,
          buyerAvatarUrl: profiles.avatarUrl,
        })
        .from(offers)
        .innerJoin(profiles, eq(profiles.id, offers.buyerId))
        .where(eq(offers.listingId, listingId))
        .orderBy(desc(offers.createdAt), desc(offers.id))
        .limit(MAX_LISTING_OFFERS);
      return rows.map((r) => ({
        id: r.id,
        amountCents: r.amountCents,
        message: r.message,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
        buyer: { id: r.buyerId, name: r.buyerName, avatarUrl: r.buyerAvatarUrl },
      }));
    },

    /** /minhas-ofertas: the newest offers the viewer sent or received, up to MAX_MY_OFFERS. */
    async mine(viewer: Viewer, box: OfferBox): Promise<MyOffer[]> {
      // Units held by open trades: a pending offer waits while they hold the whole stock.
      const reserved = sql<number>`(select count(*)::int from ${trades} where ${trades.listingId} = ${offers.listingId} and ${inArray(trades.state, [...reservingTradeStates])})`;
      const where: SQL =
        box === 'sent' ? eq(offers.buyerId, viewer.userId) : eq(listings.sellerId, viewer.userId);
      const rows = await db
        .select({
          id: offers.id,
          amountCents: offers.amountCents,
          message: offers.message,
          status: offers.status,
          createdAt: offers.createdAt,
          listingId: listings.id,
          listingTitle: listings.title,
          listingPriceCents: listings.priceCents,
          quantity: listings.quantity,
          reserved,
          buyerId: offers.buyerId,
          buyerName: buyerProfiles.username,
          buyerAvatarUrl: buyerProfiles.avatarUrl,
          sellerId: listings.sellerId,
          sellerName: sellerProfiles.username,
          sellerAvatarUrl: sellerProfiles.avatarUrl,
          tradeId: trades.id,
        })
        .from(offers)
        .innerJoin(listings, eq(listings.id, offers.listingId))
        .innerJoin(buyerProfiles, eq(buyerProfiles.id, offers.buyerId))
        .innerJoin(sellerProfiles, eq(sellerProfiles.id, listings.sellerId))
        .leftJoin(trades, eq(trades.offerId, offers.id))
        .where(where)
        .orderBy(desc(offers.createdAt), desc(offers.id))
        .limit(MAX_MY_OFFERS);
      return rows.map((r) => ({
        id: r.id,
        amountCents: r.amountCents,
        message: r.message,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
        listing: { id: r.listingId, title: r.listingTitle, priceCents: r.listingPriceCents },
        buyer: { id: r.buyerId, name: r.buyerName, avatarUrl: r.buyerAvatarUrl },
        seller: { id: r.sellerId, name: r.sellerName, avatarUrl: r.sellerAvatarUrl },
        tradeId: r.tradeId,
        stockReserved: r.status === 'pending' && Number(r.reserved) >= r.quantity,
      }));
    },

    /**
     * The seller accepts: in one transaction the offer leaves 'pending' (guarded) and a trade opens for its
     * amount with the value confirmed (the offer is the agreed price), so the buyer is told to pay. Concurrent
     * accepts wait on the listing's row; only the first finds the offer pending. Accepting is idempotent for the
     * seller: a replay (double click, another tab, a retry) is answered with the trade the first one opened, and
     * opens nothing; an offer rejected or withdrawn is still refused. When no unit is free (or the listing is
     * gone), openTrade refuses and the offer stays pending.
     */
    async accept(viewer: Viewer, id: number, now = new Date()): Promise<{ tradeId: number }> {
      return db.transaction(async (tx) => {
        const offer = await offerFor(tx, viewer, id, 'seller');
        // The listing and both parties' rows before the offer's row, the order account deletion takes them
        // (it locks the member's row, then withdraws their offers): taken the other way round, the two deadlock.
        await lockTradeParties(tx, offer.listingId, offer.buyerId);
        if (!(await tryLeavePending(tx, id, 'accepted', now)))
          return { tradeId: await tradeOfAcceptance(tx, id, viewer.userId) };
        const trade = await openTrade(tx, {
          listingId: offer.listingId,
          buyerId: offer.buyerId,
          amountCents: offer.amountCents,
          offerId: offer.id,
          now,
        });
        await notify?.(tx, {
          userId: offer.buyerId,
          kind: 'offer_accepted',
          ...offerNotices.accepted(formatPrice(offer.amountCents), offer.listingTitle),
          link: paths.trade(trade.id),
        });
        return { tradeId: trade.id };
      });
    },

    async reject(viewer: Viewer, id: number, now = new Date()): Promise<void> {
      await db.transaction(async (tx) => {
        const offer = await offerFor(tx, viewer, id, 'seller');
        await leavePending(tx, id, 'rejected', now);
        await notify?.(tx, {
          userId: offer.buyerId,
          kind: 'offer_rejected',
          ...offerNotices.rejected(formatPrice(offer.amountCents), offer.listingTitle),
          link: withQuery(paths.myOffers, { aba: 'enviadas' }),
        });
      });
    },

    async withdraw(viewer: Viewer, id: number, now = new Date()): Promise<void> {
      await db.transaction(async (tx) => {
        const offer = await offerFor(tx, viewer, id, 'buyer');
        await leavePending(tx, id, 'withdrawn', now);
        await notify?.(tx, {
          userId: offer.sellerId,
          kind: 'offer_withdrawn',
          ...offerNotices.withdrawn(offer.buyerName, formatPrice(offer.amountCents), offer.listingTitle),
          link: paths.listing(offer.listingId),
        });
      });
    },
  };
}

export type OffersService = ReturnType<typeof createOffersService>;
