import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trades } from '../../db/schema';

/** At most this many charges are asked about per run; the next run takes the rest. */
const BATCH = 200;

/**
 * With API Pix: asks the PSP again about each charge still awaiting payment (jobs/pix-charge-recheck.ts), through
 * `confirm` (the trades' `confirmPaymentFromProvider`, guarded by the trade's state). Answers how many it found
 * paid; every charge is asked even when one fails, then the run fails so the job retries and Sistema shows it.
 */
export async function recheckWaitingCharges(
  db: Db,
  confirm: (txid: string) => Promise<boolean>,
): Promise<number> {
  const waiting = await db
    .select({ txid: trades.pixTxid })
    .from(trades)
    .where(and(eq(trades.state, 'awaiting_payment'), isNotNull(trades.pixTxid)))
    .orderBy(asc(trades.id))
    .limit(BATCH);
  let paid = 0;
  const failures: unknown[] = [];
  for (const { txid } of waiting) {
    if (!txid) continue;
    try {
      if (await confirm(txid)) paid++;
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(
      failures,
      `${failures.length} de ${waiting.length} cobranças sem resposta do PSP`,
    );
  }
  return paid;
}
