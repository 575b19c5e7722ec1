import { feeCents, sellerShareCents } from '@shared/fees';
import { type LedgerTransactionKind, payableAccountCode, platformAccounts } from '@shared/ledger';
import { MAX_PRICE_CENTS } from '@shared/money';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../src/server/db/schema';
import { AppError } from '../../src/server/errors';
import { createLedger, type Ledger, type TradeMoney } from '../../src/server/modules/ledger/service';
import { createUser } from '../factories/accounts';
import { createTradeRow } from '../factories/trades';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let db: Db;
let ledger: Ledger;
let users: string[];

beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
  ledger = createLedger(db);
  users = [];
  for (let i = 0; i < 3; i++) users.push((await createUser(db)).id);
});
afterAll(() => t?.close());

function newTrade(
  amountCents: number,
  seller = users[0] as string,
  buyer = users[1] as string,
): Promise<TradeMoney> {
  return createTradeRow(db, { amountCents, sellerId: seller, buyerId: buyer });
}

/** The PostgreSQL error under Drizzle's wrapper (both drivers put SQLSTATE in `code`). */
async function sqlErrorOf(action: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await action;
  } catch (error) {
    for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
      if (typeof (e as { code?: unknown }).code === 'string') return e as { code: string; message: string };
    }
    throw error;
  }
  throw new Error('expected the database to refuse');
}

const count = async (table: typeof ledgerEntries | typeof ledgerTransactions) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

/** Runs one movement in its own transaction: 'written', 'replay' (nothing written) or 'refused'. */
async function run(action: (tx: Db) => Promise<boolean>): Promise<'written' | 'replay' | 'refused'> {
  try {
    return (await db.transaction((tx) => action(tx as unknown as Db))) ? 'written' : 'replay';
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return 'refused';
    throw error;
  }
}

const movements = {
  payment: (tx: Db, trade: TradeMoney) => ledger.paymentConfirmed(tx, trade),
  release: (tx: Db, trade: TradeMoney) => ledger.released(tx, trade),
  payout: (tx: Db, trade: TradeMoney) => ledger.payoutRecorded(tx, trade),
  refund: (tx: Db, trade: TradeMoney) => ledger.refunded(tx, trade),
  refund_payout: (tx: Db, trade: TradeMoney) => ledger.refundPaid(tx, trade),
} satisfies Record<LedgerTransactionKind, unknown>;

