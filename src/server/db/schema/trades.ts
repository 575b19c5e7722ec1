import { tradeEventKinds, tradePhotoPurposes, tradeStates } from '@shared/trades';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/** A devolução under way (`trades.refund_pending`): what it is, and the step it completes once done. */
export interface PendingRefund {
  /** Our id of the devolução at the PSP (`refundIdFor(tradeId, attempt)`). */
  refundId: string;
  /** The admin's step it completes: a cancel after payment, or a dispute decided for the buyer. */
  action: 'cancel' | 'decide_dispute';
  reason: string;
  /** The admin who asked for it. */
  actorId: string;
  /** When it was asked (ISO). */
  since: string;
}

import { createdAt, updatedAt } from './columns';
import { listingKind, listings } from './listings';
import { offers } from './offers';
import { supportTickets } from './support';

// Protected trades (docs/decisions/010-trades.md): the trade, its history, photos and room presence.

export const tradeState = pgEnum('trade_state', tradeStates);

/**
 * A protected trade. `state` moves only by `UPDATE … WHERE state = $from` (modules/trades/transitions.ts);
 * `timers` are the timers running in the current state (src/shared/trade-process.ts), swept by the timers job at
 * `next_timer_at`; `deadline_at` is the state's deadline, the one the room shows.
 */
