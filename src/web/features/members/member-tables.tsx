import type { MemberPage as MemberPageData } from '@shared/members';
import { penaltyLabels, reportStatusLabels } from '@shared/moderation-messages';
import { formatPrice } from '@shared/money';
import { paths } from '@shared/paths';
import { reportReasonLabels } from '@shared/report-reasons';
import { reportTargetLabels } from '@shared/reports';
import { tradeStateLabels } from '@shared/trades';
import { type TableColumn, tableColumns } from '@web/components/ui/data-table';
import { StatusBadge } from '@web/components/ui/status-badge';
import { formatDateTimeBrasilia } from '@web/lib/format';
import { Link } from 'react-router';

/** The tables of a member's page ('/admin/membros/{id}'): one column list per section. */
type Data = MemberPageData;
export const when = (value: string | null) => (value ? formatDateTimeBrasilia(value) : '—');
const reasonLabel = (reason: string) =>
  reportReasonLabels[reason as keyof typeof reportReasonLabels] ?? reason;
const listingStatusLabels = { active: 'Ativo', sold: 'Vendido', paused: 'Pausado' } as const;
const nowrap = (text: string) => <span className="whitespace-nowrap">{text}</span>;

const suspension = tableColumns<Data['suspensions'][number]>();
export const suspensionColumns = [
  suspension.accessor('penalty', {
    header: 'Penalidade',
    cell: ({ row }) => nowrap(penaltyLabels[row.original.penalty]),
  }),
  suspension.accessor('reason', {
    header: 'Motivo',
    cell: ({ getValue }) => <p className="max-w-72 whitespace-pre-wrap">{getValue()}</p>,
  }),
  suspension.accessor('createdByName', {
    header: 'Por',
    cell: ({ getValue }) => getValue() ?? '—',
  }),
  suspension.accessor('createdAt', { header: 'Desde', cell: ({ getValue }) => nowrap(when(getValue())) }),
  suspension.accessor('endsAt', {
    header: 'Até',
    cell: ({ row: { original: s } }) =>
      s.penalty === 'advertencia' ? '—' : s.endsAt ? nowrap(when(s.endsAt)) : 'Permanente',
  }),
  suspension.display({
    id: 'state',
    header: 'Situação',
    cell: ({ row: { original: s } }) =>
      s.liftedAt ? (
        <div className="grid max-w-64 gap-1">
          <StatusBadge label="Revogada" tone="info" />
          <p className="text-xs text-muted">
            por {s.liftedByName ?? 'equipe'} em {when(s.liftedAt)}: {s.liftReason}
          </p>
        </div>
      ) : s.active ? (
        <StatusBadge label="Em vigor" tone="bad" />
      ) : s.penalty === 'advertencia' ? (
        <StatusBadge label="Advertência" tone="warn" />
      ) : (
        <StatusBadge label="Encerrada" tone="ok" />
      ),
  }),
] as TableColumn<Data['suspensions'][number]>[];

const listing = tableColumns<Data['listings'][number]>();
export const listingColumns = [
  listing.accessor('title', {
    header: 'Anúncio',
    cell: ({ row: { original: l } }) => (
      <Link to={paths.listing(l.id)} className="text-accent underline">
        {l.title}
      </Link>
    ),
  }),
  listing.accessor('priceCents', {
    header: 'Preço',
    cell: ({ getValue }) => nowrap(formatPrice(getValue())),
  }),
  listing.accessor('status', {
    header: 'Status',
    cell: ({ row: { original: l } }) => (
      <StatusBadge label={listingStatusLabels[l.status]} tone={l.status === 'active' ? 'ok' : 'info'} />
    ),
  }),
  listing.accessor('createdAt', { header: 'Criado em', cell: ({ getValue }) => nowrap(when(getValue())) }),
] as TableColumn<Data['listings'][number]>[];

const trade = tableColumns<Data['trades'][number]>();
export const tradeColumns = [
  trade.accessor('id', {
    header: 'Negociação',
    cell: ({ row: { original: x } }) => (
      <Link to={paths.trade(x.id)} className="text-accent underline">
        #{x.id} · {x.listingTitle}
      </Link>
    ),
  }),
  trade.accessor('role', {
    header: 'Papel',
    cell: ({ getValue }) => (getValue() === 'comprador' ? 'Comprador' : 'Vendedor'),
  }),
  trade.accessor('otherName', { header: 'Outra parte', cell: ({ getValue }) => getValue() ?? '—' }),
  trade.accessor('state', {
    header: 'Estado',
    cell: ({ row }) => nowrap(tradeStateLabels[row.original.state]),
  }),
  trade.accessor('amountCents', { header: 'Valor', cell: ({ getValue }) => nowrap(formatPrice(getValue())) }),
  trade.accessor('createdAt', { header: 'Aberta em', cell: ({ getValue }) => nowrap(when(getValue())) }),
] as TableColumn<Data['trades'][number]>[];

