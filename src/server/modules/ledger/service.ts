import { FEE_RATE_BPS, feeCents, sellerShareCents } from '@shared/fees';
import {
  type LedgerAccountKind,
  type LedgerTransactionKind,
  ledgerEventKey,
  payableAccountCode,
  platformAccounts,
} from '@shared/ledger';
import { ledgerMessages as m } from '@shared/ledger-messages';
import { tradeMoneyPrerequisite } from '@shared/trade-process';
import { eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';
import { AppError } from '../../errors';

/** One line of a ledger transaction: a debit when positive, a credit when negative (cents). */
export interface LedgerLine {
  account: string;
  amountCents: number;
}

export interface LedgerRecord {
  /** Derived from the event, never random: replaying the event must find the same key. */
  idempotencyKey: string;
  kind: LedgerTransactionKind;
  tradeId: number;
  description: string;
  entries: LedgerLine[];
  /** The PIX transfer behind this movement; unique across the ledger (one transfer, one movement). */
  endToEndId?: string | null;
}

/** What the ledger needs to know of a trade. */
export interface TradeMoney {
  id: number;
  amountCents: number;
  sellerId: string;
  buyerId: string;
  /** The trade's fee rate (`trades.fee_rate_bps`); FEE_RATE_BPS when absent. */
  feeRateBps?: number;
}

/** What one account holds, on its normal side: assets by debits, liabilities and revenue by credits. */
export type LedgerBalances = Record<string, number>;

export interface Reconciliation {
  figures: {
    payments: number;
    releases: number;
    refunds: number;
    payouts: number;
    refundPayouts: number;
    cash: number;
    escrow: number;
    feeRevenue: number;
    /** Σ fee(amount) over released trades: what fee revenue must be. */
    expectedFeeRevenue: number;
    payables: number;
  };
  /** Empty when the ledger is consistent; otherwise one sentence per broken invariant. */
  problems: string[];
}

/** The kind of an account, read from its code. */
function accountKindOf(code: string): { kind: LedgerAccountKind; userId: string | null } {
  if (code === platformAccounts.cash) return { kind: 'asset', userId: null };
  if (code === platformAccounts.escrow) return { kind: 'liability', userId: null };
  if (code === platformAccounts.feeRevenue) return { kind: 'revenue', userId: null };
  const payable = /^user:(.+):payable$/.exec(code);
  if (payable?.[1]) return { kind: 'liability', userId: payable[1] };
  throw new Error(`ledger: unknown account code ${code}`);
}

function assertBalanced(entries: LedgerLine[]) {
  if (entries.length < 2) throw new Error('ledger: a transaction needs at least two entries');
  let total = 0;
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amountCents) || e.amountCents === 0) {
      throw new Error(
        `ledger: entry of ${e.amountCents} cents on ${e.account} is not a non-zero whole number`,
      );
    }
    total += e.amountCents;
  }
  if (total !== 0) throw new Error(`ledger: entries sum to ${total} cents, not zero`);
}

/**
 * The double-entry ledger of protected trades (docs/decisions/008-ledger.md). Every write runs inside the
 * caller's transaction, so a trade's state change and its money move together or not at all.
 */
