import { feeCents, sellerShareCents } from '@shared/fees';
import type { listingStatuses } from '@shared/listings';
import { formatPixKey, maskPixKey, type PixKeyType } from '@shared/pix';
import { defaultUserSettings } from '@shared/settings';
import { statesWaitingOnStaff } from '@shared/trade-process';
import {
  isTradeOpen,
  stepStatuses,
  type TradeEventKind,
  type TradePhotoPurpose,
  type TradeRole,
  type TradeSummary,
  type TradeView,
  tradeActionsFor,
  tradeStepInfo,
  tradeSteps,
} from '@shared/trades';
import { desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import { type Db, queryRows } from '../../db/client';
import {
  listings,
  pixKeys,
  profiles,
  tradeEvents,
  tradePhotos,
  trades,
  userSettings,
  users,
} from '../../db/schema';
import type { Seat } from './seat';
import type { TradeRow } from './transitions';

/** How many steps a trade completed, read from its timestamps (a cancelled trade keeps what it reached). */
function reachedStep(t: TradeRow): number {
  if (t.releasedAt) return 4;
  if (t.deliveryConfirmedAt) return 3;
  if (t.paidAt) return 2;
  if (t.valueConfirmedAt) return 1;
  return 0;
}

/** The payout key fixed on the trade ('type:key'): in full for an admin, who pays it; masked for anyone else. */
function payoutKey(stored: string | null, admin: boolean) {
  if (!stored) return { keyType: null, pixKey: null };
  const at = stored.indexOf(':');
  const type = stored.slice(0, at) as PixKeyType;
  const key = stored.slice(at + 1);
  return { keyType: type, pixKey: admin ? formatPixKey(type, key) : maskPixKey(type, key) };
}

type Person = { id: string; name: string; avatarUrl: string | null };

async function people(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, Person>();
  const rows = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(${profiles.username}, ${users.name})`,
      avatarUrl: profiles.avatarUrl,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** What the room reads besides the trade row, as JSON from one statement (timestamps as PostgreSQL writes them). */
interface RoomRow {
  events: {
    id: number;
    kind: TradeEventKind;
    detail: string | null;
    actorId: string | null;
    createdAt: string;
  }[];
  listing: { status: (typeof listingStatuses)[number]; quantity: number } | null;
  sellerHasPixKey: boolean;
  /** The seller's privacy switch (decision 012; no settings row: the default, public). */
  sellerProfilePublic: boolean;
  photos: { id: number; purpose: TradePhotoPurpose; uploadedBy: string | null; createdAt: string }[];
  people: Person[];
}

/**
 * Everything the room shows besides the trade row, in one statement: its events, the listing's stock, whether the
 * seller has a default PIX key, its photos and the people it names (parties, intermediary, the staff member who
 * recommended a decision, every event's actor). One round trip instead of six queries in two waves: a step's reply
 * costs the database one plan and the pool one connection for one turn.
 */
async function readRoom(db: Db, trade: TradeRow): Promise<RoomRow> {
  const named = [trade.buyerId, trade.sellerId, trade.intermediaryId, trade.disputeRecommendedBy].filter(
    (id): id is string => id !== null,
  );
  const [row] = await queryRows<RoomRow>(
    db,
    sql`select
      (select coalesce(json_agg(json_build_object('id', e.id, 'kind', e.kind, 'detail', e.detail,
          'actorId', e.actor_id, 'createdAt', e.created_at) order by e.id), '[]'::json)
        from ${tradeEvents} e where e.trade_id = ${trade.id}) as "events",
      (select json_build_object('status', l.status, 'quantity', l.quantity)
        from ${listings} l where l.id = ${trade.listingId}) as "listing",
      exists(select 1 from ${pixKeys} k where k.user_id = ${trade.sellerId} and k.is_default) as "sellerHasPixKey",
      coalesce((select s.profile_public from ${userSettings} s where s.user_id = ${trade.sellerId}),
        ${defaultUserSettings.privacy.profilePublic}) as "sellerProfilePublic",
      (select coalesce(json_agg(json_build_object('id', p.id, 'purpose', p.purpose,
          'uploadedBy', p.uploaded_by, 'createdAt', p.created_at) order by p.id), '[]'::json)
        from ${tradePhotos} p where p.trade_id = ${trade.id}) as "photos",
      (select coalesce(json_agg(json_build_object('id', u.id, 'name', coalesce(pr.username, u.name),
          'avatarUrl', pr.avatar_url)), '[]'::json)
        from ${users} u left join ${profiles} pr on pr.id = u.id
        where u.id in (${sql.join(
          named.map((id) => sql`${id}`),
          sql`, `,
        )})
          or u.id in (select ev.actor_id from ${tradeEvents} ev where ev.trade_id = ${trade.id})) as "people"`,
  );
  if (!row) throw new Error('room query returned nothing');
  return row;
}

/** A timestamp read from JSON, as the API writes every date (what `Date#toISOString` gives for the column). */
const isoOf = (at: string) => new Date(at).toISOString();

/** The role someone plays in a trade, for the history: parties by who they are, anyone else as staff. */
const roleIn = (t: TradeRow, userId: string): TradeRole =>
  userId === t.buyerId ? 'comprador' : userId === t.sellerId ? 'vendedor' : 'intermediador';

/** Everything the room shows to `viewer`, whose `role` the service already worked out. */
export async function readTradeView(db: Db, seat: Seat, charge: TradeView['charge']): Promise<TradeView> {
  const { trade, role } = seat;
  const room = await readRoom(db, trade);
  const who = new Map(room.people.map((p) => [p.id, p]));
  const events = room.events;
  const listing = room.listing;
  const photos = room.photos.map((photo) => ({
    id: photo.id,
    purpose: photo.purpose,
    url: `/api/trades/${trade.id}/photos/${photo.id}`,
    uploadedByRole: photo.uploadedBy ? roleIn(trade, photo.uploadedBy) : null,
    createdAt: isoOf(photo.createdAt),
  }));
  const personOf = (id: string) => who.get(id) ?? { id, name: 'Usuário removido', avatarUrl: null };
  const statuses = stepStatuses(trade.state, reachedStep(trade));
  const openedBy = trade.disputeOpenedBy;

  return {
    id: trade.id,
    state: trade.state,
    amountCents: trade.amountCents,
    sellerShareCents: sellerShareCents(trade.amountCents, trade.feeRateBps),
    feeCents: feeCents(trade.amountCents, trade.feeRateBps),
    feeRateBps: trade.feeRateBps,
    listing: {
      id: trade.listingId,
      title: trade.listingTitle,
      kind: trade.listingKind,
      status: listing?.status ?? null,
      quantity: listing?.quantity ?? null,
    },
    buyer: personOf(trade.buyerId),
    seller: personOf(trade.sellerId),
    intermediary: trade.intermediaryId ? personOf(trade.intermediaryId) : null,
    viewerRole: role ?? roleIn(trade, seat.userId),
    steps: tradeSteps.map((key) => ({ key, ...tradeStepInfo[key], status: statuses[key] })),
    actions: tradeActionsFor(
      {
        state: trade.state,
        intermediaryId: trade.intermediaryId,
        hasCredentials: Boolean(trade.deliveryCredentials),
      },
      seat,
    ),
    deadline:
      isTradeOpen(trade.state) && trade.deadlineAt
        ? { state: trade.state, at: trade.deadlineAt.toISOString() }
        : null,
    proposal:
      trade.state === 'value_proposed' && trade.proposedAmountCents !== null
        ? { agreedCents: trade.amountCents, proposedCents: trade.proposedAmountCents }
        : null,
    warranty: trade.warrantyEndsAt ? { endsAt: trade.warrantyEndsAt.toISOString() } : null,
    flaggedAt: trade.flaggedAt?.toISOString() ?? null,
    charge,
    delivery: trade.deliveredAt
      ? {
          note: trade.deliveryNote,
          markedAt: trade.deliveredAt.toISOString(),
          confirmedAt: trade.deliveryConfirmedAt?.toISOString() ?? null,
          autoConfirmed: trade.deliveryAutoConfirmed,
          hasCredentials: Boolean(trade.deliveryCredentials),
          automatic: trade.instantDelivery,
        }
      : null,
    dispute:
      trade.disputeOpenedAt && trade.disputeReason
        ? {
            openedBy: openedBy ? roleIn(trade, openedBy) : 'comprador',
            reason: trade.disputeReason,
            openedAt: trade.disputeOpenedAt.toISOString(),
            decision:
              trade.disputeDecision === 'release' || trade.disputeDecision === 'refund'
                ? trade.disputeDecision
                : null,
            decisionReason: trade.disputeDecisionReason,
            decidedAt: trade.disputeDecidedAt?.toISOString() ?? null,
            decideBy:
              trade.state === 'disputed'
                ? (trade.deadlineAt?.toISOString() ?? trade.flaggedAt?.toISOString() ?? null)
                : null,
            recommendation:
              (trade.disputeRecommendation === 'release' || trade.disputeRecommendation === 'refund') &&
              trade.disputeRecommendedBy
                ? {
                    decision: trade.disputeRecommendation,
                    reason: trade.disputeRecommendationReason ?? '',
                    byName: personOf(trade.disputeRecommendedBy).name,
                  }
                : null,
          }
        : null,
    cancelReason: trade.cancelReason,
    // The payout is between the seller, who is paid, and staff, who pay it: the buyer gets none of it (its key).
    payout:
      trade.payoutDueAt && seat.role !== 'comprador'
        ? {
            ...payoutKey(trade.payoutPixKey, seat.admin),
            // The seller's full name: to moderators only if the profile shows it to everyone; admins, who pay,
            // and the seller always.
            holderName:
              seat.admin || seat.userId === trade.sellerId || room.sellerProfilePublic
                ? trade.payoutHolderName
                : null,
            amountCents: sellerShareCents(trade.amountCents, trade.feeRateBps),
            dueAt: trade.payoutDueAt.toISOString(),
            endToEndId: trade.payoutEndToEndId,
            paidAt: trade.releasedAt?.toISOString() ?? null,
          }
        : null,
    refund:
      trade.state === 'refunded'
        ? { endToEndId: trade.refundEndToEndId, returnId: trade.refundReturnId }
        : null,
    refundPendingSince: trade.refundPending?.since ?? null,
    sellerHasPixKey: room.sellerHasPixKey,
    photos,
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      text: e.detail ?? '',
      actorName: e.actorId ? personOf(e.actorId).name : null,
      actorRole: e.actorId ? roleIn(trade, e.actorId) : null,
      createdAt: isoOf(e.createdAt),
    })),
    createdAt: trade.createdAt.toISOString(),
    updatedAt: trade.updatedAt.toISOString(),
  };
}

