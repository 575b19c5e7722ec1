import { type Overview, overviewMetricOf } from '@shared/admin';
import { overviewAlertActions, tradeEventActivityLabels } from '@shared/admin-messages';
import { sentenceText } from '@shared/audit-sentences';
import { businessHoursBefore, REPORT_ANSWER_BUSINESS_HOURS } from '@shared/business-hours';
import { platformAccounts } from '@shared/ledger';
import { canReadAudit } from '@shared/permissions';
import { finishedTradeStates, type StaffWait, statesWaitingOnStaff } from '@shared/trade-process';
import { inArray, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import { type Db, queryRows } from '../../db/client';
import { auditLog, trades } from '../../db/schema';
import { AppError } from '../../errors';
import { describeAuditRows } from './audit';

const TZ = 'America/Sao_Paulo';
const startOfDay = sql.raw(`(date_trunc('day', now() at time zone '${TZ}') at time zone '${TZ}')`);
const startOfMonth = sql.raw(`(date_trunc('month', now() at time zone '${TZ}') at time zone '${TZ}')`);
const startOfLastMonth = sql.raw(
  `(date_trunc('month', (now() at time zone '${TZ}') - interval '1 month') at time zone '${TZ}')`,
);

const n = (value: unknown) => Number(value ?? 0);
/** Trades in a state that waits on staff for `what` (the process's `waitsOnStaff`, as the trades desk reads it). */
const waitsFor = (what: StaffWait) => inArray(trades.state, statesWaitingOnStaff(what));

/** Visão Geral: figures, recent activity and alerts, all read from the data. */
export function createOverviewReader(db: Db) {
  return {
    async read(viewer: Viewer): Promise<Overview> {
      if (!canReadAudit(viewer)) throw AppError.forbidden();
      const [figures] = await queryRows<Record<string, string | number | null>>(
        db,
        sql`select
          (select -coalesce(sum(e.amount_cents), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id
             where a.code = ${platformAccounts.feeRevenue} and e.created_at >= ${startOfMonth}) as revenue_now,
          (select -coalesce(sum(e.amount_cents), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id
             where a.code = ${platformAccounts.feeRevenue} and e.created_at >= ${startOfLastMonth}
               and e.created_at < ${startOfMonth}) as revenue_before,
          (select count(distinct user_id) from login_history
             where success and created_at >= now() - interval '30 days') as active_now,
          (select count(distinct user_id) from login_history
             where success and created_at >= now() - interval '60 days' and created_at < now() - interval '30 days') as active_before,
          (select count(*) from trades where created_at >= ${startOfDay}) as trades_now,
          (select count(*) from trades where created_at >= ${startOfDay} - interval '1 day' and created_at < ${startOfDay}) as trades_before,
          (select count(*) from trade_recordings where started_at >= ${startOfDay}) as calls_now,
          (select count(*) from trade_recordings where started_at >= ${startOfDay} - interval '1 day' and started_at < ${startOfDay}) as calls_before,
          (select count(*) from trades where ${waitsFor('dispute')}) as disputes,
          (select count(*) from trades where ${waitsFor('dispute')}
             and (deadline_at < now() or flagged_at is not null)) as overdue_disputes,
          (select count(*) from trades where ${waitsFor('release')}) as payouts_due,
          (select count(*) from payout_reconciliation_findings where resolved_at is null) as payout_mismatches,
          (select count(*) from trades where flagged_at is not null
             and not ${inArray(trades.state, [...finishedTradeStates])}) as overdue_trades,
          (select count(*) from support_tickets where status = 'open' and created_at < now() - interval '24 hours') as old_tickets,
          (select count(*) from support_tickets where status = 'open') as pending_support,
          (select count(*) from reports where status = 'pendente'
             and created_at < ${businessHoursBefore(new Date(), REPORT_ANSWER_BUSINESS_HOURS).toISOString()}) as old_reports`,
      );
      const f = figures ?? {};

      const activityRows = await queryRows<{
        kind: 'staff' | 'trade' | 'user';
        text: string;
        at: string | Date;
      }>(
        db,
        sql`(select 'staff' as kind, l.id::text as text, l.created_at as at
              from audit_log l order by l.created_at desc, l.id desc limit 10)
            union all
            (select 'trade' as kind, '#' || e.trade_id || ' ' || t.listing_title || ' · ' || e.kind as text, e.created_at as at
              from trade_events e join trades t on t.id = e.trade_id order by e.created_at desc limit 10)
            union all
            (select 'user' as kind, p.username as text, p.created_at as at
              from profiles p order by p.created_at desc limit 10)
            order by at desc limit 10`,
      );

      const auditIds = activityRows.filter((r) => r.kind === 'staff').map((r) => Number(r.text));
      const staffSentences = new Map(
        auditIds.length
          ? (
              await describeAuditRows(
                db,
                await db
                  .select({
                    id: auditLog.id,
                    actorId: auditLog.actorId,
                    action: auditLog.action,
                    targetType: auditLog.targetType,
                    targetId: auditLog.targetId,
                    details: auditLog.details,
                    createdAt: auditLog.createdAt,
                  })
                  .from(auditLog)
                  .where(inArray(auditLog.id, auditIds)),
              )
            ).map((entry) => [entry.id, entry.sentence] as const)
          : [],
      );

      const alerts: Overview['alerts'] = [
        { id: 'overdue_disputes' as const, count: n(f.overdue_disputes), priority: 'high' as const },
        { id: 'payouts_due' as const, count: n(f.payouts_due), priority: 'high' as const },
        { id: 'payout_mismatches' as const, count: n(f.payout_mismatches), priority: 'high' as const },
        { id: 'disputes' as const, count: n(f.disputes), priority: 'high' as const },
        { id: 'overdue_trades' as const, count: n(f.overdue_trades), priority: 'high' as const },
        { id: 'old_reports' as const, count: n(f.old_reports), priority: 'medium' as const },
        { id: 'old_tickets' as const, count: n(f.old_tickets), priority: 'medium' as const },
      ]
        .filter((a) => a.count > 0)
        .map((a) => ({ ...a, href: overviewAlertActions[a.id].to }));

      return {
        revenueCents: overviewMetricOf(n(f.revenue_now), n(f.revenue_before)),
        activeUsers: overviewMetricOf(n(f.active_now), n(f.active_before)),
        tradesToday: overviewMetricOf(n(f.trades_now), n(f.trades_before)),
        voiceCallsToday: overviewMetricOf(n(f.calls_now), n(f.calls_before)),
        activity: activityRows.map((r) => {
          const at = new Date(r.at).toISOString();
          if (r.kind !== 'staff')
            return { kind: r.kind, text: r.kind === 'trade' ? relabel(r.text) : r.text, at };
          // A staff action reads as the audit reads it (the same sentence, the same links).
          const sentence = staffSentences.get(Number(r.text));
          return sentence
            ? { kind: r.kind, text: sentenceText(sentence), parts: sentence.parts, at }
            : { kind: r.kind, text: r.text, at };
        }),
        alerts,
        pendingSupport: n(f.pending_support),
      };
    },
  };
}

/** '#12 Conta · paid' → '#12 Conta · <the event's pt-BR label>'. */
function relabel(text: string): string {
  const at = text.lastIndexOf(' · ');
  if (at < 0) return text;
  const kind = text.slice(at + 3);
  return `${text.slice(0, at)} · ${tradeEventActivityLabels[kind] ?? kind}`;
}

export type OverviewReader = ReturnType<typeof createOverviewReader>;