export function createLedger(db: Db) {
  /**
   * Account ids by code, once read from a committed row: accounts are never changed or removed (the ledger's
   * triggers refuse it), so a known id saves each movement the two statements that create and read its accounts.
   * An id the reading transaction created itself is not kept: that transaction may still roll back.
   */
  const knownAccounts = new Map<string, number>();

  /** The ids of `codes`, creating the missing accounts, in code order (see `write`). */
  async function accountIds(tx: Db, codes: string[]): Promise<Map<string, number>> {
    const missing = codes.filter((code) => !knownAccounts.has(code));
    const ids = new Map(
      codes.flatMap((code) => (knownAccounts.has(code) ? [[code, knownAccounts.get(code) as number]] : [])),
    );
    if (missing.length === 0) return ids;
    const created = await tx
      .insert(ledgerAccounts)
      .values(missing.map((code) => ({ code, ...accountKindOf(code) })))
      .onConflictDoNothing({ target: ledgerAccounts.code })
      .returning({ code: ledgerAccounts.code });
    const ours = new Set(created.map((a) => a.code));
    const accounts = await tx
      .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.code, missing));
    for (const a of accounts) {
      ids.set(a.code, a.id);
      if (!ours.has(a.code)) knownAccounts.set(a.code, a.id);
    }
    return ids;
  }

  /**
   * Records one movement. Returns true when written, false when its idempotency key was already recorded
   * (a replayed event: nothing is written). The database refuses, at commit, entries that do not sum to zero.
   */
  async function record(tx: Db, input: LedgerRecord): Promise<boolean> {
    assertBalanced(input.entries);
    if (input.endToEndId) transferUnused(await transfersOf(tx, input.endToEndId), input);
    return write(tx, input);
  }

  /** `record` once the transfer is known unused: the movement and its entries in one statement. */
  async function write(tx: Db, input: LedgerRecord): Promise<boolean> {
    // Accounts are created on first use, in code order: two transactions creating the same accounts wait on
    // each other in the same order, never in a cycle.
    const idOf = await accountIds(tx, [...new Set(input.entries.map((e) => e.account))].sort());
    const lines = sql.join(
      input.entries.map((e) => sql`(${idOf.get(e.account) as number}::int, ${e.amountCents}::bigint)`),
      sql`, `,
    );
    // No conflict target: a replayed key and a second exit from escrow (the partial unique index on release and
    // refund) both insert nothing instead of raising, whichever index a concurrent copy reaches first, so the
    // caller's transaction stays usable and the answer does not depend on the race. Nothing inserted, no entries.
    const written = await queryRows<{ transaction_id: number }>(
      tx,
      sql`with movement as (
            insert into ${ledgerTransactions} (idempotency_key, kind, trade_id, description, end_to_end_id)
            values (${input.idempotencyKey}, ${input.kind}, ${input.tradeId}, ${input.description},
                    ${input.endToEndId ?? null})
            on conflict do nothing
            returning id)
          insert into ${ledgerEntries} (transaction_id, account_id, amount_cents)
          select movement.id, line.account_id, line.amount_cents
            from movement cross join (values ${lines}) as line (account_id, amount_cents)
          returning transaction_id`,
    );
    if (written.length > 0) return true;
    const [existing] = await tx
      .select({ kind: ledgerTransactions.kind, tradeId: ledgerTransactions.tradeId })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, input.idempotencyKey));
    if (!existing) {
      // A racing movement took the same transfer id (its unique index), or escrow already left the trade.
      if (input.endToEndId) transferUnused(await transfersOf(tx, input.endToEndId), input);
      throw new AppError('CONFLICT', m.escrowAlreadyLeft);
    }
    if (existing.kind !== input.kind || existing.tradeId !== input.tradeId) {
      throw new AppError('CONFLICT', m.keyReused);
    }
    return false;
  }

  type Movement = { kind: LedgerTransactionKind; tradeId: number | null; endToEndId: string | null };

  const transfersOf = (tx: Db, endToEndId: string) =>
    tx
      .select({
        kind: ledgerTransactions.kind,
        tradeId: ledgerTransactions.tradeId,
        endToEndId: ledgerTransactions.endToEndId,
      })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.endToEndId, endToEndId));

  /** One PIX transfer moves money once: its E2E id already recorded for another movement is refused. */
  function transferUnused(recorded: Movement[], input: LedgerRecord) {
    const used = recorded.find((r) => r.endToEndId === input.endToEndId);
    if (used && (used.kind !== input.kind || used.tradeId !== input.tradeId)) {
      throw new AppError('CONFLICT', m.endToEndUsed, { endToEndId: m.endToEndUsed });
    }
  }

  /**
   * Refuses a movement its trade's history does not allow yet (a release before the payment, a payout before
   * the release), or whose amount is not the one paid (replays included). Replays pass: `record` then writes nothing.
   * What was recorded never disappears, so a check that passes stays true until commit; the one race that
   * matters (release and refund of one trade at once) is closed by a unique index.
   */
  function assertAllowed(
    rows: (Movement & { debits: string | number | null })[],
    trade: TradeMoney,
    kind: LedgerTransactionKind,
  ) {
    const payment = rows.find((r) => r.kind === 'payment');
    if (payment && Number(payment.debits) !== trade.amountCents)
      throw new AppError('CONFLICT', m.amountMismatch);
    const done = new Set(rows.map((r) => r.kind));
    if (done.has(kind)) return;
    const needed = tradeMoneyPrerequisite[kind];
    if (needed && !done.has(needed)) throw new AppError('CONFLICT', m.outOfOrder);
    if ((kind === 'release' && done.has('refund')) || (kind === 'refund' && done.has('release'))) {
      throw new AppError('CONFLICT', m.escrowAlreadyLeft);
    }
  }

  async function move(
    tx: Db,
    trade: TradeMoney,
    kind: LedgerTransactionKind,
    description: string,
    entries: LedgerLine[],
    endToEndId: string | null = null,
  ) {
    if (!Number.isSafeInteger(trade.amountCents) || trade.amountCents <= 0) {
      throw new Error(`ledger: trade ${trade.id} has no positive amount (${trade.amountCents})`);
    }
    const input = {
      idempotencyKey: ledgerEventKey(trade.id, kind),
      kind,
      tradeId: trade.id,
      description,
      entries,
      endToEndId,
    };
    assertBalanced(entries);
    // The trade's movements and the one that used this transfer, if any, in one read.
    const rows = await queryRows<{
      kind: LedgerTransactionKind;
      trade_id: number | null;
      end_to_end_id: string | null;
      debits: string | number | null;
    }>(
      tx,
      sql`select t.kind, t.trade_id, t.end_to_end_id,
                 (select sum(e.amount_cents) from ${ledgerEntries} e
                   where e.transaction_id = t.id and e.amount_cents > 0) as debits
          from ${ledgerTransactions} t
          where t.trade_id = ${trade.id}${endToEndId ? sql` or t.end_to_end_id = ${endToEndId}` : sql``}`,
    );
    const movements = rows.map((r) => ({
      kind: r.kind,
      tradeId: r.trade_id,
      endToEndId: r.end_to_end_id,
      debits: r.debits,
    }));
    assertAllowed(
      movements.filter((r) => r.tradeId === trade.id),
      trade,
      kind,
    );
    if (endToEndId) transferUnused(movements, input);
    return write(tx, input);
  }

  const { cash, escrow, feeRevenue } = platformAccounts;

  const ledger = {
    record,

    /** The movement a trade transition names (src/shared/trade-process.ts), with the transfer behind it. */
    move: (tx: Db, trade: TradeMoney, kind: LedgerTransactionKind, endToEndId: string | null = null) => {
      const moves = {
        payment: ledger.paymentConfirmed,
        release: ledger.released,
        payout: ledger.payoutRecorded,
        refund: ledger.refunded,
        refund_payout: ledger.refundPaid,
      } as const;
      return kind === 'release' || kind === 'refund'
        ? moves[kind](tx, trade)
        : moves[kind](tx, trade, endToEndId);
    },

    /** The buyer's payment was confirmed: the money sits in escrow. */
    paymentConfirmed: (tx: Db, trade: TradeMoney, endToEndId: string | null = null) =>
      move(
        tx,
        trade,
        'payment',
        `Pagamento confirmado da negociação #${trade.id}`,
        [
          { account: cash, amountCents: trade.amountCents },
          { account: escrow, amountCents: -trade.amountCents },
        ],
        endToEndId,
      ),

    /** The buyer confirmed receipt (or staff decided for the seller): the seller's share owed, the trade's fee (5 %, less with a seal) earned. */
    released: (tx: Db, trade: TradeMoney) =>
      move(tx, trade, 'release', `Liberação da negociação #${trade.id}`, [
        { account: escrow, amountCents: trade.amountCents },
        {
          account: payableAccountCode(trade.sellerId),
          amountCents: -sellerShareCents(trade.amountCents, trade.feeRateBps),
        },
        ...(feeCents(trade.amountCents, trade.feeRateBps) > 0
          ? [{ account: feeRevenue, amountCents: -feeCents(trade.amountCents, trade.feeRateBps) }]
          : []),
      ]),

    /**
     * The payout sender's check (decision 028), in the transaction that marks a payout `sending`: the trade's
     * payment is recorded for its amount and its escrow has not left (no release, refund or payout yet). Null when
     * the payout may go; otherwise why not, in pt-BR.
     */
    payoutOwed: async (tx: Db, trade: TradeMoney): Promise<string | null> => {
      const rows = await queryRows<{ kind: LedgerTransactionKind; debits: string | number | null }>(
        tx,
        sql`select t.kind, (select sum(e.amount_cents) from ${ledgerEntries} e
                             where e.transaction_id = t.id and e.amount_cents > 0) as debits
            from ${ledgerTransactions} t where t.trade_id = ${trade.id}`,
      );
      const payment = rows.find((r) => r.kind === 'payment');
      if (!payment) return 'o pagamento do comprador não está registrado no livro-razão';
      if (Number(payment.debits) !== trade.amountCents) return m.amountMismatch;
      if (rows.some((r) => r.kind !== 'payment')) return 'o dinheiro desta negociação já saiu da custódia';
      return null;
    },

    /** The seller's share left the platform's cash. */
    payoutRecorded: (tx: Db, trade: TradeMoney, endToEndId: string | null = null) =>
      move(
        tx,
        trade,
        'payout',
        `Repasse ao vendedor da negociação #${trade.id}`,
        [
          {
            account: payableAccountCode(trade.sellerId),
            amountCents: sellerShareCents(trade.amountCents, trade.feeRateBps),
          },
          { account: cash, amountCents: -sellerShareCents(trade.amountCents, trade.feeRateBps) },
        ],
        endToEndId,
      ),

    /** The trade was cancelled after payment: the whole amount is owed back to the buyer. */
    refunded: (tx: Db, trade: TradeMoney) =>
      move(tx, trade, 'refund', `Reembolso da negociação #${trade.id}`, [
        { account: escrow, amountCents: trade.amountCents },
        { account: payableAccountCode(trade.buyerId), amountCents: -trade.amountCents },
      ]),

    /** The refund left the platform's cash. */
    refundPaid: (tx: Db, trade: TradeMoney, endToEndId: string | null = null) =>
      move(
        tx,
        trade,
        'refund_payout',
        `Reembolso pago ao comprador da negociação #${trade.id}`,
        [
          { account: payableAccountCode(trade.buyerId), amountCents: trade.amountCents },
          { account: cash, amountCents: -trade.amountCents },
        ],
        endToEndId,
      ),

    /** Every account's balance on its normal side, summed from its entries (there is no cached balance). */
    async balances(): Promise<LedgerBalances> {
      const rows = await queryRows<{ code: string; kind: LedgerAccountKind; total: string | number }>(
        db,
        sql`select a.code, a.kind, coalesce(sum(e.amount_cents), 0) as total
            from ${ledgerAccounts} a left join ${ledgerEntries} e on e.account_id = a.id
            group by a.id order by a.code`,
      );
      return Object.fromEntries(
        rows.map((r) => [r.code, (r.kind === 'asset' ? 1 : -1) * Number(r.total) || 0]),
      );
    },

    async balanceOf(code: string): Promise<number> {
      const { kind } = accountKindOf(code);
      const [row] = await queryRows<{ total: string | number }>(
        db,
        sql`select coalesce(sum(e.amount_cents), 0) as total
            from ${ledgerEntries} e join ${ledgerAccounts} a on a.id = e.account_id where a.code = ${code}`,
      );
      return (kind === 'asset' ? 1 : -1) * Number(row?.total ?? 0) || 0;
    },

    /**
     * Checks the ledger's invariants and returns the figures behind them; `problems` is empty when all hold.
     * Reads one consistent snapshot (REPEATABLE READ). Staff will run it from a route (trades issue).
     */
    reconcile: (): Promise<Reconciliation> =>
      db.transaction(async (tx) => reconcileIn(tx), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      }),
  };
  return ledger;
}

