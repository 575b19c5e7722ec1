import { listingCodeMessages as cm, codeStates, instantListingKinds } from '@shared/listing-codes';
import { listingMessages as m } from '@shared/listing-messages';
import {
  type ListingDetail,
  type ListingFields,
  MAX_PHOTOS,
  type MyListings,
  type OwnListing,
  shortDescription,
} from '@shared/listings';
import { canDeleteListing, canEditListing } from '@shared/permissions';
import { finishedTradeStates, reservingTradeStates } from '@shared/trades';
import { normalizeWhatsapp, whatsappLink } from '@shared/whatsapp';
import { and, asc, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import {
  games,
  listingCodes,
  listingImages,
  listings,
  listingViews,
  profiles,
  trades,
  users,
} from '../../db/schema';
import { AppError } from '../../errors';
import { racePoint } from '../../race-seam';
import type { Storage } from '../../storage/storage';
import { isDeletedAccount } from '../accounts/lifecycle';
import { isSuspended } from '../accounts/standing';
import { recordAudit } from '../audit/record';
import { photoFileKeys, processPhotos, storePhotos, type UploadedPhoto } from '../media/photos';
import { badgeOf, readReputation } from '../reviews/stats';
import { selectCards, toCard, toImage } from './cards';
import type { PhotoSlot } from './form';

type StoredPhoto = Awaited<ReturnType<typeof storePhotos>>[number];

/** Publishing, editing, removing and reading single listings. Every rule about who may do what lives here. */
export function createListingsService({
  db,
  storage,
  listingEvent = async () => {},
}: {
  db: Db;
  storage: Storage;
  /**
   * A listing published or its price lowered, told in that transaction (`tx`): the saved searches' alerts
   * (issue 38 part 3) record the event and wake their match job there, so it is matched if and only if it commits.
   */
  listingEvent?: (tx: Db, listingId: number, event: 'new' | 'price_drop') => Promise<void>;
}) {
  async function gameOf(gameId: number) {
    const [game] = await db.select({ slug: games.slug }).from(games).where(eq(games.id, gameId));
    if (!game) throw new AppError('VALIDATION', m.unknownGame, { gameId: m.unknownGame });
    return game;
  }

  /** An instant-delivery listing's stock is its codes (decision 029): its kind must allow it. */
  function checkInstant(fields: ListingFields) {
    if (fields.instantDelivery && !(instantListingKinds as readonly string[]).includes(fields.kind)) {
      throw new AppError('VALIDATION', cm.kindNotInstant, { instantDelivery: cm.kindNotInstant });
    }
  }

  function columnsOf(fields: ListingFields) {
    return {
      gameId: fields.gameId,
      kind: fields.kind,
      title: fields.title,
      description: fields.description,
      shortDescription: shortDescription(fields.description),
      priceCents: fields.priceCents,
      quantity: fields.quantity,
      whatsapp: normalizeWhatsapp(fields.whatsapp),
    };
  }

  /** The rows of newly stored photos; `positions[i]` is the place of `stored[i]` among the listing's photos. */
  function imageRows(listingId: number, title: string, stored: StoredPhoto[], positions: number[]) {
    return stored.map((photo, i) => {
      const position = positions[i] ?? i;
      return {
        listingId,
        position,
        isPrimary: position === 0,
        alt: `${title} - Foto ${position + 1}`,
        ...photo,
      };
    });
  }

  /**
   * Runs `work` in a transaction; photos it stored are deleted again if it fails, so a failed request
   * leaves neither rows nor files.
   */
  async function withPhotoCleanup<T>(work: (track: (s: StoredPhoto[]) => void) => Promise<T>): Promise<T> {
    const written: StoredPhoto[] = [];
    try {
      return await work((stored) => written.push(...stored));
    } catch (error) {
      await storage.delete(photoFileKeys(written)).catch(() => {});
      throw error;
    }
  }

  /** Turning instant delivery on or off waits until no trade of the listing is open (its stock changes meaning). */
  async function refuseToggleWithOpenTrades(tx: Db, id: number) {
    const [open] = await tx
      .select({ id: trades.id })
      .from(trades)
      .where(and(eq(trades.listingId, id), notInArray(trades.state, [...finishedTradeStates])))
      .limit(1);
    if (open)
      throw new AppError('CONFLICT', cm.toggleWithOpenTrades, { instantDelivery: cm.toggleWithOpenTrades });
  }

  /**
   * An edit's stock columns (issue 37): an instant listing's quantity is its available codes, whatever the form
   * says, paused at 0 ('sem_codigos') and resumed above; turning it off gives the form's quantity back and ends
   * that pause. A staff pause ('equipe') stays either way.
   */
  async function instantColumns(
    tx: Db,
    id: number,
    fields: ListingFields,
    locked: { status: 'active' | 'sold' | 'paused'; pausedReason: 'sem_codigos' | 'equipe' | null },
  ) {
    if (locked.pausedReason === 'equipe') {
      return fields.instantDelivery ? { instantDelivery: true, quantity: sql`${listings.quantity}` } : {};
    }
    if (!fields.instantDelivery) {
      return {
        instantDelivery: false,
        ...(locked.pausedReason === 'sem_codigos' && { status: 'active' as const, pausedReason: null }),
      };
    }
    const [stock] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(listingCodes)
      .where(and(eq(listingCodes.listingId, id), eq(listingCodes.state, 'available')));
    const available = stock?.n ?? 0;
    if (locked.status === 'sold') return { instantDelivery: true, quantity: available };
    return {
      instantDelivery: true,
      quantity: available,
      status: available > 0 ? ('active' as const) : ('paused' as const),
      pausedReason: available > 0 ? null : ('sem_codigos' as const),
    };
  }

  /** The vaults' counts per state of these listings (issue 37). */
  async function codeCountsOf(ids: number[]) {
    const counts = new Map<number, Record<(typeof codeStates)[number], number>>();
    if (ids.length === 0) return counts;
    for (const id of ids) counts.set(id, Object.fromEntries(codeStates.map((s) => [s, 0])) as never);
    const rows = await db
      .select({ listingId: listingCodes.listingId, state: listingCodes.state, n: count() })
      .from(listingCodes)
      .where(inArray(listingCodes.listingId, ids))
      .groupBy(listingCodes.listingId, listingCodes.state);
    for (const row of rows) {
      const of = row.listingId === null ? undefined : counts.get(row.listingId);
      if (of) of[row.state] = row.n;
    }
    return counts;
  }

  async function ownedListing(viewer: Viewer, id: number) {
    const [listing] = await db
      .select({ id: listings.id, sellerId: listings.sellerId, title: listings.title })
      .from(listings)
      .where(eq(listings.id, id));
    if (!listing) throw new AppError('NOT_FOUND', m.deleteNotFound);
    if (!canEditListing(viewer, listing)) throw new AppError('FORBIDDEN', m.editForbidden);
    return listing;
  }

  return {
    async publish(viewer: Viewer, fields: ListingFields, photos: UploadedPhoto[]) {
      checkInstant(fields);
      const game = await gameOf(fields.gameId);
      const processed = await processPhotos(photos);
      const id = await withPhotoCleanup((track) =>
        db.transaction(async (tx) => {
          // The seller's row first, KEY SHARE (what the insert's foreign key takes anyway, only earlier): an
          // account deletion in flight is waited for and its tombstone refused, so no listing outlives it.
          const [seller] = await tx
            .select({ id: users.id, email: users.email })
            .from(users)
            .where(eq(users.id, viewer.userId))
            .for('key share');
          await racePoint('listing-publication:locked', viewer.userId);
          if (!seller || isDeletedAccount(seller)) throw AppError.unauthenticated();
          const [created] = await tx
            .insert(listings)
            .values({
              ...columnsOf(fields),
              sellerId: viewer.userId,
              status: 'active',
              // An instant listing starts without codes: paused until its seller adds some (issue 37).
              ...(fields.instantDelivery && {
                instantDelivery: true,
                quantity: 0,
                status: 'paused' as const,
                pausedReason: 'sem_codigos' as const,
              }),
            })
            .returning({ id: listings.id });
          if (!created) throw new Error('insert returned no row');
          const stored = await storePhotos(storage, `listings/${created.id}`, processed);
          track(stored);
          await tx.insert(listingImages).values(
            imageRows(
              created.id,
              fields.title,
              stored,
              stored.map((_, i) => i),
            ),
          );
          await listingEvent(tx, created.id, 'new');
          return created.id;
        }),
      );
      return { id, gameSlug: game.slug };
    },

    /**
     * Owner only. `order` places every photo: the kept ones by id (every other photo is removed) and the new ones
     * ('new', in the order uploaded) anywhere, the first being the cover. The listing row stays locked from the count to the commit, so two edits at once run one after
     * the other: the second sees the first's photos, and the limit and the positions hold.
     */
    async update(
      viewer: Viewer,
      id: number,
      fields: ListingFields,
      order: PhotoSlot[],
      photos: UploadedPhoto[],
    ) {
      // Cheap checks first, before decoding any photo; the transaction checks again under the lock. The
      // photos are read before the listing, so a delete in between answers 404, not 'no photo kept'.
      checkInstant(fields);
      const kept = order.filter((slot): slot is number => slot !== 'new');
      const newPositions = order.flatMap((slot, position) => (slot === 'new' ? [position] : []));
      const before = await db
        .select({ id: listingImages.id })
        .from(listingImages)
        .where(eq(listingImages.listingId, id));
      await ownedListing(viewer, id);
      const game = await gameOf(fields.gameId);
      const keepsOnlyItsOwn = (current: { id: number }[]) =>
        kept.every((imageId) => current.some((image) => image.id === imageId));
      if (!keepsOnlyItsOwn(before))
        throw new AppError('VALIDATION', m.photoRequired, { photos: m.photoRequired });
      const processed = photos.length || kept.length === 0 ? await processPhotos(photos, kept.length) : [];

      const removed = await withPhotoCleanup(async (track) => {
        // Written before the transaction, which then holds its lock only for a few statements (PGlite
        // serialises every query: a transaction awaiting uploads would stall every other request).
        const stored = await storePhotos(storage, `listings/${id}`, processed);
        track(stored);
        return db.transaction(async (tx) => {
          const [locked] = await tx
            .select({
              sellerId: listings.sellerId,
              priceCents: listings.priceCents,
              instantDelivery: listings.instantDelivery,
              status: listings.status,
              pausedReason: listings.pausedReason,
            })
            .from(listings)
            .where(eq(listings.id, id))
            .for('update');
          // Deleted since the first look (a delete racing this edit).
          if (!locked) throw new AppError('NOT_FOUND', m.deleteNotFound);
          await racePoint('listing-edit:locked', viewer.userId);
          if (!canEditListing(viewer, locked)) throw new AppError('FORBIDDEN', m.editForbidden);
          // Units held by trades stay sold to them: the stock cannot drop below them (the listing row is locked,
          // as the trades lock it to reserve).
          const [held] = await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(trades)
            .where(and(eq(trades.listingId, id), inArray(trades.state, [...reservingTradeStates])));
          const toggled = locked.instantDelivery !== fields.instantDelivery;
          if (!fields.instantDelivery && (held?.n ?? 0) > fields.quantity) {
            throw new AppError('VALIDATION', m.quantityBelowReserved, { quantity: m.quantityBelowReserved });
          }
          if (toggled) await refuseToggleWithOpenTrades(tx, id);
          const current = await tx
            .select({ id: listingImages.id, key: listingImages.key, widths: listingImages.widths })
            .from(listingImages)
            .where(eq(listingImages.listingId, id));
          // A concurrent edit removed a photo this one keeps.
          if (!keepsOnlyItsOwn(current)) {
            throw new AppError('VALIDATION', m.photoRequired, { photos: m.photoRequired });
          }
          if (kept.length + stored.length > MAX_PHOTOS) {
            throw new AppError('VALIDATION', m.tooManyPhotos, { photos: m.tooManyPhotos });
          }
          const gone = current.filter((image) => !kept.includes(image.id));
          await tx
            .update(listings)
            .set({ ...columnsOf(fields), ...(await instantColumns(tx, id, fields, locked)) })
            .where(eq(listings.id, id));
          // A price drop on a listing for sale rings the alerts (compared under the row's lock: the price it leaves).
          if (locked.status === 'active' && fields.priceCents < locked.priceCents) {
            await listingEvent(tx, id, 'price_drop');
          }
          if (gone.length) {
            await tx.delete(listingImages).where(
              inArray(
                listingImages.id,
                gone.map((image) => image.id),
              ),
            );
          }
          for (const imageId of kept) {
            const position = order.indexOf(imageId);
            await tx
              .update(listingImages)
              .set({ position, isPrimary: position === 0, alt: `${fields.title} - Foto ${position + 1}` })
              .where(eq(listingImages.id, imageId));
          }
          if (stored.length) {
            await tx.insert(listingImages).values(imageRows(id, fields.title, stored, newPositions));
          }
          return gone;
        });
      });
      await storage.delete(photoFileKeys(removed)).catch(() => {});
      return { id, gameSlug: game.slug };
    },

    /**
     * The owner removes their listing; staff may remove any. Its photos go with it. Not while a protected trade
     * of it is open (staff too: they cancel the trade first). The listing's row is locked, as a trade's start
     * locks it, so no trade opens between the check and the delete.
     */
    async remove(viewer: Viewer, id: number) {
      await db.transaction(async (tx) => {
        const [listing] = await tx
          .select({ sellerId: listings.sellerId, title: listings.title })
          .from(listings)
          .where(eq(listings.id, id))
          .for('update');
        if (!listing) throw new AppError('NOT_FOUND', m.deleteNotFound);
        if (!canDeleteListing(viewer, listing)) throw new AppError('FORBIDDEN', m.deleteForbidden);
        const [open] = await tx
          .select({ id: trades.id })
          .from(trades)
          .where(and(eq(trades.listingId, id), notInArray(trades.state, [...finishedTradeStates])))
          .limit(1);
        if (open) throw new AppError('CONFLICT', m.deleteOpenTrade);
        // Image rows, comments, favourites and views go with the listing (ON DELETE CASCADE); finished trades
        // keep their title and lose the link (ON DELETE SET NULL).
        await tx.delete(listings).where(eq(listings.id, id));
        // Staff removing someone else's listing (a report's target) is recorded for the audit.
        if (listing.sellerId !== viewer.userId) {
          await recordAudit(tx, {
            actorId: viewer.userId,
            action: 'listing.delete',
            targetType: 'listing',
            targetId: id,
            details: { sellerId: listing.sellerId, title: listing.title },
          });
        }
      });
      // The whole folder, not only the files its rows name: a crash may have left others there (the
      // orphan sweep would get them within the hour; this gets them now).
      await storage.deletePrefix(`listings/${id}/`).catch(() => {});
    },

    /**
     * An active listing as its page shows it. A suspended seller's listing answers 'Anúncio indisponível'
     * (LISTING_UNAVAILABLE, 404) and nothing about it or its seller (decision 023).
     */
    async detail(id: number, viewer?: Viewer | null): Promise<ListingDetail> {
      // Its owner also reads it while it is paused (an instant listing out of codes, issue 37).
      const [row] = await selectCards(db)
        .where(
          and(
            eq(listings.id, id),
            viewer
              ? sql`(${listings.status} = 'active' or (${listings.status} = 'paused' and ${listings.sellerId} = ${viewer.userId}))`
              : eq(listings.status, 'active'),
          ),
        )
        .limit(1);
      if (!row) throw new AppError('NOT_FOUND', m.notFound);
      if (await isSuspended(db, row.sellerId, new Date()))
        throw new AppError('LISTING_UNAVAILABLE', m.unavailable);
      const [extra] = await db
        .select({
          description: listings.description,
          status: listings.status,
          updatedAt: listings.updatedAt,
          avatarUrl: profiles.avatarUrl,
          memberSince: users.createdAt,
          activeListings: sql<number>`(select count(*)::int from ${listings} l
            where l.seller_id = ${listings.sellerId} and l.status = 'active')`,
        })
        .from(listings)
        .innerJoin(profiles, eq(profiles.id, listings.sellerId))
        .innerJoin(users, eq(users.id, listings.sellerId))
        .where(eq(listings.id, id));
      const images = await db
        .select()
        .from(listingImages)
        .where(eq(listingImages.listingId, id))
        .orderBy(asc(listingImages.position));
      if (!extra) throw new AppError('NOT_FOUND', m.notFound);
      const card = toCard(row);
      const reputation = await readReputation(db, card.seller.id, new Date());
      return {
        ...card,
        description: extra.description,
        status: extra.status,
        updatedAt: extra.updatedAt.toISOString(),
        images: images.map(toImage),
        seller: {
          ...card.seller,
          avatarUrl: extra.avatarUrl,
          memberSince: extra.memberSince.toISOString(),
          activeListings: Number(extra.activeListings),
          ...(reputation && { badge: badgeOf(reputation), stats: reputation.stats }),
        },
        ...(card.instantDelivery &&
          viewer?.userId === card.seller.id && { codes: (await codeCountsOf([id])).get(id) }),
      };
    },

    /** Counts one view per visitor per listing per day. */
    async countView(id: number, visitor: string) {
      await db.execute(sql`
        with counted as (
          insert into ${listingViews} (listing_id, visitor, day) values (${id}, ${visitor}, current_date)
          on conflict do nothing returning 1
        )
        update ${listings} set views = views + 1 where id = ${id} and exists (select 1 from counted)`);
    },

    /** The owner's listing with its private fields, for the edit form. */
    async editView(viewer: Viewer, id: number): Promise<OwnListing> {
      await ownedListing(viewer, id);
      const [row] = await db
        .select({ whatsapp: listings.whatsapp, status: listings.status })
        .from(listings)
        .where(eq(listings.id, id));
      const detail = await this.detail(id, viewer).catch(() => null);
      if (!row || !detail) throw new AppError('NOT_FOUND', m.deleteNotFound);
      return { ...detail, whatsapp: row.whatsapp };
    },

    /** The viewer's active listings, newest first; `limit` for the user menu. */
    async mine(viewer: Viewer, limit?: number): Promise<MyListings> {
      // Paused ones too: an instant listing out of codes is still the seller's to refill (issue 37).
      const mineActive = and(
        eq(listings.sellerId, viewer.userId),
        inArray(listings.status, ['active', 'paused']),
      );
      const cards = selectCards(db).where(mineActive).orderBy(desc(listings.createdAt), desc(listings.id));
      const [rows, [total]] = await Promise.all([
        limit ? cards.limit(limit) : cards,
        db.select({ n: count() }).from(listings).where(mineActive),
      ]);
      const codes = await codeCountsOf(rows.filter((r) => r.instantDelivery).map((r) => r.id));
      return {
        total: total?.n ?? 0,
        items: rows.map((r) => ({
          ...toCard(r),
          status: r.status,
          ...(codes.has(r.id) && { codes: codes.get(r.id) }),
        })),
      };
    },

    /**
     * The seller's WhatsApp, for signed-in users only (never in public payloads); refused while the seller is
     * suspended (decision 023: the off-platform hand-off is where a banned member would keep trading).
     */
    async contact(id: number) {
      const [row] = await db
        .select({ whatsapp: listings.whatsapp, sellerId: listings.sellerId })
        .from(listings)
        .where(and(eq(listings.id, id), eq(listings.status, 'active')));
      if (!row?.whatsapp) throw new AppError('NOT_FOUND', m.contactUnavailable);
      if (await isSuspended(db, row.sellerId, new Date()))
        throw new AppError('LISTING_UNAVAILABLE', m.sellerUnavailable);
      return { whatsapp: normalizeWhatsapp(row.whatsapp), url: whatsappLink(row.whatsapp) };
    },
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
