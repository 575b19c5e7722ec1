import { formatPrice } from '@shared/money';
import { paths } from '@shared/paths';
import { DAILY_ALERT_CAP } from '@shared/saved-searches';
import { defaultUserSettings } from '@shared/settings';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../db/client';
import {
  games,
  listings,
  savedSearchAlerts,
  savedSearchDays,
  savedSearchEvents,
  savedSearches,
  userSettings,
  users,
} from '../../db/schema';
import type { QueueMail } from '../../mail/mailer';
import { type AlertListing, alertMail, digestMail } from '../../mail/templates/saved-search';
import { deletedEmailOf } from '../accounts/lifecycle';
import { publicListing } from '../listings/open-shop';
import { notificationsInsert } from '../notifications/service';
import type { UnsubscribeTokens } from './unsubscribe';

export type ListingEvent = 'new' | 'price_drop';

/** The member's day, São Paulo's, as the cap and the digest count it: '2026-11-29'. */
const dayOf = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', dateStyle: 'short' }).format(at);

/** Events a sweep or a match takes per transaction. */
const BATCH = 20;
/** Listings a digest names; the rest are counted ('E mais 12'). */
const DIGEST_LINES = 30;

/**
 * Matches listing events (a listing published, a price lowered) against the saved searches, and alerts
 * (issue 38 part 3). An event is written in the listing's own transaction with a wake of the match job
 * (`recordListingEvent`); the job matches it within seconds, and a periodic sweep takes what a lost wake left.
 *
 * One event is one transaction: its row is claimed `FOR UPDATE SKIP LOCKED` (two runners never hold the same
 * one), the matching searches are found in SQL (by game and kind through their index, then price and the words
 * against the one listing's tsvector), each alert is inserted at most once per (search, listing, event) by a
 * unique index, the member's count of the day is raised in the same statement, and the alerts within the cap get
 * their bell notification and e-mail job in that transaction; the rest wait for the day's digest.
 */