/** The viewer's trades, open first, newest change first; for staff, `desk` is every trade waiting on staff. */
export async function listTrades(db: Db, viewer: Viewer, scope: 'mine' | 'desk'): Promise<TradeSummary[]> {
  const where =
    scope === 'desk'
      ? or(inArray(trades.state, statesWaitingOnStaff()), isNotNull(trades.flaggedAt))
      : or(eq(trades.buyerId, viewer.userId), eq(trades.sellerId, viewer.userId));
  const rows = await db
    .select()
    .from(trades)
    .where(where)
    .orderBy(
      sql`case when ${trades.state} in ('completed', 'cancelled', 'refunded') then 1 else 0 end`,
      desc(trades.updatedAt),
      desc(trades.id),
    )
    .limit(100);
  const who = await people(db, [...new Set(rows.flatMap((t) => [t.buyerId, t.sellerId]))]);
  return rows.map((t) => {
    const role = roleIn(t, viewer.userId);
    const counterpart = role === 'comprador' ? t.sellerId : t.buyerId;
    return {
      id: t.id,
      state: t.state,
      amountCents: t.amountCents,
      listingTitle: t.listingTitle,
      role,
      counterpartName: who.get(counterpart)?.name ?? 'Usuário removido',
      deadlineAt: isTradeOpen(t.state) ? (t.deadlineAt?.toISOString() ?? null) : null,
      flagged: t.flaggedAt !== null,
      updatedAt: t.updatedAt.toISOString(),
    };
  });
}
