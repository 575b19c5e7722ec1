import { payoutFindingKinds } from '@shared/payout-reconciliation';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { trades } from './trades';

// Payouts reconciled with the PSP, day by day (issue 36, docs/decisions/028-payouts.md).

/** One reconciled day (São Paulo's calendar day): when it ran last and what it saw. */
export const payoutReconciliationRuns = pgTable('payout_reconciliation_runs', {
  day: date('day', { mode: 'string' }).primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
  /** The PSP's sends listed for the day and the ledger's payouts through it. */
  pspSends: integer('psp_sends').notNull(),
  ledgerPayouts: integer('ledger_payouts').notNull(),
  findings: integer('findings').notNull(),
});

/**
 * One difference found; once per day, send and kind (a later run of the same day adds none). It is closed when a
 * later run no longer finds it (a late booking caught up), or by staff.
 */
export const payoutReconciliationFindings = pgTable(
  'payout_reconciliation_findings',
  {
    id: serial('id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: payoutFindingKinds }).notNull(),
    /** Our id of the send at the PSP (`idEnvio`). */
    pspId: text('psp_id').notNull(),
    tradeId: integer('trade_id').references(() => trades.id),
    pspAmountCents: bigint('psp_amount_cents', { mode: 'number' }),
    ledgerAmountCents: bigint('ledger_amount_cents', { mode: 'number' }),
    pspKey: text('psp_key'),
    ledgerKey: text('ledger_key'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payout_reconciliation_findings_once_idx').on(t.day, t.pspId, t.kind),
    index('payout_reconciliation_findings_open_idx').on(t.kind).where(sql`${t.resolvedAt} is null`),
  ],
);
