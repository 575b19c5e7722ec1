import { staffRoleLabels } from '@shared/admin-messages';
import type { MemberPage as MemberPageData } from '@shared/members';
import { moderationMessages as m, memberMessages as mm } from '@shared/moderation-messages';
import { paths } from '@shared/paths';
import { payoutIdentityMessages as pim } from '@shared/payout-identity-messages';
import { plural } from '@shared/plural';
import { UserAvatar } from '@web/components/ui/avatar';
import { DataTable, type TableColumn } from '@web/components/ui/data-table';
import { QueryState } from '@web/components/ui/query-state';
import { StatusBadge } from '@web/components/ui/status-badge';
import { StaffPayoutIdentityText } from '@web/features/payments/StaffPayoutIdentityText';
import { formatDateTimeBrasilia } from '@web/lib/format';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMemberPage } from './api';
import { ActiveSuspensions, PenaltyForm } from './MemberPenalties';
import { MemberStatusBadge } from './MemberStatusBadge';
import {
  listingColumns,
  loginColumns,
  madeColumns,
  receivedColumns,
  reviewColumns,
  sessionColumns,
  suspensionColumns,
  tradeColumns,
  when,
} from './member-tables';

type Data = MemberPageData;

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
          {/* Issue 36: the payout identity, whole for admins, masked for moderators. */}
          {account && (
            <Field label={pim.staffTitle}>
              <StaffPayoutIdentityText identity={account.payoutIdentity} />
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