describe('ledger movements', () => {
  it('a trade paid, released and paid out leaves 5 % as fee revenue and the rest paid to the seller', async () => {
    const before = await ledger.balances();
    const trade = await newTrade(1999);
    expect(await run((tx) => ledger.paymentConfirmed(tx, trade))).toBe('written');
    expect(await ledger.balanceOf(platformAccounts.escrow)).toBe((before['platform:escrow'] ?? 0) + 1999);
    expect(await run((tx) => ledger.released(tx, trade))).toBe('written');
    expect(await run((tx) => ledger.payoutRecorded(tx, trade))).toBe('written');

    const after = await ledger.balances();
    const delta = (code: string) => (after[code] ?? 0) - (before[code] ?? 0);
    expect(feeCents(1999)).toBe(100);
    expect(delta(platformAccounts.escrow)).toBe(0);
    expect(delta(platformAccounts.feeRevenue)).toBe(100);
    expect(delta(platformAccounts.cash)).toBe(100); // 1999 in, 1899 out to the seller
    expect(delta(payableAccountCode(trade.sellerId))).toBe(0);
    expect((await ledger.reconcile()).problems).toEqual([]);
  });

  it('a refunded trade owes the buyer the whole amount until the refund is paid; no fee', async () => {
    const before = await ledger.balances();
    const trade = await newTrade(5000);
    await run((tx) => ledger.paymentConfirmed(tx, trade));
    await run((tx) => ledger.refunded(tx, trade));
    expect(await ledger.balanceOf(payableAccountCode(trade.buyerId))).toBe(
      (before[payableAccountCode(trade.buyerId)] ?? 0) + 5000,
    );
    await run((tx) => ledger.refundPaid(tx, trade));
    const after = await ledger.balances();
    for (const code of Object.keys(after)) expect(after[code], code).toBe(before[code] ?? 0);
    expect((await ledger.reconcile()).problems).toEqual([]);
  });

  it('replaying an event writes nothing the second time', async () => {
    const trade = await newTrade(300);
    await run((tx) => ledger.paymentConfirmed(tx, trade));
    expect(await run((tx) => ledger.released(tx, trade))).toBe('written');
    const entries = await count(ledgerEntries);
    const balances = await ledger.balances();
    expect(await run((tx) => ledger.released(tx, trade))).toBe('replay');
    expect(await run((tx) => ledger.paymentConfirmed(tx, trade))).toBe('replay');
    expect(await run((tx) => ledger.paymentConfirmed(tx, { ...trade, amountCents: 301 }))).toBe('refused');
    expect(
      await run((tx) =>
        ledger.record(tx, {
          idempotencyKey: `trade:${trade.id}:release`,
          kind: 'refund',
          tradeId: trade.id,
          description: 'outra movimentação com a mesma chave',
          entries: [
            { account: platformAccounts.escrow, amountCents: 300 },
            { account: payableAccountCode(trade.buyerId), amountCents: -300 },
          ],
        }),
      ),
    ).toBe('refused');
    expect(await count(ledgerEntries)).toBe(entries);
    expect(await ledger.balances()).toEqual(balances);
  });

  it('concurrent replays of one release, each in its own transaction, move the money exactly once', async () => {
    const trade = await newTrade(12_345);
    await run((tx) => ledger.paymentConfirmed(tx, trade));
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => run((tx) => ledger.released(tx, trade))),
    );
    expect(outcomes.filter((o) => o === 'written')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'replay')).toHaveLength(5);
    const rows = await db.select().from(ledgerTransactions).where(eq(ledgerTransactions.tradeId, trade.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['payment', 'release']);
    expect((await ledger.reconcile()).problems).toEqual([]);
  });

  it('a release and a refund of one trade at once: one wins, the other is refused', async () => {
    const trade = await newTrade(777);
    await run((tx) => ledger.paymentConfirmed(tx, trade));
    const outcomes = await Promise.all([
      run((tx) => ledger.released(tx, trade)),
      run((tx) => ledger.refunded(tx, trade)),
    ]);
    expect(outcomes.sort()).toEqual(['refused', 'written']);
    expect((await ledger.reconcile()).problems).toEqual([]);
  });

  it('refuses movements out of order, and an amount other than the one paid', async () => {
    const trade = await newTrade(1000);
    const entries = await count(ledgerEntries);
    expect(await run((tx) => ledger.released(tx, trade))).toBe('refused');
    expect(await run((tx) => ledger.refunded(tx, trade))).toBe('refused');
    expect(await run((tx) => ledger.payoutRecorded(tx, trade))).toBe('refused');
    await run((tx) => ledger.paymentConfirmed(tx, trade));
    expect(await run((tx) => ledger.released(tx, { ...trade, amountCents: 2000 }))).toBe('refused');
    expect(await run((tx) => ledger.refundPaid(tx, trade))).toBe('refused');
    await run((tx) => ledger.released(tx, trade));
    expect(await run((tx) => ledger.refunded(tx, trade))).toBe('refused');
    expect(await count(ledgerEntries)).toBe(entries + 2 + 3);
  });

  it('a transaction is written with the trade it belongs to and rolls back with it', async () => {
    const trade = await newTrade(400);
    const entries = await count(ledgerEntries);
    await expect(
      db.transaction(async (tx) => {
        await ledger.paymentConfirmed(tx as unknown as Db, trade);
        throw new Error('the trade update failed');
      }),
    ).rejects.toThrow('the trade update failed');
    expect(await count(ledgerEntries)).toBe(entries);
    expect(await run((tx) => ledger.paymentConfirmed(tx, trade))).toBe('written');
  });
});

