import type { Overview } from '@shared/admin';
import { adminMessages as m, overviewAlertActions, overviewAlertLabels } from '@shared/admin-messages';
import { formatPrice } from '@shared/money';
import { paths } from '@shared/paths';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '@web/components/ui/button';
import { QueryState } from '@web/components/ui/query-state';
import { api } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { formatCount, formatDateTimeBrasilia } from '@web/lib/format';
import { relativeTime } from '@web/lib/relative-time';
import {
  Activity,
  ArrowDownRight,
  ArrowUpRight,
  Banknote,
  Image,
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

function change(
  { current, previous }: Metric,
  format: (value: number) => string,
): { text: string; trend: 'up' | 'down' | 'flat' } {
  if (current === previous) return { text: 'sem variação', trend: 'flat' };
  if (previous === 0) return { text: `+${format(current)} (antes: ${format(0)})`, trend: 'up' };
  const pct = ((current - previous) / previous) * 100;
  const text = `${pct > 0 ? '+' : ''}${pct.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;
  return { text, trend: pct > 0 ? 'up' : 'down' };
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
                      className="flex items-center justify-between gap-3 rounded-lg border border-line bg-surface-2 px-3 py-2 text-sm"
                    >
                      <div className="grid gap-0.5">
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
                        to={overviewAlertActions[a.id].to}
                        size="sm"
                        variant="secondary"
                        className="shrink-0"
                      >
                        {overviewAlertActions[a.id].label}
                      </ButtonLink>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
          <nav aria-label="Ações rápidas" className="grid gap-4 sm:grid-cols-3">
            <QuickAction to={paths.admin('usuarios')} icon={Users} label="Gerenciar equipe" />
            <QuickAction to={paths.admin('banners')} icon={Image} label="Banners da home" />
            <QuickAction to={paths.admin('auditoria')} icon={ScrollText} label="Registro de auditoria" />
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
  const { text, trend } = change(metric, format);
  const Trend = trend === 'up' ? ArrowUpRight : trend === 'down' ? ArrowDownRight : Minus;
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-line bg-surface p-4">
      <dt className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-muted">
        <Icon aria-hidden className="size-4" /> {label}
      </dt>
      <dd className="text-2xl font-bold text-fg">{value}</dd>
      <dd
        className={cn(
          'flex items-center gap-1 text-sm',
          trend === 'up' ? 'text-accent' : trend === 'down' ? 'text-danger' : 'text-muted',
        )}
      >
        <Trend aria-hidden className="size-4" />
        {text} <span className="text-muted">{period}</span>
      </dd>
    </div>
  );
}

function QuickAction({ to, icon: Icon, label }: { to: string; icon: LucideIcon; label: string }) {
  return (
    <Link
      to={to}
      className="flex items-center gap-3 rounded-xl border border-line bg-surface p-4 text-sm font-medium text-fg transition-colors hover:border-accent"
    >
      <Icon aria-hidden className="size-5 text-accent" />
      {label}
    </Link>
  );
}
