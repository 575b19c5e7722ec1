import { staffRoleLabels } from '@shared/admin-messages';
import type { MemberPage as MemberPageData, MemberSuspension } from '@shared/members';
import { type SuspensionPenalty, suspensionPenalties } from '@shared/moderation';
import {
  moderationMessages as m,
  memberMessages as mm,
  penaltyLabels,
  reportStatusLabels,
} from '@shared/moderation-messages';
import { formatPrice } from '@shared/money';
import { paths } from '@shared/paths';
import { plural } from '@shared/plural';
import { reportReasonLabels } from '@shared/report-reasons';
import { reportTargetLabels } from '@shared/reports';
import { tradeStateLabels } from '@shared/trades';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { DataTable, type TableColumn, tableColumns } from '@web/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Textarea } from '@web/components/ui/input';
import { QueryState } from '@web/components/ui/query-state';
import { Select } from '@web/components/ui/select';
import { StatusBadge } from '@web/components/ui/status-badge';
import { formatDateTimeBrasilia } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { useLiftSuspension, useMemberPage, usePenalise } from './api';
import { MemberStatusBadge } from './MemberStatusBadge';

type Data = MemberPageData;
const when = (value: string | null) => (value ? formatDateTimeBrasilia(value) : '—');
const reasonLabel = (reason: string) =>
  reportReasonLabels[reason as keyof typeof reportReasonLabels] ?? reason;
const listingStatusLabels = { active: 'Ativo', sold: 'Vendido' } as const;
const nowrap = (text: string) => <span className="whitespace-nowrap">{text}</span>;

/** '/admin/membros/{id}': who the member is, what they did, their penalties, and the staff's actions on them. */
export function MemberPage({ userId }: { userId: string }) {
  const page = useMemberPage(userId);
  return (
    <div className="grid gap-6">
      <Link
        to={paths.adminMembers}
        className="inline-flex w-fit items-center gap-2 text-sm text-muted hover:text-fg"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Voltar para Membros
      </Link>
      <QueryState query={page} loading="Carregando membro..." errorTitle={mm.loadMemberFailed}>
        {(data) => <MemberView data={data} />}
      </QueryState>
    </div>
  );
}