export const trades = pgTable(
  'trades',
  {
    id: serial('id').primaryKey(),
    /** Null once the listing is deleted; the title below keeps the trade readable. */
    listingId: integer('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    listingTitle: text('listing_title').notNull(),
    listingKind: listingKind('listing_kind').notNull(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    offerId: integer('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    /** The staff member who took the trade; while null, any staff member may act. */
    intermediaryId: text('intermediary_id').references(() => users.id, { onDelete: 'set null' }),
    ticketId: integer('ticket_id').references(() => supportTickets.id, { onDelete: 'set null' }),
    state: tradeState('state').notNull().default('awaiting_value'),
    amountCents: integer('amount_cents').notNull(),
    /** The platform's fee rate for this trade, fixed when it opens from the seller's seal (5 %, Prata 4,25 %, Ouro 3,5 %). */
    feeRateBps: integer('fee_rate_bps').notNull().default(500),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    /** The timers of the current state not fired yet: their name in the process → when they fire (ISO). */
    timers: jsonb('timers').$type<Record<string, string>>().notNull().default({}),
    /** The first of `timers` (null: none): what the sweep looks for. */
    nextTimerAt: timestamp('next_timer_at', { withTimezone: true }),
    /** A timer that waits on staff passed (delivery not marked, payment not released). */
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    valueConfirmedAt: timestamp('value_confirmed_at', { withTimezone: true }),
    /** The PIX charge: its txid and the copia-e-cola the buyer pays. */
    pixTxid: text('pix_txid'),
    pixCopiaECola: text('pix_copia_e_cola'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentEndToEndId: text('payment_end_to_end_id'),
    deliveryNote: text('delivery_note'),
    /** AES-256-GCM (modules/trades/sealed.ts): only ciphertext is stored. */
    deliveryCredentials: text('delivery_credentials'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Opened on an instant-delivery listing (issue 37): a code is reserved for it and delivered by the process. */
    instantDelivery: boolean('instant_delivery').notNull().default(false),
    deliveryConfirmedAt: timestamp('delivery_confirmed_at', { withTimezone: true }),
    deliveryAutoConfirmed: boolean('delivery_auto_confirmed').notNull().default(false),
    /** A value the seller proposed instead of the agreed one; the buyer accepts or declines it before any charge. */
    proposedAmountCents: integer('proposed_amount_cents'),
    /** An account sale's warranty window ends here (after the buyer's confirmation); the payout is due after it. */
    warrantyEndsAt: timestamp('warranty_ends_at', { withTimezone: true }),
    /** When the payout became due: the seller's default key ('type:key') and holder were fixed on the trade then. */
    payoutDueAt: timestamp('payout_due_at', { withTimezone: true }),
    /** The seller's key the payout goes to, fixed when it became due ('type:key'); a later default does not move it. */
    payoutPixKey: text('payout_pix_key'),
    payoutHolderName: text('payout_holder_name'),
    payoutEndToEndId: text('payout_end_to_end_id'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    refundEndToEndId: text('refund_end_to_end_id'),
    /** With API Pix: the devolução's own id at the PSP (rtrId). */
    refundReturnId: text('refund_return_id'),
    /**
     * With API Pix: a devolução asked of the PSP and not yet final (modules/trades/refunds.ts). Set, under the
     * trade's lock, before the PSP is called; while set, no payout and no other refund of the trade goes out.
     */
    refundPending: jsonb('refund_pending').$type<PendingRefund>(),
    /** Devoluções the PSP refused (`NAO_REALIZADO`): each spent its id, so the next one takes a new id. */
    refundAttempts: integer('refund_attempts').notNull().default(0),
    cancelReason: text('cancel_reason'),
    disputeOpenedBy: text('dispute_opened_by').references(() => users.id, { onDelete: 'set null' }),
    disputeReason: text('dispute_reason'),
    disputeOpenedAt: timestamp('dispute_opened_at', { withTimezone: true }),
    disputeDecision: text('dispute_decision'),
    disputeDecisionReason: text('dispute_decision_reason'),
    disputeDecidedAt: timestamp('dispute_decided_at', { withTimezone: true }),
    /** A moderator's recommended decision, which an admin confirms (money decisions are admins'). */
    disputeRecommendation: text('dispute_recommendation'),
    disputeRecommendationReason: text('dispute_recommendation_reason'),
    disputeRecommendedBy: text('dispute_recommended_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('trades_buyer_idx').on(t.buyerId, t.updatedAt.desc().nullsFirst()),
    index('trades_seller_idx').on(t.sellerId, t.updatedAt.desc().nullsFirst()),
    index('trades_listing_state_idx').on(t.listingId, t.state),
    index('trades_next_timer_idx').on(t.nextTimerAt),
    uniqueIndex('trades_offer_idx').on(t.offerId),
    uniqueIndex('trades_pix_txid_idx').on(t.pixTxid),
    // One open trade per buyer and listing: a double click on 'Compra protegida' opens one.
    uniqueIndex('trades_one_open_per_buyer_idx')
      .on(t.listingId, t.buyerId)
      .where(sql`${t.state} not in ('completed', 'cancelled', 'refunded')`),
    check('trades_amount_positive', sql`${t.amountCents} > 0`),
    check('trades_fee_rate_range', sql`${t.feeRateBps} between 0 and 10000`),
    check('trades_parties_differ', sql`${t.buyerId} <> ${t.sellerId}`),
  ],
);

export const tradeEventKind = pgEnum('trade_event_kind', tradeEventKinds);

/** The room's history: every transition, who did it (null: the system) and when. Also the live room's sequence. */
export const tradeEvents = pgTable(
  'trade_events',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: tradeEventKind('kind').notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('trade_events_trade_idx').on(t.tradeId, t.id)],
);

export const tradePhotoPurpose = pgEnum('trade_photo_purpose', tradePhotoPurposes);

/**
 * A photo inside a trade (delivery proof, dispute evidence). Private: its files live under 'trades/<id>/', which
 * `/media` never serves; `GET /api/trades/:id/photos/:photoId` streams them to who may see the trade.
 */
export const tradePhotos = pgTable(
  'trade_photos',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    purpose: tradePhotoPurpose('purpose').notNull(),
    /** Storage key prefix; the files are `${key}-${width}.webp`. */
    key: text('key').notNull(),
    widths: integer('widths').array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('trade_photos_trade_idx').on(t.tradeId, t.id)],
);
// ── Trade chat (docs/decisions/013-trade-chat.md): the parties' and staff's messages inside a trade ──

/**
 * Who is in a trade's room right now, one row per open socket (docs/decisions/014-voice-call.md). Rows live as
 * long as their process refreshes them: a process that dies leaves rows that expire and are swept by the others.
 */
export const tradePresence = pgTable(
  'trade_presence',
  {
    /** The socket's id, made by the server when it opened. */
    connectionId: text('connection_id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'comprador' | 'vendedor' | 'intermediador'; null for staff watching a trade another staff member took. */
    role: text('role'),
    inCall: boolean('in_call').notNull().default(false),
    muted: boolean('muted').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('trade_presence_trade_idx').on(t.tradeId),
    index('trade_presence_expires_idx').on(t.expiresAt),
    // One connection per role in a trade's call: a mesh of at most buyer, seller and one intermediary.
    uniqueIndex('trade_presence_call_role_idx').on(t.tradeId, t.role).where(sql`${t.inCall}`),
  ],
);