export type Ledger = ReturnType<typeof createLedger>;

async function reconcileIn(tx: Db): Promise<Reconciliation> {
  const problems: string[] = [];
  // Per transaction: its trade, kind, what it moved (its debits) and what it did to each platform account.
  const transactions = (
    await queryRows<{
      id: number;
      trade_id: number;
      kind: LedgerTransactionKind;
      entries: string | number;
      total: string | number;
      debits: string | number;
      cash: string | number;
      escrow: string | number;
      fee_revenue: string | number;
      payables: string | number;
      fee_rate_bps: string | number;
    }>(
      tx,
      sql`select t.id, t.trade_id, t.kind,
                 count(e.id) as entries,
                 coalesce(sum(e.amount_cents), 0) as total,
                 coalesce(sum(e.amount_cents) filter (where e.amount_cents > 0), 0) as debits,
                 coalesce(sum(e.amount_cents) filter (where a.code = ${platformAccounts.cash}), 0) as cash,
                 coalesce(sum(e.amount_cents) filter (where a.code = ${platformAccounts.escrow}), 0) as escrow,
                 coalesce(sum(e.amount_cents) filter (where a.code = ${platformAccounts.feeRevenue}), 0) as fee_revenue,
                 coalesce(sum(e.amount_cents) filter (where a.code like 'user:%:payable'), 0) as payables,
                 coalesce((select tr.fee_rate_bps from trades tr where tr.id = t.trade_id), ${FEE_RATE_BPS}) as fee_rate_bps
          from ${ledgerTransactions} t
          left join ${ledgerEntries} e on e.transaction_id = t.id
          left join ${ledgerAccounts} a on a.id = e.account_id
          group by t.id order by t.id`,
    )
  ).map((r) => ({
    id: Number(r.id),
    tradeId: Number(r.trade_id),
    kind: r.kind,
    entries: Number(r.entries),
    total: Number(r.total),
    debits: Number(r.debits),
    cash: Number(r.cash),
    escrow: Number(r.escrow),
    feeRevenue: Number(r.fee_revenue),
    payables: Number(r.payables),
    feeRateBps: Number(r.fee_rate_bps),
  }));

  const moved = { payment: 0, release: 0, refund: 0, payout: 0, refund_payout: 0 };
  let expectedFeeRevenue = 0;
  const kindsByTrade = new Map<number, LedgerTransactionKind[]>();
  for (const t of transactions) {
    if (t.entries < 2 || t.total !== 0) {
      problems.push(`transação ${t.id} desbalanceada: ${t.entries} lançamentos somando ${t.total} centavos`);
    }
    moved[t.kind] += t.debits;
    if (t.kind === 'release') {
      // Each trade's own rate (a seller's seal lowers it: decision 016).
      const expected = feeCents(t.debits, t.feeRateBps);
      expectedFeeRevenue += expected;
      if (-t.feeRevenue !== expected) {
        problems.push(
          `liberação ${t.id} da negociação ${t.tradeId}: taxa ${-t.feeRevenue}, esperada ${expected}`,
        );
      }
    }
    kindsByTrade.set(t.tradeId, [...(kindsByTrade.get(t.tradeId) ?? []), t.kind]);
  }

  for (const [tradeId, kinds] of kindsByTrade) {
    const has = (k: LedgerTransactionKind) => kinds.includes(k);
    for (const k of new Set(kinds)) {
      const times = kinds.filter((x) => x === k).length;
      if (times > 1) problems.push(`negociação ${tradeId}: ${k} registrado ${times} vezes`);
    }
    if ((has('release') || has('refund')) && !has('payment')) {
      problems.push(`negociação ${tradeId}: saída do escrow sem pagamento`);
    }
    if (has('release') && has('refund')) problems.push(`negociação ${tradeId}: liberada e reembolsada`);
    if (has('payout') && !has('release')) problems.push(`negociação ${tradeId}: repasse sem liberação`);
    if (has('refund_payout') && !has('refund'))
      problems.push(`negociação ${tradeId}: reembolso pago sem reembolso`);
  }

  const sum = (pick: (t: (typeof transactions)[number]) => number) =>
    transactions.reduce((s, t) => s + pick(t), 0);
  const figures = {
    payments: moved.payment,
    releases: moved.release,
    refunds: moved.refund,
    payouts: moved.payout,
    refundPayouts: moved.refund_payout,
    cash: sum((t) => t.cash),
    escrow: -sum((t) => t.escrow),
    feeRevenue: -sum((t) => t.feeRevenue),
    expectedFeeRevenue,
    payables: -sum((t) => t.payables),
  };
  const expect = (what: string, actual: number, expected: number) => {
    if (actual !== expected) problems.push(`${what}: ${actual} centavos, esperado ${expected}`);
  };
  expect('escrow', figures.escrow, figures.payments - figures.releases - figures.refunds);
  expect('receita de taxas', figures.feeRevenue, expectedFeeRevenue);
  expect(
    'a pagar a usuários',
    figures.payables,
    figures.releases - expectedFeeRevenue + figures.refunds - figures.payouts - figures.refundPayouts,
  );
  expect('caixa', figures.cash, figures.payments - figures.payouts - figures.refundPayouts);

  const negative = await queryRows<{ code: string; balance: string | number }>(
    tx,
    sql`select a.code, case when a.kind = 'asset' then 1 else -1 end * sum(e.amount_cents) as balance
        from ${ledgerAccounts} a join ${ledgerEntries} e on e.account_id = a.id
        group by a.id
        having case when a.kind = 'asset' then 1 else -1 end * sum(e.amount_cents) < 0`,
  );
  for (const n of negative) problems.push(`conta ${n.code} negativa: ${Number(n.balance)} centavos`);

  return { figures, problems };
}