function MemberView({ data }: { data: Data }) {
  const { member, figures, account } = data;
  const active = data.suspensions.filter((s) => s.active);
  return (
    <>
      <title>{`${member.username} · Membros · Painel de Administração | Mercado Gamer`}</title>
      <section
        aria-labelledby="member-title"
        className="grid gap-4 rounded-xl border border-line bg-surface p-4 sm:p-5"
      >
        <div className="flex flex-wrap items-center gap-4">
          <UserAvatar name={member.username} src={member.avatarUrl} size="lg" />
          <div className="grid min-w-0 gap-1">
            <h2 id="member-title" className="truncate text-xl font-semibold text-fg">
              {member.username}
            </h2>
            <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
              <MemberStatusBadge status={member.status} />
              {member.role && <StatusBadge label={staffRoleLabels[member.role]} tone="info" />}
              {member.fullName && <span>{member.fullName}</span>}
            </div>
          </div>
        </div>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {account && (
            <>
              <Field label="E-mail">
                <span className="break-all">{member.email}</span>{' '}
                {account.emailVerified ? '(confirmado)' : '(não confirmado)'}
              </Field>
              <Field label="Telefone">{account.phone ?? '—'}</Field>
            </>
          )}
          <Field label="Entrou em">{when(member.joinedAt)}</Field>
          {account && (
            <Field label="Verificação em duas etapas">
              {account.twoFactorEnabled ? 'Ativada' : 'Desativada'}
            </Field>
          )}
          <Field label="ID">
            <span className="break-all font-mono text-xs">{member.id}</span>
          </Field>
          <Field label="Página pública">
            <Link to={paths.user(member.username)} className="text-accent underline">
              Ver perfil
            </Link>
          </Field>
        </dl>
        {!account && <p className="text-sm text-muted">{mm.staffAccountPrivate}</p>}
        {member.status.reason && member.status.kind !== 'ativo' && (
          <p className="rounded-lg bg-surface-2 p-3 text-sm text-fg">
            <span className="text-muted">Motivo: </span>
            {member.status.reason}
          </p>
        )}
      </section>

      <section aria-label="Números do membro" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure
          label="Anúncios"
          value={`${figures.listings}`}
          detail={plural(figures.activeListings, 'ativo', 'ativos')}
        />
        <Figure label="Vendas concluídas" value={`${figures.sales}`} />
        <Figure label="Compras concluídas" value={`${figures.purchases}`} />
        <Figure
          label="Avaliações recebidas"
          value={`${figures.reviewsReceived}`}
          detail={
            figures.rating === null ? 'Sem nota' : `Média ${figures.rating.toFixed(1).replace('.', ',')}`
          }
        />
        <Figure label="Denúncias recebidas" value={`${figures.reportsReceived}`} />
        <Figure label="Denúncias feitas" value={`${figures.reportsMade}`} />
        <Figure
          label="Penalidades"
          value={`${data.suspensions.length}`}
          detail={`${active.length} em vigor`}
        />
        {account && (
          <Figure
            label="Visto por último"
            value={account.sessions[0] ? formatDateTimeBrasilia(account.sessions[0].lastSeenAt) : '—'}
            small
          />
        )}
      </section>

      {data.canPenalise ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <PenaltyForm userId={member.id} />
          <ActiveSuspensions suspensions={active} />
        </div>
      ) : (
        <p className="rounded-xl border border-line bg-surface p-4 text-sm text-muted">
          {member.role ? m.suspendStaff : m.suspendSelf}
        </p>
      )}

      <Section
        title="Histórico de penalidades"
        columns={suspensionColumns}
        rows={data.suspensions}
        rowId={(s) => String(s.id)}
        empty="Nenhuma penalidade."
      />
      <Section title="Anúncios" columns={listingColumns} rows={data.listings} empty="Nenhum anúncio." />
      <Section
        title="Negociações (como comprador e vendedor)"
        caption="Negociações"
        columns={tradeColumns}
        rows={data.trades}
        empty="Nenhuma negociação."
      />
      <Section
        title="Denúncias recebidas"
        columns={receivedColumns}
        rows={data.reportsReceived}
        empty="Nenhuma denúncia recebida."
      />
      <Section
        title="Denúncias feitas"
        columns={madeColumns}
        rows={data.reportsMade}
        empty="Nenhuma denúncia feita."
      />
      <Section
        title="Avaliações recebidas"
        columns={reviewColumns}
        rows={data.reviews}
        empty="Nenhuma avaliação."
      />
      {account && (
        <>
          <Section
            title="Sessões abertas"
            columns={sessionColumns}
            rows={account.sessions}
            empty="Nenhuma sessão aberta."
          />
          <Section
            title="Últimos acessos"
            columns={loginColumns}
            rows={account.logins}
            empty="Nenhum acesso registrado."
          />
        </>
      )}
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted">{label}</dt>
      <dd className="text-fg">{children}</dd>
    </div>
  );
}

function Figure({
  label,
  value,
  detail,
  small,
}: {
  label: string;
  value: string;
  detail?: string;
  small?: boolean;
}) {
  return (
    <div className="grid gap-1 rounded-xl border border-line bg-surface p-3">
      <p className="text-xs text-muted">{label}</p>
      <p className={small ? 'text-sm font-semibold text-fg' : 'text-2xl font-semibold text-fg'}>{value}</p>
      {detail && <p className="text-xs text-muted">{detail}</p>}
    </div>
  );
}

/**
 * A heading over one of the page's tables (the table itself is the region, named by its caption, the title unless
 * given); an empty section says so in a line rather than as an empty table that scrolls sideways on a phone.
 */
function Section<Row extends object>({
  title,
  caption = title,
  columns,
  rows,
  rowId,
  empty,
}: {
  title: string;
  caption?: string;
  columns: TableColumn<Row>[];
  rows: Row[];
  rowId?: (row: Row) => string;
  empty: string;
}) {
  return (
    <div className="grid gap-3">
      <h3 className="text-lg font-semibold text-fg">{title}</h3>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-line bg-surface p-4 text-sm text-muted">{empty}</p>
      ) : (
        <DataTable caption={caption} columns={columns} data={rows} rowId={rowId} empty={empty} />
      )}
    </div>
  );
}

