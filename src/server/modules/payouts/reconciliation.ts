import { platformAccounts } from '@shared/ledger';
import type { PayoutFindingKind } from '@shared/payout-reconciliation';
import { and, eq, gte, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  payoutReconciliationFindings,
  payoutReconciliationRuns,
  payouts,
} from '../../db/schema';
import type { PayoutProvider, PayoutSent } from './provider';

/** A payout the ledger booked as sent through the PSP. */
export interface BookedPayout {
  pspId: string;
  tradeId: number;
  amountCents: number;
  /** The key fixed on the payout (`payouts.pix_key`, 'type:key'), its value compared with the PSP's. */
  key: string | null;
}

export interface PayoutFinding {
  kind: PayoutFindingKind;
  pspId: string;
  tradeId: number | null;
  pspAmountCents: number | null;
  ledgerAmountCents: number | null;
  pspKey: string | null;
  ledgerKey: string | null;
}

/** `'email:a@b.c'` → `'a@b.c'`: the value of a key as the trade keeps it. */
const keyValueOf = (stored: string | null) => (stored ? stored.slice(stored.indexOf(':') + 1) : null);

/**
 * The differences between what the PSP paid and what the ledger booked, for one day.
 *
 * - `sent`: the PSP's sends requested that day; those it paid must each have a payout in the ledger (`bookedIds`,
 *   any day: a send of 23:59 may be booked after midnight).
 * - `booked`: the ledger's payouts through the PSP booked that day; each must be a send the PSP paid (`paidAround`,
 *   the PSP's paid sends of that day and the day before), for the same amount, to the same key.
 *
 * A send still processing or refused is no difference (no money moved); neither is a send not of ours (an id we
 * never derive) unless paid: money left the account either way, and staff must know.
 */
export function comparePayouts(input: {
  sent: PayoutSent[];
  paidAround: PayoutSent[];
  booked: BookedPayout[];
  bookedIds: Set<string>;
}): PayoutFinding[] {
  const findings: PayoutFinding[] = [];
  for (const send of input.sent) {
    if (send.status !== 'paid' || input.bookedIds.has(send.id)) continue;
    findings.push({
      kind: 'sent_not_booked',
      pspId: send.id,
      tradeId: null,
      pspAmountCents: send.amountCents,
      ledgerAmountCents: null,
      pspKey: send.key,
      ledgerKey: null,
    });
  }
  const paid = new Map(input.paidAround.filter((s) => s.status === 'paid').map((s) => [s.id, s]));
  for (const payout of input.booked) {
    const send = paid.get(payout.pspId);
    const base = {
      pspId: payout.pspId,
      tradeId: payout.tradeId,
      ledgerAmountCents: payout.amountCents,
      ledgerKey: keyValueOf(payout.key),
      pspAmountCents: send?.amountCents ?? null,
      pspKey: send?.key ?? null,
    };
    if (!send) {
      findings.push({ ...base, kind: 'booked_not_sent' });
      continue;
    }
    if (send.amountCents !== payout.amountCents) findings.push({ ...base, kind: 'amount_differs' });
    if (base.ledgerKey !== null && send.key !== base.ledgerKey)
      findings.push({ ...base, kind: 'key_differs' });
  }
  return findings;
}

/** São Paulo's calendar day (UTC−3 all year since 2019) that `at` falls in, and its bounds. */
export function saoPauloDay(at: Date) {
  const day = new Date(at.getTime() - 3 * 3600_000).toISOString().slice(0, 10);
  const from = new Date(`${day}T00:00:00-03:00`);
  const to = new Date(from.getTime() + 86_400_000);
  return { day, from, to };
}

export interface ReconciliationDeps {
  db: Db;
  provider: PayoutProvider;
  now?: () => Date;
}

/**
 * The ledger's payouts booked in [from, to) that the PSP paid (the payout's `paid_by` is null: not paid by hand on
 * the desk), each with its PSP id, the amount the ledger moved out of the platform's cash, and the key fixed on it.
 */
