import type { Overview } from '@shared/admin';
import { adminMessages as m, overviewAlertActions, overviewAlertLabels } from '@shared/admin-messages';
import { formatPrice } from '@shared/money';
import { paths, withQuery } from '@shared/paths';
import { relativeTime } from '@shared/relative-time';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '@web/components/ui/button';
import { QueryState } from '@web/components/ui/query-state';
import { api } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { formatCount, formatDateTimeBrasilia } from '@web/lib/format';
import {
  Activity,
  ArrowDownRight,
  ArrowRight,
  ArrowUpRight,
  Banknote,
  LifeBuoy,
  type LucideIcon,
  Mic,
  Minus,
  ScrollText,
  ShoppingCart,
  TriangleAlert,
  UserPlus,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import { AuditSentenceText } from './AuditSentenceText';

type Metric = Overview['tradesToday'];

const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

/**
 * Part 2 §2: the change in percent with its trend, and the absolute figures beside it — '+25 % (12 → 15)';
 * from nothing the change is 'novo' (no division by zero). No-break spaces keep each figure on one line.
 */
export function changeText({ current, previous, changePercent }: Metric, format: (n: number) => string) {
  const figures = `(${format(previous)}\u00a0→\u00a0${format(current)})`;
  if (changePercent === null) return { change: 'novo', figures };
  if (changePercent === 0) return { change: 'sem variação', figures };
  return { change: `${percent.format(changePercent)}\u00a0%`, figures };
}

const activityIcons: Record<Overview['activity'][number]['kind'], LucideIcon> = {
  staff: ScrollText,
  trade: ShoppingCart,
  user: UserPlus,
};
const activityKinds = { staff: 'Equipe', trade: 'Negociação', user: 'Novo usuário' } as const;
const priorityLabels = { high: 'Alta', medium: 'Média', low: 'Baixa' } as const;

/** Visão Geral (admins only): figures, recent activity and alerts computed by the server. */
export default function OverviewTab() {
  const overview = useQuery({
    queryKey: ['admin', 'overview'],
    queryFn: ({ signal }) => api<Overview>('/api/admin/overview', { signal }),
    refetchInterval: 60_000,
  });
  return (
    <QueryState query={overview} errorTitle={m.overviewLoadFailed}>
      {(o) => (
        <div className="flex flex-col gap-6">
          <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <MetricCard
              icon={Banknote}
              label="Receita de taxas no mês"
              value={formatPrice(o.revenueCents.current)}
              metric={o.revenueCents}
              period="vs. mês anterior"
              format={formatPrice}
            />
            <MetricCard
              icon={Users}
              label="Usuários ativos (30 dias)"
              value={formatCount(o.activeUsers.current)}
              metric={o.activeUsers}
              period="vs. 30 dias anteriores"
            />
            <MetricCard
              icon={ShoppingCart}
              label="Negociações hoje"
              value={formatCount(o.tradesToday.current)}
              metric={o.tradesToday}
              period="vs. ontem"
            />
            <MetricCard
              icon={Mic}
              label="Chamadas gravadas hoje"
              value={formatCount(o.voiceCallsToday.current)}
              metric={o.voiceCallsToday}
              period="vs. ontem"
            />
          </dl>
          <div className="grid gap-6 lg:grid-cols-2">
            <section
              aria-labelledby="overview-activity"
              className="rounded-xl border border-line bg-surface p-4"
            >
              <h2
                id="overview-activity"
                className="mb-3 flex items-center gap-2 text-base font-semibold text-fg"
              >
                <Activity aria-hidden className="size-4 text-accent" /> Atividade recente
              </h2>
              {o.activity.length === 0 ? (
                <p className="text-sm text-muted">Nenhuma atividade ainda.</p>
              ) : (
                <ul className="flex flex-col divide-y divide-line">
                  {o.activity.map((a) => {
                    const Icon = activityIcons[a.kind];
                    return (
                      <li
                        key={`${a.kind}-${a.at}-${a.text}`}
                        className="flex items-start gap-3 py-2.5 text-sm"
                      >
                        <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />
                        <span className="flex-1">
                          <span className="text-muted">{activityKinds[a.kind]}: </span>
                          <span className="text-fg">
                            {a.parts ? <AuditSentenceText parts={a.parts} /> : a.text}
                          </span>
                        </span>
                        <time
                          dateTime={a.at}
                          title={`${formatDateTimeBrasilia(a.at)} (Brasília)`}
                          className="shrink-0 text-xs text-muted"
                        >
                          {relativeTime(a.at)}
                        </time>
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
            <section
              aria-labelledby="overview-alerts"
              className="rounded-xl border border-line bg-surface p-4"
            >
              <h2
                id="overview-alerts"
                className="mb-3 flex items-center gap-2 text-base font-semibold text-fg"
              >
                <TriangleAlert aria-hidden className="size-4 text-warning" /> Alertas
                <span className="rounded-full bg-surface-3 px-2 py-0.5 text-xs text-fg">
                  {o.alerts.length}
                </span>
              </h2>
              {o.alerts.length === 0 ? (
                <p className="text-sm text-muted">Nenhum alerta no momento.</p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {o.alerts.map((a) => (
                    <li
                      key={a.id}
                      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-surface-2 px-3 py-2 text-sm"
                    >
                      <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
                        <span className="text-fg">
                          {overviewAlertLabels[a.id]}: <strong>{a.count}</strong>
                        </span>
                        <span
                          className={cn(
                            'text-xs font-semibold',
                            a.priority === 'high' ? 'text-danger' : 'text-warning',
                          )}
                        >
                          Prioridade {priorityLabels[a.priority]}
                        </span>
                      </div>
                      <ButtonLink
                        to={a.href}
                        size="sm"
                        variant="secondary"
                        className="shrink-0 whitespace-nowrap"
                      >
                        {overviewAlertActions[a.id].label}
                      </ButtonLink>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
          <nav aria-label="Ações rápidas" className="grid gap-4 md:grid-cols-3">
            <QuickAction
              to={paths.admin('membros')}
              icon={Users}
              label="Gerenciar usuários"
              detail="Buscar membros, advertir e suspender"
            />
            <QuickAction
              to={paths.admin('intermediacoes')}
              icon={ShoppingCart}
              label="Ver transações"
              detail="Mesa de intermediações"
            />
            <QuickAction
              to={withQuery(paths.admin('suporte'), { status: 'open' })}
              icon={LifeBuoy}
              label={`Suporte pendente (${formatCount(o.pendingSupport)})`}
              detail={
                o.pendingSupport === 1
                  ? '1 chamado aguardando'
                  : `${formatCount(o.pendingSupport)} chamados aguardando`
              }
            />
          </nav>
        </div>
      )}
    </QueryState>
  );
}

function MetricCard({
  icon: Icon,
  label,
  value,
  metric,
  period,
  format = formatCount,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  metric: Metric;
  period: string;
  format?: (value: number) => string;
}) {
  const { change, figures } = changeText(metric, format);
  const { trend } = metric;
  const Trend = trend === 'up' ? ArrowUpRight : trend === 'down' ? ArrowDownRight : Minus;
  const trendName = trend === 'up' ? 'em alta' : trend === 'down' ? 'em queda' : 'estável';
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-xl border border-line bg-surface p-4">
      <dt className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-muted">
        <Icon aria-hidden className="size-4 shrink-0" /> {label}
      </dt>
      <dd className="whitespace-nowrap text-2xl font-bold tabular-nums text-fg">{value}</dd>
      <dd className="flex flex-wrap items-center gap-x-1.5 text-sm">
        <span
          className={cn(
            'inline-flex items-center gap-1 whitespace-nowrap font-semibold',
            trend === 'up' ? 'text-accent' : trend === 'down' ? 'text-danger' : 'text-muted',
          )}
        >
          <Trend aria-hidden className="size-4" />
          <span className="sr-only">{trendName}: </span>
          {change}
        </span>
        <span className="whitespace-nowrap tabular-nums text-fg">{figures}</span>
        <span className="w-full text-muted">{period}</span>
      </dd>
    </div>
  );
}

function QuickAction({
  to,
  icon: Icon,
  label,
  detail,
}: {
  to: string;
  icon: LucideIcon;
  label: string;
  detail: string;
}) {
  return (
    <Link
      to={to}
      className="flex items-center gap-3 rounded-xl border border-line bg-surface p-4 transition-colors hover:border-accent focus-visible:outline-2 focus-visible:outline-accent"
    >
      <Icon aria-hidden className="size-6 shrink-0 text-accent" />
      <span className="grid min-w-0 gap-0.5">
        <span className="text-sm font-semibold text-fg">{label}</span>
        <span className="text-xs text-muted">{detail}</span>
      </span>
      <ArrowRight aria-hidden className="ml-auto size-4 shrink-0 text-muted" />
    </Link>
  );
}
