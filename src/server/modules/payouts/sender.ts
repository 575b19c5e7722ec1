import { formatPrice } from '@shared/money';
import { payoutTransitions } from '@shared/payout-process';
import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PayoutConfig } from '../../config';
import type { Db } from '../../db/client';
import { payoutSwitches, payouts, trades } from '../../db/schema';
import { createLedger } from '../ledger/service';
import { notifyMany } from '../notifications/service';
import type { PayoutOrder, PayoutProvider, PayoutReading } from './provider';
import { payoutNotices, recordPayoutResult } from './record';
import { splitPayoutKey } from './view';

/** The seller's payout identity (modules/payout-identity): the PSP refuses a key not of this document. */
export type PayoutIdentityOf = (
  tx: Db,
  userId: string,
) => Promise<{ name: string; document: { kind: 'cpf' | 'cnpj'; number: string } } | null>;

export interface PayoutSenderDeps {
  db: Db;
  provider: PayoutProvider;
  config: Pick<PayoutConfig, 'sendsPerRun' | 'readBackSeconds' | 'holds'>;
  identityOf: PayoutIdentityOf;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** What one run did. */
export interface SweepResult {
  sent: number;
  held: number;
  unheld: number;
  readBack: number;
  failed: number;
}

type PayoutRow = typeof payouts.$inferSelect;

/** Sends at once per run: the PSP call is the slow part, and each send is its own short transaction. */
const PARALLEL_SENDS = 8;
/** The longest wait between two read-backs of one send. */
const MAX_CHECK_SECONDS = 3600;

const missingIdentity =
  'falta o seu nome completo e CPF/CNPJ de recebimento: cadastre-os em Pagamentos para receber repasses automáticos';

/**
 * The payout sender (decision 028), run by the `payout-sends` job: ends the holds that are over, sends the due
 * payouts (up to `sendsPerRun`) and reads back the sends left without a final answer. Each `send` is one
 * transaction: the trade's row locked (`FOR UPDATE … SKIP LOCKED`: a second runner takes another), the ledger's
 * check that the trade is paid and its payout unrecorded, the payout marked `sending` by a guarded UPDATE; the PSP
 * is called after that commit, and its answer booked by `recordPayoutResult`. So whichever runners overlap, a
 * payout goes out under one id, and its booking happens once.
 */
export function createPayoutSender(deps: PayoutSenderDeps) {
  const { db, provider, config, log, now } = deps;

  const backoffSeconds = (checks: number) =>
    Math.min(config.readBackSeconds * 2 ** Math.min(checks, 12), MAX_CHECK_SECONDS);

  async function paused(): Promise<boolean> {
    const [row] = await db.select({ paused: payoutSwitches.paused }).from(payoutSwitches).limit(1);
    return row?.paused ?? false;
  }

  /** `end_hold`: held payouts whose hold is over go back to the queue. */
  async function endHolds(at: Date): Promise<number> {
    const ended = await db
      .update(payouts)
      .set({ state: 'due', updatedAt: at })
      .where(and(eq(payouts.state, 'held'), lte(payouts.heldUntil, at)))
      .returning({ id: payouts.id });
    return ended.length;
  }

  /** The risk rule that holds this payout, if any (decision 028): a seller's first sales, a large amount. */
  async function holdOf(tx: Db, p: PayoutRow, sellerId: string, at: Date) {
    const { holds } = config;
    const rules: { hours: number; reason: string }[] = [];
    if (holds.aboveCents > 0 && holds.aboveHours > 0 && p.amountCents > holds.aboveCents) {
      rules.push({ hours: holds.aboveHours, reason: `repasse acima de ${formatPrice(holds.aboveCents)}` });
    }
    if (holds.firstSales > 0 && holds.firstSalesHours > 0) {
      const [sold] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(trades)
        .where(and(eq(trades.sellerId, sellerId), eq(trades.state, 'completed')));
      if ((sold?.n ?? 0) < holds.firstSales) {
        rules.push({
          hours: holds.firstSalesHours,
          reason: `uma das suas ${holds.firstSales} primeiras vendas`,
        });
      }
    }
    if (rules.length === 0) return null;
    const hours = Math.max(...rules.map((r) => r.hours));
    return {
      until: new Date(at.getTime() + hours * 3_600_000),
      reason: rules.map((r) => r.reason).join('; '),
    };
  }

  /**
   * Takes the oldest due payout no other runner holds, in one transaction: `hold` on its first look when a risk
   * rule says so, else `send` when every guard passes (else `failed`, with why). The order to send, or null.
   */
  async function claimOne(): Promise<{ order: PayoutOrder } | { skipped: 'held' | 'failed' } | null> {
    return db.transaction(async (tx) => {
      const at = now();
      const [candidate] = await tx
        .select({ tradeId: trades.id })
        .from(trades)
        .innerJoin(payouts, eq(payouts.tradeId, trades.id))
        .where(and(eq(payouts.state, 'due'), isNotNull(payouts.pixKey), isNull(trades.refundPending)))
        .orderBy(asc(payouts.dueAt), asc(payouts.id))
        .limit(1)
        .for('update', { of: trades, skipLocked: true });
      if (!candidate) return null;
      const [trade] = await tx.select().from(trades).where(eq(trades.id, candidate.tradeId));
      const [p] = await tx
        .select()
        .from(payouts)
        .where(and(eq(payouts.tradeId, candidate.tradeId), eq(payouts.state, 'due')))
        .for('update');
      if (!trade || !p) return { skipped: 'failed' as const };
      if (p.assessedAt === null) {
        const hold = await holdOf(tx, p, trade.sellerId, at);
        if (hold) {
          await tx
            .update(payouts)
            .set({
              state: 'held',
              assessedAt: at,
              heldUntil: hold.until,
              holdReason: hold.reason,
              updatedAt: at,
            })
            .where(and(eq(payouts.id, p.id), eq(payouts.state, 'due')));
          await notifyMany(
            tx,
            payoutNotices(payoutTransitions.hold.notify, trade, {
              valor: formatPrice(p.amountCents),
              ate: hold.until.toLocaleString('pt-BR', {
                timeZone: 'America/Sao_Paulo',
                dateStyle: 'short',
                timeStyle: 'short',
              }),
              motivo: hold.reason,
            }),
          );
          return { skipped: 'held' as const };
        }
      }
      const fail = async (reason: string) => {
        await tx
          .update(payouts)
          .set({
            state: 'failed',
            assessedAt: p.assessedAt ?? at,
            failureReason: reason,
            failedAt: at,
            updatedAt: at,
          })
          .where(and(eq(payouts.id, p.id), eq(payouts.state, 'due')));
        await notifyMany(
          tx,
          payoutNotices(payoutTransitions.refuse.notify, trade, {
            valor: formatPrice(p.amountCents),
            motivo: reason,
          }),
        );
        return { skipped: 'failed' as const };
      };
      // The ledger's check, in the transaction that marks it `sending` (the trade's row locked).
      const owed =
        trade.state === 'awaiting_release'
          ? await createLedger(tx).payoutOwed(tx, trade)
          : 'a negociação não aguarda mais o repasse';
      if (owed) return fail(`Repasse bloqueado: ${owed}`);
      const key = splitPayoutKey(p.pixKey);
      if (!key) return fail('a chave PIX fixada no repasse não é válida');
      const identity = await deps.identityOf(tx, trade.sellerId);
      if (!identity) return fail(missingIdentity);
      const [sending] = await tx
        .update(payouts)
        .set({
          state: 'sending',
          assessedAt: p.assessedAt ?? at,
          holderName: identity.name,
          holderDocKind: identity.document.kind,
          holderDocNumber: identity.document.number,
          sendingAt: at,
          nextCheckAt: new Date(at.getTime() + config.readBackSeconds * 1000),
          checks: 0,
          updatedAt: at,
        })
        .where(and(eq(payouts.id, p.id), eq(payouts.state, 'due')))
        .returning();
      if (!sending) return null;
      return { order: orderOf(sending) };
    });
  }

  /** The send as the PSP receives it, from the payout's row (its key and holder fixed there). */
  function orderOf(p: PayoutRow): PayoutOrder {
    const key = splitPayoutKey(p.pixKey);
    if (!key || !p.holderDocKind || !p.holderDocNumber)
      throw new Error(`payout ${p.pspId}: no key or holder`);
    return {
      id: p.pspId,
      tradeId: p.tradeId,
      amountCents: p.amountCents,
      key: { type: key.type, value: key.key },
      holder: {
        name: p.holderName ?? '',
        document: { kind: p.holderDocKind as 'cpf' | 'cnpj', number: p.holderDocNumber },
      },
    };
  }

  /** The PSP's answer booked; an unknown outcome (`PayoutUnavailable`, any error) waits for the read-back. */
  async function deliver(order: PayoutOrder): Promise<string> {
    try {
      const reading: PayoutReading = await provider.send(order);
      const booked = await recordPayoutResult(db, order.id, reading, now);
      if (reading.status === 'processing') await later(order.id);
      return booked;
    } catch (error) {
      log.warn({ err: error, pspId: order.id }, 'payout send without a final answer: read back later');
      await later(order.id);
      return 'unchanged';
    }
  }

  /** The next read-back of a send still `sending`, later each time (backoff). */
  async function later(pspId: string) {
    const at = now();
    await db
      .update(payouts)
      .set({
        checks: sql`${payouts.checks} + 1`,
        nextCheckAt: sql`${at.toISOString()}::timestamptz + make_interval(secs => least(${config.readBackSeconds} * power(2, least(${payouts.checks}, 12)), ${MAX_CHECK_SECONDS}))`,
        updatedAt: at,
      })
      .where(and(eq(payouts.pspId, pspId), eq(payouts.state, 'sending')));
  }

  /**
   * The sends whose answer is late (a lost webhook, a process killed between the PSP's acceptance and the booking):
   * each one claimed by moving its `next_check_at` (a second runner finds it moved), then read back by its id.
   */
  async function readBack(limit: number): Promise<number> {
    const at = now();
    const late = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.state, 'sending'), lte(payouts.nextCheckAt, at)))
      .orderBy(asc(payouts.nextCheckAt))
      .limit(limit);
    let read = 0;
    for (const p of late) {
      const [claimed] = await db
        .update(payouts)
        .set({
          nextCheckAt: new Date(at.getTime() + backoffSeconds(p.checks) * 1000),
          checks: sql`${payouts.checks} + 1`,
          updatedAt: at,
        })
        .where(and(eq(payouts.id, p.id), eq(payouts.state, 'sending'), eq(payouts.checks, p.checks)))
        .returning();
      if (!claimed) continue;
      read += 1;
      try {
        const reading = await provider.read(p.pspId);
        // No send under this id: it never reached the PSP. Sent again under the same id (idempotent there).
        if (reading === null) await deliver(orderOf(claimed));
        else await recordPayoutResult(db, p.pspId, reading, now);
      } catch (error) {
        log.warn({ err: error, pspId: p.pspId }, 'payout read-back failed: tried again later');
      }
    }
    return read;
  }

  return {
    paused,

    /** One run of the job: holds over, due payouts sent (unless paused or manual), late sends read back. */
    async sweep(): Promise<SweepResult> {
      const result: SweepResult = { sent: 0, held: 0, unheld: 0, readBack: 0, failed: 0 };
      result.unheld = await endHolds(now());
      if (!provider.automatic) return result;
      if (!(await paused())) {
        let budget = config.sendsPerRun;
        const worker = async () => {
          while (budget > 0) {
            budget -= 1;
            const claimed = await claimOne();
            if (claimed === null) return;
            if ('skipped' in claimed) {
              result[claimed.skipped] += 1;
              continue;
            }
            await deliver(claimed.order);
            result.sent += 1;
          }
        };
        await Promise.all(Array.from({ length: PARALLEL_SENDS }, worker));
      }
      result.readBack = await readBack(config.sendsPerRun);
      return result;
    },
  };
}

export type PayoutSender = ReturnType<typeof createPayoutSender>;