describe('the database holds the ledger rules', () => {
  async function accountId(code: string) {
    const [row] = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, code));
    if (!row) throw new Error(`no account ${code}`);
    return row.id;
  }

  it('refuses at commit a transaction whose entries do not sum to zero, or that has fewer than two', async () => {
    const first = await newTrade(100);
    await run((tx) => ledger.paymentConfirmed(tx, first)); // the platform accounts exist
    const handTrade = await newTrade(100);
    const cash = await accountId(platformAccounts.cash);
    const escrow = await accountId(platformAccounts.escrow);
    const transactions = await count(ledgerTransactions);
    const entries = await count(ledgerEntries);
    const attempt = (key: string, amounts: [number, number][]) =>
      db.transaction(async (tx) => {
        const [txn] = await tx
          .insert(ledgerTransactions)
          .values({ idempotencyKey: key, kind: 'payment', tradeId: handTrade.id, description: 'à mão' })
          .returning({ id: ledgerTransactions.id });
        if (amounts.length) {
          await tx.insert(ledgerEntries).values(
            amounts.map(([accountId, amountCents]) => ({
              transactionId: txn?.id as number,
              accountId,
              amountCents,
            })),
          );
        }
      });

    const unbalanced = await sqlErrorOf(
      attempt('raw:1', [
        [cash, 100],
        [escrow, -99],
      ]),
    );
    expect(unbalanced.code).toBe('23514');
    expect(unbalanced.message).toMatch(/unbalanced/);
    expect((await sqlErrorOf(attempt('raw:2', [[cash, 100]]))).code).toBe('23514');
    expect((await sqlErrorOf(attempt('raw:3', []))).code).toBe('23514');
    expect(await count(ledgerTransactions)).toBe(transactions);
    expect(await count(ledgerEntries)).toBe(entries);

    // Entries that balance only with a later statement pass: the check waits for the commit.
    await attempt('raw:4', [
      [cash, 100],
      [escrow, -60],
      [escrow, -40],
    ]);
    expect(await count(ledgerEntries)).toBe(entries + 3);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of entries and transactions', async () => {
    const trade = await newTrade(250);
    await run((tx) => ledger.paymentConfirmed(tx, trade));
    const [entry] = await db.select().from(ledgerEntries).limit(1);
    const id = entry?.id as number;
    const refusals = [
      db.update(ledgerEntries).set({ amountCents: 1 }).where(eq(ledgerEntries.id, id)),
      db.delete(ledgerEntries).where(eq(ledgerEntries.id, id)),
      db.update(ledgerTransactions).set({ description: 'outra' }),
      db.delete(ledgerTransactions),
      db.update(ledgerAccounts).set({ kind: 'asset' }),
      db.execute(sql`truncate ledger_entries`),
      db.execute(sql`truncate ledger_transactions cascade`),
    ];
    for (const refusal of refusals) {
      const error = await sqlErrorOf(refusal);
      expect(error.code).toBe('23001');
      expect(error.message).toMatch(/append-only/);
    }
    const [same] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, id));
    expect(same).toEqual(entry);
  });
});

/**
 * A tiny model of which movements are legal after which: the ledger must accept exactly those, once.
 * Each step is a batch of movements run at once (Promise.all, one transaction each): on different trades,
 * and replays of one movement on one trade. Afterwards reconcile() finds nothing and every balance moved by what
 * the model says.
 */