function PenaltyForm({ userId }: { userId: string }) {
  const id = useId();
  const [penalty, setPenalty] = useState<SuspensionPenalty>('advertencia');
  const [reason, setReason] = useState('');
  const penalise = usePenalise();
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    penalise.mutate(
      { userId, penalty, reason },
      {
        onSuccess: () => {
          toast.success(m.userSuspended);
          setReason('');
        },
        onError: (error) => toast.error(m.suspendFailed, { description: error.message }),
      },
    );
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="grid content-start gap-3 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold text-fg">
        Aplicar penalidade
      </h3>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-penalty`} className="text-sm font-medium text-fg">
          Penalidade
        </label>
        <Select
          id={`${id}-penalty`}
          value={penalty}
          onChange={(e) => setPenalty(e.target.value as SuspensionPenalty)}
        >
          {suspensionPenalties.map((value) => (
            <option key={value} value={value}>
              {penaltyLabels[value]}
            </option>
          ))}
        </Select>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-reason`} className="text-sm font-medium text-fg">
          Motivo da penalidade
        </label>
        <Textarea
          id={`${id}-reason`}
          rows={3}
          maxLength={2000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <p className="text-xs text-muted">O membro recebe a penalidade e o motivo por e-mail.</p>
      </div>
      <Button
        type="submit"
        variant="danger"
        className="justify-self-start"
        disabled={reason.trim() === ''}
        busy={penalise.isPending}
      >
        Aplicar penalidade
      </Button>
    </form>
  );
}

function ActiveSuspensions({ suspensions }: { suspensions: MemberSuspension[] }) {
  const [lifting, setLifting] = useState<MemberSuspension | null>(null);
  return (
    <section
      aria-labelledby="active-suspensions"
      className="grid content-start gap-3 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <h3 id="active-suspensions" className="text-lg font-semibold text-fg">
        Suspensões em vigor
      </h3>
      {suspensions.length === 0 ? (
        <p className="text-sm text-muted">Nenhuma suspensão em vigor.</p>
      ) : (
        <ul className="grid gap-3">
          {suspensions.map((s) => (
            <li key={s.id} className="grid gap-2 rounded-lg border border-line bg-surface-2 p-3 text-sm">
              <p className="font-medium text-fg">
                {penaltyLabels[s.penalty]} · {s.endsAt ? `até ${when(s.endsAt)}` : 'sem data para terminar'}
              </p>
              <p className="text-muted">
                {s.reason} — por {s.createdByName ?? 'equipe'} em {when(s.createdAt)}
              </p>
              <Button
                variant="secondary"
                size="sm"
                className="justify-self-start"
                onClick={() => setLifting(s)}
              >
                Revogar suspensão
              </Button>
            </li>
          ))}
        </ul>
      )}
      <LiftDialog suspension={lifting} onClose={() => setLifting(null)} />
    </section>
  );
}

function LiftDialog({ suspension, onClose }: { suspension: MemberSuspension | null; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const lift = useLiftSuspension();
  const close = () => {
    setReason('');
    onClose();
  };
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!suspension) return;
    lift.mutate(
      { suspensionId: suspension.id, reason },
      {
        onSuccess: () => {
          toast.success(m.suspensionLifted);
          close();
        },
        onError: (error) => toast.error(m.liftFailed, { description: error.message }),
      },
    );
  };
  return (
    <Dialog open={suspension !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogTitle>Revogar suspensão</DialogTitle>
        <DialogDescription>
          {suspension &&
            `${penaltyLabels[suspension.penalty]}: termina agora. O membro volta a entrar e é avisado por e-mail.`}
        </DialogDescription>
        <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-3">
          <label htmlFor={`${id}-reason`} className="text-sm font-medium text-fg">
            Motivo da revogação
          </label>
          <Textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={2000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="ghost" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" disabled={reason.trim() === ''} busy={lift.isPending}>
              Revogar suspensão
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const suspension = tableColumns<Data['suspensions'][number]>();
const suspensionColumns = [
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
const listingColumns = [
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
const tradeColumns = [
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
const receivedColumns = [
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
const madeColumns = [
  made.accessor('targetName', {
    header: 'Alvo',
    cell: ({ row: { original: r } }) => `${reportTargetLabels[r.targetType]}: ${r.targetName}`,
  }),
  made.accessor('reason', { header: 'Motivo', cell: ({ getValue }) => reasonLabel(getValue()) }),
  made.accessor('status', { header: 'Status', cell: ({ row }) => reportStatusLabels[row.original.status] }),
  made.accessor('createdAt', { header: 'Data', cell: ({ getValue }) => nowrap(when(getValue())) }),
] as TableColumn<Data['reportsMade'][number]>[];

const review = tableColumns<Data['reviews'][number]>();
const reviewColumns = [
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
const sessionColumns = [
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
const loginColumns = [
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