export function createSavedSearchAlerts(deps: {
  db: Db;
  queueMail: QueueMail;
  publicUrl: string;
  tokens: UnsubscribeTokens;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { db, publicUrl } = deps;
  const unsubscribeUrl = (token: string) => `${publicUrl}${paths.alertUnsubscribe}?t=${token}`;

  /** Matches one claimed event in `tx`; answers how many alerts it made (sent or waiting for the digest). */
  async function matchIn(tx: Db, event: { id: number; listingId: number; event: ListingEvent }) {
    const now = deps.now();
    const day = dayOf(now);
    const matched = await queryRows<{
      id: number;
      user_id: string;
      saved_search_id: number;
      within_cap: boolean;
    }>(
      tx,
      sql`with l as (
          select ${listings.id} as id, ${listings.gameId} as game_id, ${listings.kind} as kind,
            ${listings.priceCents} as price_cents, ${listings.search} as search, ${listings.sellerId} as seller_id
          from ${listings} where ${listings.id} = ${event.listingId} and ${publicListing(now)}
        ),
        matched as (
          insert into ${savedSearchAlerts} (saved_search_id, user_id, listing_id, event, day, delivery)
          select s.id, s.user_id, l.id, ${event.event}, ${day}::date, 'sent'
          from l join ${savedSearches} s
            on not s.paused
            and (s.game_id = l.game_id or s.game_id is null)
            and (s.kind = l.kind or s.kind is null)
            and (s.max_price_cents is null or s.max_price_cents >= l.price_cents)
            and (s.min_price_cents is null or s.min_price_cents <= l.price_cents)
            and (s.query is null or l.search @@ s.query)
            and s.user_id <> l.seller_id
          order by s.id
          on conflict do nothing
          returning id, user_id, saved_search_id
        ),
        per_user as (select user_id, count(*)::int as n from matched group by user_id),
        counted as (
          insert into ${savedSearchDays} (user_id, day, alerts)
          select user_id, ${day}::date, n from per_user order by user_id
          on conflict (user_id, day) do update set alerts = ${savedSearchDays.alerts} + excluded.alerts
          returning user_id, alerts
        )
        select m.id, m.user_id, m.saved_search_id,
          c.alerts - p.n + row_number() over (partition by m.user_id order by m.id) <= ${DAILY_ALERT_CAP} as within_cap
        from matched m join per_user p on p.user_id = m.user_id join counted c on c.user_id = m.user_id`,
    );
    if (matched.length === 0) return 0;
    const overCap = matched.filter((row) => !row.within_cap).map((row) => row.id);
    if (overCap.length) {
      await tx
        .update(savedSearchAlerts)
        .set({ delivery: 'digest' })
        .where(inArray(savedSearchAlerts.id, overCap));
    }
    await tx
      .update(savedSearches)
      .set({ lastMatchedAt: now })
      .where(inArray(savedSearches.id, [...new Set(matched.map((row) => row.saved_search_id))]));
    const sendNow = matched.filter((row) => row.within_cap);
    if (sendNow.length === 0) return matched.length;

    const details = await tx
      .select({
        searchId: savedSearches.id,
        searchName: savedSearches.name,
        searchEmail: savedSearches.email,
        userId: users.id,
        email: users.email,
        name: users.name,
        wantsEmail: sql<boolean>`coalesce(${userSettings.emailNotifications}, ${defaultUserSettings.notifications.email})`,
      })
      .from(savedSearches)
      .innerJoin(users, eq(users.id, savedSearches.userId))
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(
        inArray(
          savedSearches.id,
          sendNow.map((row) => row.saved_search_id),
        ),
      );
    const [listing] = await tx
      .select({ title: listings.title, priceCents: listings.priceCents, gameName: games.name })
      .from(listings)
      .innerJoin(games, eq(games.id, listings.gameId))
      .where(eq(listings.id, event.listingId));
    if (!listing) return matched.length;
    const price = formatPrice(listing.priceCents);
    const link = paths.listing(event.listingId);
    await notificationsInsert(
      tx,
      details.map((d) => ({
        userId: d.userId,
        kind: 'saved_search_match' as const,
        title:
          event.event === 'new'
            ? `Alerta “${d.searchName}”: novo anúncio`
            : `Alerta “${d.searchName}”: preço baixou`,
        body: `${listing.title} (${listing.gameName}) por ${price}.`,
        link,
      })),
    );
    // The e-mail: the alert's own switch and the member's 'Notificações por e-mail' both on, a live account.
    for (const d of details) {
      if (!d.searchEmail || !d.wantsEmail || d.email === deletedEmailOf(d.userId)) continue;
      const mail = alertMail(
        {
          to: d.email,
          name: d.name,
          listing: {
            listingId: event.listingId,
            title: listing.title,
            price,
            gameName: listing.gameName,
            event: event.event,
            searchName: d.searchName,
          },
          unsubscribeUrl: unsubscribeUrl(deps.tokens.sign({ kind: 's', searchId: d.searchId })),
        },
        publicUrl,
      );
      await deps.queueMail(mail, tx);
    }
    return matched.length;
  }

  /** Claims up to `limit` unmatched events (all, or the one `id`), matches and marks each; answers the alerts made. */
  async function matchClaimed(id: number | null): Promise<{ events: number; alerts: number }> {
    return db.transaction(async (tx) => {
      const claimed = await tx
        .select({
          id: savedSearchEvents.id,
          listingId: savedSearchEvents.listingId,
          event: savedSearchEvents.event,
        })
        .from(savedSearchEvents)
        .where(
          and(isNull(savedSearchEvents.matchedAt), id === null ? undefined : eq(savedSearchEvents.id, id)),
        )
        .orderBy(savedSearchEvents.createdAt, savedSearchEvents.id)
        .limit(id === null ? BATCH : 1)
        .for('update', { skipLocked: true });
      let alerts = 0;
      for (const event of claimed) alerts += await matchIn(tx, event);
      if (claimed.length) {
        await tx
          .update(savedSearchEvents)
          .set({ matchedAt: sql`now()` })
          .where(
            inArray(
              savedSearchEvents.id,
              claimed.map((e) => e.id),
            ),
          );
      }
      return { events: claimed.length, alerts };
    });
  }

  return {
    /** The match job's work: the event `eventId`, unless another runner has it or had it. */
    async matchEvent(eventId: number): Promise<number> {
      return (await matchClaimed(eventId)).alerts;
    },

    /** The sweep: every event still unmatched (a lost wake, a failed job), batch after batch. */
    async matchPending(): Promise<number> {
      let alerts = 0;
      for (;;) {
        const done = await matchClaimed(null);
        alerts += done.alerts;
        if (done.events < BATCH) break;
      }
      if (alerts) deps.log.info({ alerts }, 'alertas de buscas salvas da varredura');
      return alerts;
    },

    /**
     * The digests of the days before `today` (São Paulo's; now by default): one e-mail per member naming the alerts
     * that waited past the cap, in one transaction per member with the alerts marked digested, so a digest goes
     * once whichever process runs it. Answers how many e-mails were queued.
     */
    async sendDigests(today: Date = deps.now()): Promise<number> {
      const before = sql`${savedSearchAlerts.day} < ${dayOf(today)}::date`;
      const waiting = and(eq(savedSearchAlerts.delivery, 'digest'), before);
      let mails = 0;
      const skipped = new Set<string>();
      for (;;) {
        const members = (
          await db
            .selectDistinct({ userId: savedSearchAlerts.userId })
            .from(savedSearchAlerts)
            .where(waiting)
            .limit(100)
        ).filter((m) => !skipped.has(m.userId));
        if (members.length === 0) break;
        for (const { userId } of members) {
          const sent = await db.transaction((tx) => digestOf(tx, userId, waiting));
          if (sent === null) skipped.add(userId);
          else mails += sent;
        }
      }
      if (mails) deps.log.info({ mails }, 'resumos de alertas enviados');
      return mails;
    },
  };

  /**
   * One member's digest in `tx`, under a lock on the member (another process doing the same member skips it: null):
   * the waiting alerts are marked digested and one mail names them. Answers the mails queued (0 or 1).
   */
  async function digestOf(tx: Db, userId: string, waiting: ReturnType<typeof and>) {
    const [lock] = await queryRows<{ got: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtext(${`saved-search-digest:${userId}`})) as got`,
    );
    if (!lock?.got) return null;
    const rows = await tx
      .select({
        id: savedSearchAlerts.id,
        listingId: savedSearchAlerts.listingId,
        event: savedSearchAlerts.event,
        searchName: savedSearches.name,
        searchEmail: savedSearches.email,
        title: listings.title,
        priceCents: listings.priceCents,
        status: listings.status,
        gameName: games.name,
      })
      .from(savedSearchAlerts)
      .innerJoin(savedSearches, eq(savedSearches.id, savedSearchAlerts.savedSearchId))
      .innerJoin(listings, eq(listings.id, savedSearchAlerts.listingId))
      .innerJoin(games, eq(games.id, listings.gameId))
      .where(and(eq(savedSearchAlerts.userId, userId), waiting))
      .orderBy(savedSearchAlerts.id);
    if (rows.length === 0) return 0;
    await tx
      .update(savedSearchAlerts)
      .set({ delivery: 'digested' })
      .where(
        inArray(
          savedSearchAlerts.id,
          rows.map((r) => r.id),
        ),
      );
    // Only the listings still for sale, of searches whose e-mail is still on.
    const named = rows.filter((r) => r.searchEmail && r.status === 'active');
    const [member] = await tx
      .select({
        email: users.email,
        name: users.name,
        wantsEmail: sql<boolean>`coalesce(${userSettings.emailNotifications}, ${defaultUserSettings.notifications.email})`,
      })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(eq(users.id, userId));
    if (!member || named.length === 0 || !member.wantsEmail || member.email === deletedEmailOf(userId))
      return 0;
    const shown = named.slice(0, DIGEST_LINES);
    await deps.queueMail(
      digestMail(
        {
          to: member.email,
          name: member.name,
          listings: shown.map(
            (r): AlertListing => ({
              listingId: r.listingId,
              title: r.title,
              price: formatPrice(r.priceCents),
              gameName: r.gameName,
              event: r.event,
              searchName: r.searchName,
            }),
          ),
          more: named.length - shown.length,
          unsubscribeUrl: unsubscribeUrl(deps.tokens.sign({ kind: 'u', userId })),
        },
        publicUrl,
      ),
      tx,
    );
    return 1;
  }
}

export type SavedSearchAlerts = ReturnType<typeof createSavedSearchAlerts>;

/**
 * A listing's event for the alerts, in the listing's own transaction `tx`: its row, and the wake of the match job
 * (`send`, a payload job written in `tx`), so the event exists and is matched if and only if the change commits.
 */
export async function recordListingEvent(
  tx: Db,
  listingId: number,
  event: ListingEvent,
  wake: (eventId: number, via: Db) => Promise<void>,
): Promise<void> {
  const [row] = await tx
    .insert(savedSearchEvents)
    .values({ listingId, event })
    .returning({ id: savedSearchEvents.id });
  if (row) await wake(row.id, tx);
}
