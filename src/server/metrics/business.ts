import { platformAccounts } from '@shared/ledger';
import { payoutFindingKinds } from '@shared/payout-reconciliation';
import { tradeStates } from '@shared/trade-process';
import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import { type Db, queryRows } from '../db/client';
import {
  auditLog,
  ledgerAccounts,
  ledgerEntries,
  notifications,
  payoutReconciliationFindings,
  payoutReconciliationRuns,
  pushSubscriptions,
  pushTallies,
  trades,
} from '../db/schema';

interface Snapshot {
  trades: Record<string, number | string> | null;
  escrow_debits: number | string;
  mail_due: number | string;
  reconciliation: { problems: number; at: number } | null;
  payout_findings: Record<string, number | string> | null;
  payout_reconciled_at: number | string | null;
  push_subscriptions: number | string;
  push_tallies: Record<string, number | string> | null;
}

/**
 * The business figures, read at scrape time in one round trip: trades by state (one grouped count), the escrow
 * account's balance, the notification mails due and not yet sent (their partial index), and the last reconciliation.
 *
 * Reconciliation is not run here: it reads the whole ledger, too much for every scrape, and nothing runs it on a
 * schedule. What is shown is the result of the last one an admin ran at the money desk, which the audit keeps
 * (`ledger.reconcile`, with its count of problems): every process and a restart see the same one. Never run: NaN.
 */
export function createBusinessGauges(db: Db, registry: Registry) {
  const tradesByState = new Gauge({
    name: 'trades',
    help: 'Negociações por estado',
    labelNames: ['state'],
    registers: [registry],
  });
  const escrow = new Gauge({
    name: 'ledger_escrow_balance_cents',
    help: 'Saldo da conta de custódia (escrow) do livro-razão, em centavos',
    registers: [registry],
  });
  const mailQueue = new Gauge({
    name: 'notification_mails_due',
    help: 'E-mails de notificação devidos e ainda não enviados',
    registers: [registry],
  });
  const reconciliationClean = new Gauge({
    name: 'ledger_reconciliation_clean',
    help: 'Última conciliação do livro-razão feita na mesa: 1 sem problemas, 0 com problemas (NaN: nunca feita)',
    registers: [registry],
  });
  const reconciliationTime = new Gauge({
    name: 'ledger_reconciliation_timestamp_seconds',
    help: 'Quando foi feita a última conciliação do livro-razão (segundos desde 1970; NaN: nunca feita)',
    registers: [registry],
  });

  // The payouts' daily reconciliation with the PSP (issue 36): differences still open, and when it last ran.
  const payoutFindings = new Gauge({
    name: 'payout_reconciliation_findings',
    help: 'Diferenças em aberto entre o PSP e o livro-razão nos repasses, por tipo (conciliação diária)',
    labelNames: ['kind'],
    registers: [registry],
  });
  const payoutReconciledAt = new Gauge({
    name: 'payout_reconciliation_timestamp_seconds',
    help: 'Quando rodou a última conciliação dos repasses com o PSP (segundos desde 1970; NaN: nunca rodou)',
    registers: [registry],
  });
  // Web Push (issue 38): read from the database, so every process shows the cluster's totals.
  const pushSubscriptionsGauge = new Gauge({
    name: 'push_subscriptions',
    help: 'Dispositivos inscritos para notificações no celular (Web Push)',
    registers: [registry],
  });
  const pushDeliveries = new Gauge({
    name: 'push_deliveries',
    help: 'Envios de Web Push desde o início, por resultado: sent (aceitos), failed (tentativas recusadas ou sem resposta), pruned (404/410: inscrição apagada)',
    labelNames: ['outcome'],
    registers: [registry],
  });

  return {
    /** Reads the figures into their gauges; the scrape calls it before rendering. */
    async refresh() {
      const [row] = await queryRows<Snapshot>(
        db,
        sql`select
          (select json_object_agg(s.state, s.n)
             from (select ${trades.state} as state, count(*) as n from ${trades} group by ${trades.state}) s) as trades,
          (select coalesce(sum(${ledgerEntries.amountCents}), 0) from ${ledgerEntries}
             join ${ledgerAccounts} on ${ledgerAccounts.id} = ${ledgerEntries.accountId}
             where ${ledgerAccounts.code} = ${platformAccounts.escrow}) as escrow_debits,
          (select count(*) from ${notifications} where ${notifications.mailDueAt} <= now()) as mail_due,
          (select json_build_object('problems', (${auditLog.details}->>'problems')::int,
                                    'at', extract(epoch from ${auditLog.createdAt}))
             from ${auditLog} where ${auditLog.action} = 'ledger.reconcile'
             order by ${auditLog.createdAt} desc limit 1) as reconciliation,
          (select json_object_agg(f.kind, f.n) from (select ${payoutReconciliationFindings.kind} as kind, count(*) as n
             from ${payoutReconciliationFindings} where ${payoutReconciliationFindings.resolvedAt} is null
             group by ${payoutReconciliationFindings.kind}) f) as payout_findings,
          (select extract(epoch from max(${payoutReconciliationRuns.ranAt})) from ${payoutReconciliationRuns})
            as payout_reconciled_at,
          (select count(*) from ${pushSubscriptions}) as push_subscriptions,
          (select json_object_agg(${pushTallies.outcome}, ${pushTallies.count}) from ${pushTallies}) as push_tallies`,
      );
      for (const state of tradeStates) tradesByState.set({ state }, Number(row?.trades?.[state] ?? 0));
      // A liability: credits raise it, so its balance is minus the sum of its entries.
      escrow.set(-Number(row?.escrow_debits ?? 0) || 0);
      mailQueue.set(Number(row?.mail_due ?? 0));
      const last = row?.reconciliation;
      reconciliationClean.set(last ? Number(last.problems === 0) : Number.NaN);
      reconciliationTime.set(last ? Number(last.at) : Number.NaN);
      for (const kind of payoutFindingKinds)
        payoutFindings.set({ kind }, Number(row?.payout_findings?.[kind] ?? 0));
      const reconciledAt = row?.payout_reconciled_at;
      payoutReconciledAt.set(
        reconciledAt === null || reconciledAt === undefined ? Number.NaN : Number(reconciledAt),
      );
      pushSubscriptionsGauge.set(Number(row?.push_subscriptions ?? 0));
      for (const outcome of ['sent', 'failed', 'pruned'])
        pushDeliveries.set({ outcome }, Number(row?.push_tallies?.[outcome] ?? 0));
    },
  };
}
