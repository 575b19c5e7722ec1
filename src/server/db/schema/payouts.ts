import { payoutStates } from '@shared/payout-process';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, updatedAt } from './columns';
import { trades } from './trades';

export const payoutState = pgEnum('payout_state', payoutStates);

/**
 * One payout per trade (issue 36, decision 028): created in the transaction of the trade's step that makes it due,
 * moved only by the payout process (src/shared/payout-process.ts), one guarded UPDATE per step.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id),
    state: payoutState('state').notNull(),
    /** The seller's share (the trade's amount less its fee), in cents: what the PIX sends. */
    amountCents: integer('amount_cents').notNull(),
    /** The key fixed on the trade when the payout became due ('type:key'); a later default never moves it. */
    pixKey: text('pix_key'),
    holderName: text('holder_name'),
    /** The holder's document ('cpf' | 'cnpj') and number, when the seller's payout identity is known. */
    holderDocKind: text('holder_doc_kind'),
    holderDocNumber: text('holder_doc_number'),
    /** Our id at the PSP, `payoutIdFor(tradeId, attempt)`; unique: one send per id, ever. */
    pspId: text('psp_id').notNull(),
    /** Sends refused so far: each refusal spends its id, the next send takes `attempt + 1`. */
    attempt: integer('attempt').notNull().default(0),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** The sender's first look at it (the risk rules) happened. */
    assessedAt: timestamp('assessed_at', { withTimezone: true }),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    holdReason: text('hold_reason'),
    sendingAt: timestamp('sending_at', { withTimezone: true }),
    /** When a payout left `sending` is read back from the PSP (its answer late or lost). */
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    /** Read-backs and unanswered sends of the current attempt, for the backoff. */
    checks: integer('checks').notNull().default(0),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** The PSP's reason, in pt-BR, for the seller and the desk. */
    failureReason: text('failure_reason'),
    endToEndId: text('end_to_end_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Who paid it by hand (an admin), null when the PSP did. */
    paidBy: text('paid_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payouts_trade_idx').on(t.tradeId),
    uniqueIndex('payouts_psp_id_idx').on(t.pspId),
    index('payouts_due_idx').on(t.dueAt).where(sql`${t.state} = 'due'`),
    index('payouts_state_idx').on(t.state, t.updatedAt),
  ],
);

/** The payouts' kill switch (one row, id 1): paused, no payout is sent (decision 028). */
export const payoutSwitches = pgTable('payout_switches', {
  id: integer('id').primaryKey(),
  paused: boolean('paused').notNull().default(false),
  reason: text('reason'),
  changedBy: text('changed_by').references(() => users.id),
  changedAt: timestamp('changed_at', { withTimezone: true }),
});