describe('property: random interleavings of trade movements', () => {
  const kinds = Object.keys(movements) as LedgerTransactionKind[];
  const needs: Record<LedgerTransactionKind, LedgerTransactionKind | null> = {
    payment: null,
    release: 'payment',
    refund: 'payment',
    payout: 'release',
    refund_payout: 'refund',
  };
  function isLegal(done: Set<LedgerTransactionKind>, kind: LedgerTransactionKind) {
    const needed = needs[kind];
    if (needed && !done.has(needed)) return false;
    if (kind === 'release' && done.has('refund')) return false;
    if (kind === 'refund' && done.has('release')) return false;
    return true;
  }
  /** What one movement does to each account, on the account's normal side. */
  function effectOf(trade: TradeMoney, kind: LedgerTransactionKind): Record<string, number> {
    const fee = feeCents(trade.amountCents);
    const share = sellerShareCents(trade.amountCents);
    const seller = payableAccountCode(trade.sellerId);
    const buyer = payableAccountCode(trade.buyerId);
    const { cash, escrow, feeRevenue } = platformAccounts;
    switch (kind) {
      case 'payment':
        return { [cash]: trade.amountCents, [escrow]: trade.amountCents };
      case 'release':
        return { [escrow]: -trade.amountCents, [seller]: share, [feeRevenue]: fee };
      case 'payout':
        return { [seller]: -share, [cash]: -share };
      case 'refund':
        return { [escrow]: -trade.amountCents, [buyer]: trade.amountCents };
      case 'refund_payout':
        return { [buyer]: -trade.amountCents, [cash]: -trade.amountCents };
    }
  }

  const amount = fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: MAX_PRICE_CENTS }));
  const step = fc.record({
    trade: fc.nat(3),
    kind: fc.constantFrom(...kinds),
    copies: fc.integer({ min: 1, max: 3 }),
  });
  const scenario = fc.record({
    amounts: fc.tuple(amount, amount, amount, amount),
    batches: fc.array(fc.array(step, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 10 }),
  });

  it("keeps the ledger balanced and reconciled, moving each event's money once", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ amounts, batches }) => {
        const trades = await Promise.all(
          amounts.map((a, i) => newTrade(a, users[i % 3], users[(i + 1) % 3])),
        );
        const done = trades.map(() => new Set<LedgerTransactionKind>());
        const expected = { ...(await ledger.balances()) };
        for (const batch of batches) {
          // One kind of movement per trade in a batch, so the model knows the order does not matter.
          const byTrade = new Map(batch.map((s) => [s.trade, s]));
          const runs = [...byTrade.values()].flatMap((s) =>
            Array.from({ length: s.copies }, () => ({
              ...s,
              outcome: run((tx) => movements[s.kind](tx, trades[s.trade] as TradeMoney)),
            })),
          );
          const outcomes = await Promise.all(runs.map((r) => r.outcome));
          for (const s of byTrade.values()) {
            const mine = outcomes.filter((_, i) => runs[i]?.trade === s.trade);
            const state = done[s.trade] as Set<LedgerTransactionKind>;
            const trade = trades[s.trade] as TradeMoney;
            if (state.has(s.kind)) {
              expect(mine, `${s.kind} replayed on trade ${trade.id}`).toEqual(mine.map(() => 'replay'));
            } else if (isLegal(state, s.kind)) {
              expect(
                mine.filter((o) => o === 'written'),
                `${s.kind} on trade ${trade.id}`,
              ).toHaveLength(1);
              expect(mine.filter((o) => o !== 'written')).toEqual(mine.slice(1).map(() => 'replay'));
              state.add(s.kind);
              for (const [code, cents] of Object.entries(effectOf(trade, s.kind))) {
                expected[code] = (expected[code] ?? 0) + cents;
              }
            } else {
              expect(mine, `${s.kind} on trade ${trade.id} after ${[...state]}`).toEqual(
                mine.map(() => 'refused'),
              );
            }
          }
        }
        const { problems } = await ledger.reconcile();
        expect(problems).toEqual([]);
        const actual = await ledger.balances();
        for (const code of new Set([...Object.keys(actual), ...Object.keys(expected)])) {
          expect(actual[code] ?? 0, code).toBe(expected[code] ?? 0);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('reconcile', () => {
  // Last in the file: it leaves a wrong release behind on purpose.
  it('reconcile finds a release whose fee is not the rule', async () => {
    // A second ledger over the same tables, standing for a buggy caller that bypasses the movements.
    const trade = await newTrade(10_000);
    await run((tx) => ledger.paymentConfirmed(tx, trade));
    await run((tx) =>
      ledger.record(tx, {
        idempotencyKey: `trade:${trade.id}:release`,
        kind: 'release',
        tradeId: trade.id,
        description: 'taxa errada',
        entries: [
          { account: platformAccounts.escrow, amountCents: 10_000 },
          { account: payableAccountCode(trade.sellerId), amountCents: -9_000 },
          { account: platformAccounts.feeRevenue, amountCents: -1_000 },
        ],
      }),
    );
    const { problems } = await ledger.reconcile();
    expect(problems.some((p) => p.includes('taxa 1000, esperada 500'))).toBe(true);
    expect(problems.some((p) => p.startsWith('receita de taxas'))).toBe(true);
  });
});
