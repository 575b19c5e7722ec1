import { ledgerAccountKinds, ledgerTransactionKinds } from '@shared/ledger';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt } from './columns';
import { trades } from './trades';

// Money: the double-entry ledger of protected trades (docs/decisions/008-ledger.md).
// Append-only: triggers (migration 0011_ledger_rules) refuse UPDATE, DELETE and TRUNCATE of transactions and entries, and
// refuse at commit any transaction whose entries do not sum to zero.

export const ledgerAccountKind = pgEnum('ledger_account_kind', ledgerAccountKinds);
export const ledgerTransactionKind = pgEnum('ledger_transaction_kind', ledgerTransactionKinds);

/** `platform:cash`, `platform:escrow`, `platform:fee_revenue`, `user:{userId}:payable`. */
export const ledgerAccounts = pgTable('ledger_accounts', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  /** Asset: debits increase it. Liability, revenue: credits increase it. */
  kind: ledgerAccountKind('kind').notNull(),
  /** The user a payable account belongs to; money records outlive nothing they refer to. */
  userId: text('user_id').references(() => users.id),
  createdAt: createdAt(),
});

/** One movement of money, recorded once: the idempotency key is derived from the event (`trade:{id}:release`). */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: serial('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: ledgerTransactionKind('kind').notNull(),
    /** The trade whose money this moves. The trades issue adds the foreign key once `trades` exists. */
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id),
    description: text('description').notNull(),
    /** The PIX transfer that moved this money (payment in, payout or refund out): one transfer, one movement. */
    endToEndId: text('end_to_end_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_transactions_trade_idx').on(t.tradeId),
    uniqueIndex('ledger_transactions_end_to_end_idx').on(t.endToEndId),
    // Escrow leaves a trade once: released to the seller or refunded to the buyer, never both.
    uniqueIndex('ledger_transactions_one_escrow_exit_idx')
      .on(t.tradeId)
      .where(sql`${t.kind} in ('release', 'refund')`),
  ],
);

/** Signed cents: a debit is positive, a credit negative; a transaction's entries sum to zero. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: serial('id').primaryKey(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId),
    check('ledger_entries_amount_not_zero', sql`${t.amountCents} <> 0`),
  ],
);