const received = tableColumns<Data['reportsReceived'][number]>();
export const receivedColumns = [
  received.accessor('targetName', {
    header: 'Alvo',
    cell: ({ row: { original: r } }) => `${reportTargetLabels[r.targetType]}: ${r.targetName}`,
  }),
  received.accessor('reason', { header: 'Motivo', cell: ({ getValue }) => reasonLabel(getValue()) }),
  received.accessor('reporterName', { header: 'Denunciante', cell: ({ getValue }) => getValue() ?? '—' }),
  received.accessor('status', {
    header: 'Status',
    cell: ({ row }) => reportStatusLabels[row.original.status],
  }),
  received.accessor('createdAt', { header: 'Data', cell: ({ getValue }) => nowrap(when(getValue())) }),
] as TableColumn<Data['reportsReceived'][number]>[];

const made = tableColumns<Data['reportsMade'][number]>();
export const madeColumns = [
  made.accessor('targetName', {
    header: 'Alvo',
    cell: ({ row: { original: r } }) => `${reportTargetLabels[r.targetType]}: ${r.targetName}`,
  }),
  made.accessor('reason', { header: 'Motivo', cell: ({ getValue }) => reasonLabel(getValue()) }),
  made.accessor('status', { header: 'Status', cell: ({ row }) => reportStatusLabels[row.original.status] }),
  made.accessor('createdAt', { header: 'Data', cell: ({ getValue }) => nowrap(when(getValue())) }),
] as TableColumn<Data['reportsMade'][number]>[];

const review = tableColumns<Data['reviews'][number]>();
export const reviewColumns = [
  review.accessor('rating', { header: 'Nota', cell: ({ getValue }) => `${getValue()} de 5` }),
  review.accessor('comment', {
    header: 'Comentário',
    cell: ({ getValue }) => <p className="max-w-80 whitespace-pre-wrap">{getValue() ?? '—'}</p>,
  }),
  review.accessor('authorName', { header: 'Autor', cell: ({ getValue }) => getValue() ?? '—' }),
  review.accessor('tradeId', {
    header: 'Negociação',
    cell: ({ getValue }) => (
      <Link to={paths.trade(getValue())} className="text-accent underline">
        #{getValue()}
      </Link>
    ),
  }),
  review.accessor('createdAt', { header: 'Data', cell: ({ getValue }) => nowrap(when(getValue())) }),
] as TableColumn<Data['reviews'][number]>[];

type Account = NonNullable<Data['account']>;
const session = tableColumns<Account['sessions'][number]>();
export const sessionColumns = [
  session.accessor('lastSeenAt', {
    header: 'Visto por último',
    cell: ({ getValue }) => nowrap(when(getValue())),
  }),
  session.accessor('createdAt', { header: 'Iniciada em', cell: ({ getValue }) => nowrap(when(getValue())) }),
  session.accessor('ipAddress', { header: 'IP', cell: ({ getValue }) => getValue() ?? '—' }),
  session.accessor('userAgent', {
    header: 'Navegador',
    cell: ({ getValue }) => <p className="max-w-96 truncate">{getValue() ?? '—'}</p>,
  }),
] as TableColumn<Account['sessions'][number]>[];

const login = tableColumns<Account['logins'][number]>();
export const loginColumns = [
  login.accessor('at', { header: 'Data', cell: ({ getValue }) => nowrap(when(getValue())) }),
  login.accessor('success', {
    header: 'Resultado',
    cell: ({ getValue }) => (
      <StatusBadge label={getValue() ? 'Entrou' : 'Senha errada'} tone={getValue() ? 'ok' : 'warn'} />
    ),
  }),
  login.accessor('ipAddress', { header: 'IP', cell: ({ getValue }) => getValue() ?? '—' }),
  login.accessor('userAgent', {
    header: 'Navegador',
    cell: ({ getValue }) => <p className="max-w-96 truncate">{getValue() ?? '—'}</p>,
  }),
] as TableColumn<Account['logins'][number]>[];
