import { staffRoleLabels } from '@shared/admin-messages';
import { type MemberSummary, memberFilters } from '@shared/members';
import { memberMessages as mm } from '@shared/moderation-messages';
import { paths } from '@shared/paths';
import { plural } from '@shared/plural';
import { UserAvatar } from '@web/components/ui/avatar';
import { DataTable, tableColumns } from '@web/components/ui/data-table';
import { FilterSelect } from '@web/components/ui/filter-select';
import { SearchField } from '@web/components/ui/search-field';
import { StaffTab } from '@web/components/ui/staff-tab';
import { formatDateTimeBrasilia } from '@web/lib/format';
import { oneOf, useListParams } from '@web/lib/list-params';
import { ChevronRight } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useMemberSearch } from './api';
import { MemberPage } from './MemberPage';
import { MemberStatusBadge } from './MemberStatusBadge';

const column = tableColumns<MemberSummary>();
const filterLabels = { suspensos: 'Suspensos' } as const;

/**
 * Membros (moderators and admins; issue 22): find a member by nickname, name, e-mail, id, phone or PIX key, or
 * list those suspended now; '/admin/membros/{id}' is a member's page, with the penalties.
 */
export function MembersTab() {
  const { id } = useParams();
  return id ? <MemberPage userId={id} /> : <MemberSearch />;
}

function MemberSearch() {
  const list = useListParams<'q' | 'filtro'>();
  const q = list.get('q') ?? '';
  const filter = oneOf(memberFilters, list.get('filtro'));
  const members = useMemberSearch({ q, filter, page: list.page });

  const columns = [
    column.accessor('username', {
      header: 'Membro',
      cell: ({ row: { original: member } }) => (
        <div className="flex items-center gap-3 md:min-w-48">
          <UserAvatar name={member.username} src={member.avatarUrl} size="sm" />
          <div className="min-w-0">
            <Link
              to={paths.adminMember(member.id)}
              className="block truncate font-medium text-fg underline-offset-2 hover:underline"
            >
              {member.username}
            </Link>
            {(member.fullName || member.role) && (
              <p className="truncate text-xs text-muted">
                {[member.fullName, member.role && staffRoleLabels[member.role]].filter(Boolean).join(' · ')}
              </p>
            )}
          </div>
        </div>
      ),
    }),
    column.accessor('email', {
      header: 'E-mail',
      // One line in the table; on a phone's card a long address breaks instead of widening the page.
      cell: ({ getValue }) => {
        const email = getValue();
        return email === null ? (
          <span className="text-muted">{mm.staffEmailPrivate}</span>
        ) : (
          <span className="[overflow-wrap:anywhere] md:whitespace-nowrap">{email}</span>
        );
      },
    }),
    column.accessor('joinedAt', {
      header: 'Entrou em',
      cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDateTimeBrasilia(getValue())}</span>,
    }),
    column.accessor('status', {
      header: 'Situação',
      cell: ({ getValue }) => {
        const status = getValue();
        return (
          <div className="grid max-w-64 gap-1">
            <MemberStatusBadge status={status} />
            {status.reason && status.kind !== 'ativo' && (
              <p className="line-clamp-2 text-xs text-muted">{status.reason}</p>
            )}
          </div>
        );
      },
    }),
    column.display({
      id: 'actions',
      header: 'Ações',
      cell: ({ row: { original: member } }) => (
        <Link
          to={paths.adminMember(member.id)}
          aria-label={`Abrir membro: ${member.username}`}
          className="inline-flex size-8 items-center justify-center rounded-md text-muted hover:bg-surface-3 hover:text-fg"
        >
          <ChevronRight aria-hidden className="size-4" />
        </Link>
      ),
    }),
  ];

  return (
    <StaffTab
      title={filter ? 'Membros suspensos' : 'Membros'}
      description="Busque por apelido, nome, e-mail, id, telefone ou chave PIX. Horários de Brasília."
      actions={
        <div className="flex w-full flex-col gap-3 sm:flex-row sm:items-center lg:w-auto">
          <SearchField
            className="min-w-0 sm:flex-1 lg:w-96"
            look="md"
            label="Buscar membros"
            inputLabel="Buscar membros"
            placeholder="Apelido, e-mail, id, telefone ou chave PIX"
            clearLabel="Limpar busca"
            submitLabel="Buscar"
            maxLength={200}
            value={q}
            onSearch={(text) => list.set('q', text || undefined)}
          />
          <FilterSelect
            label="Situação"
            value={filter}
            allLabel="Todos"
            options={memberFilters.map((value) => ({ value, label: filterLabels[value] }))}
            onChange={(value) => list.set('filtro', value)}
          />
        </div>
      }
      query={members}
      loading="Carregando membros..."
      errorTitle={mm.loadMembersFailed}
      count={(data) => plural(data.total, 'membro encontrado', 'membros encontrados')}
    >
      {(data) => (
        <DataTable
          caption={filter ? 'Membros suspensos' : 'Membros'}
          columns={columns}
          data={data.members}
          rowId={(member) => member.id}
          empty={filter ? mm.noSuspended : mm.noMembers}
          pager={{ page: data.page, pageSize: data.pageSize, total: data.total, hrefFor: list.pageHref }}
        />
      )}
    </StaffTab>
  );
}