async function bookedPayouts(db: Db, from: Date, to: Date): Promise<BookedPayout[]> {
  const rows = await db
    .select({
      pspId: payouts.pspId,
      tradeId: ledgerTransactions.tradeId,
      key: payouts.pixKey,
      amountCents: sql<string>`-sum(${ledgerEntries.amountCents})`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(payouts, eq(payouts.tradeId, ledgerTransactions.tradeId))
    .where(
      and(
        eq(ledgerTransactions.kind, 'payout'),
        eq(ledgerAccounts.code, platformAccounts.cash),
        isNull(payouts.paidBy),
        gte(ledgerTransactions.createdAt, from),
        lt(ledgerTransactions.createdAt, to),
      ),
    )
    .groupBy(payouts.pspId, ledgerTransactions.tradeId, payouts.pixKey);
  return rows.map((r) => ({ ...r, amountCents: Number(r.amountCents) }));
}

/** Which of these PSP ids the ledger has a payout for (any day). */
async function bookedAmong(db: Db, pspIds: string[]): Promise<Set<string>> {
  if (pspIds.length === 0) return new Set();
  const rows = await db
    .select({ pspId: payouts.pspId })
    .from(payouts)
    .innerJoin(
      ledgerTransactions,
      and(eq(ledgerTransactions.tradeId, payouts.tradeId), eq(ledgerTransactions.kind, 'payout')),
    )
    .where(inArray(payouts.pspId, pspIds));
  return new Set(rows.map((r) => r.pspId));
}

/**
 * Reconciles one São Paulo day (by default yesterday's): lists the PSP's sends, reads the ledger's payouts, records
 * each new difference once (a later run of the same day adds none) and closes those no longer found (a booking that
 * caught up). Answers what it found.
 */
export async function reconcilePayoutsDay(deps: ReconciliationDeps, at?: Date) {
  const now = deps.now?.() ?? new Date();
  const { day, from, to } = saoPauloDay(at ?? new Date(now.getTime() - 86_400_000));
  const dayBefore = new Date(from.getTime() - 86_400_000);

  // The day's sends, and those of the day before, which a booking of this day may be for.
  const sent = await deps.provider.listSent({ from, to });
  const before = await deps.provider.listSent({ from: dayBefore, to: from });
  const booked = await bookedPayouts(deps.db, from, to);
  const bookedIds = await bookedAmong(
    deps.db,
    sent.filter((s) => s.status === 'paid').map((s) => s.id),
  );

  const findings = comparePayouts({ sent, paidAround: [...before, ...sent], booked, bookedIds });
  await deps.db.transaction(async (tx) => {
    if (findings.length > 0) {
      await tx
        .insert(payoutReconciliationFindings)
        .values(findings.map((f) => ({ ...f, day })))
        .onConflictDoNothing();
    }
    // Open findings of this day no longer found are closed: the difference is gone.
    const still = findings.map((f) => `${f.pspId}|${f.kind}`);
    await tx
      .update(payoutReconciliationFindings)
      .set({ resolvedAt: now })
      .where(
        and(
          eq(payoutReconciliationFindings.day, day),
          isNull(payoutReconciliationFindings.resolvedAt),
          ...(still.length > 0
            ? [
                notInArray(
                  sql`${payoutReconciliationFindings.pspId} || '|' || ${payoutReconciliationFindings.kind}`,
                  still,
                ),
              ]
            : []),
        ),
      );
    const run = {
      ranAt: now,
      pspSends: sent.length,
      ledgerPayouts: booked.length,
      findings: findings.length,
    };
    await tx
      .insert(payoutReconciliationRuns)
      .values({ day, ...run })
      .onConflictDoUpdate({ target: payoutReconciliationRuns.day, set: run });
  });
  return { day, pspSends: sent.length, ledgerPayouts: booked.length, findings };
}

/** The open findings, for Visão Geral and /metrics. */
export async function openPayoutFindings(db: Db) {
  return db
    .select()
    .from(payoutReconciliationFindings)
    .where(isNull(payoutReconciliationFindings.resolvedAt))
    .orderBy(payoutReconciliationFindings.day, payoutReconciliationFindings.id);
}
