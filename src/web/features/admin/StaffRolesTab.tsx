import { type StaffRole, staffRoles } from '@shared/accounts';
import type { StaffMember } from '@shared/admin';
import { adminMessages as m, staffRoleLabels } from '@shared/admin-messages';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { DataTable, type TableColumn } from '@web/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { QueryState } from '@web/components/ui/query-state';
import { Select } from '@web/components/ui/select';
import { useMe } from '@web/features/accounts/api';
import { BRASILIA_LABEL, formatDateTimeBrasilia } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { Trash2, UserPlus } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useAddStaff, useChangeStaffRole, useRemoveStaff, useStaff, useStaffCandidates } from './api';

/** Usuários (admins only): who is staff, add from a searchable picker, change the role, remove. */
export default function StaffRolesTab() {
  const staff = useStaff();
  const me = useMe();
  const changeRole = useChangeStaffRole();
  const [removing, setRemoving] = useState<StaffMember | null>(null);

  const columns = useMemo<TableColumn<StaffMember>[]>(
    () => [
      {
        header: 'Usuário',
        id: 'user',
        meta: { card: 'primary' },
        cell: ({ row }) => (
          <span className="flex items-center gap-3">
            <UserAvatar name={row.original.username} src={row.original.avatarUrl} size="sm" />
            <span className="font-medium">{row.original.username}</span>
            {row.original.userId === me.data?.id && <span className="text-xs text-muted">(você)</span>}
          </span>
        ),
      },
      {
        header: 'Função',
        id: 'role',
        cell: ({ row }) => {
          const self = row.original.userId === me.data?.id;
          return (
            <Select
              aria-label={`Função de ${row.original.username}`}
              value={row.original.role}
              disabled={self || changeRole.isPending}
              className="h-9 w-44"
              onChange={(event) =>
                changeRole.mutate(
                  { userId: row.original.userId, role: event.target.value as StaffRole },
                  {
                    onSuccess: () => toast.success(m.staffRoleChanged),
                    onError: (error) => toast.error(m.staffRoleChangeFailed, { description: error.message }),
                  },
                )
              }
            >
              {staffRoles.map((role) => (
                <option key={role} value={role}>
                  {staffRoleLabels[role]}
                </option>
              ))}
            </Select>
          );
        },
      },
      {
        header: `Desde (${BRASILIA_LABEL})`,
        id: 'since',
        cell: ({ row }) => (
          <time dateTime={row.original.since} className="whitespace-nowrap text-muted">
            {formatDateTimeBrasilia(row.original.since)}
          </time>
        ),
      },
      {
        header: () => <span className="sr-only">Ações</span>,
        id: 'actions',
        cell: ({ row }) =>
          row.original.userId === me.data?.id ? null : (
            <Button variant="ghost" size="sm" onClick={() => setRemoving(row.original)}>
              <Trash2 aria-hidden />
              Remover<span className="sr-only"> {row.original.username}</span>
            </Button>
          ),
      },
    ],
    [me.data?.id, changeRole],
  );

  return (
    <div className="flex flex-col gap-6">
      <AddStaffForm />
      <div className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-fg">Equipe</h2>
        <QueryState query={staff} errorTitle={m.staffLoadFailed}>
          {(data) => (
            <DataTable
              caption="Administradores e moderadores"
              columns={columns}
              data={data}
              rowId={(row) => row.userId}
              empty="Nenhum administrador cadastrado."
            />
          )}
        </QueryState>
      </div>
      <RemoveDialog member={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}

function AddStaffForm() {
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search.trim());
  const candidates = useStaffCandidates(query, true);
  const add = useAddStaff();
  const [selected, setSelected] = useState<string | null>(null);
  const [role, setRole] = useState<StaffRole>('moderator');
  const [error, setError] = useState<string | null>(null);
  const ids = { search: useId(), role: useId(), list: useId(), error: useId() };

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!selected) {
      setError(m.staffUserRequired);
      return;
    }
    setError(null);
    add.mutate(
      { userId: selected, role },
      {
        onSuccess: () => {
          toast.success(m.staffAdded);
          setSelected(null);
          setSearch('');
        },
        onError: (e) => toast.error(m.staffAddFailed, { description: e.message }),
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${ids.list}-title`}
      className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <h2 id={`${ids.list}-title`} className="text-lg font-semibold text-fg">
        Adicionar à equipe
      </h2>
      <div className="grid gap-4 md:grid-cols-[1fr_14rem]">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.search} className="text-sm font-medium text-fg">
            Buscar usuário
          </label>
          <Input
            id={ids.search}
            type="search"
            value={search}
            placeholder="Nome de usuário"
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={ids.role} className="text-sm font-medium text-fg">
            Função
          </label>
          <Select id={ids.role} value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
            {staffRoles.map((r) => (
              <option key={r} value={r}>
                {staffRoleLabels[r]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <fieldset aria-describedby={error ? ids.error : undefined} className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-fg">Usuário</legend>
        {candidates.isError ? (
          <p className="text-sm text-danger">{candidates.error.message}</p>
        ) : candidates.data?.length === 0 ? (
          <p className="text-sm text-muted">Nenhum usuário encontrado.</p>
        ) : (
          <ul className="grid max-h-64 gap-2 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3">
            {candidates.data?.map((c) => (
              <li key={c.userId}>
                <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-line bg-surface-2 px-3 py-2 text-sm has-checked:border-accent has-checked:bg-accent-soft has-disabled:cursor-not-allowed has-disabled:opacity-80">
                  <input
                    type="radio"
                    name="staff-candidate"
                    value={c.userId}
                    // A suspended member cannot become staff (the server refuses it too): marked, not chosen.
                    disabled={c.suspended}
                    aria-describedby={c.suspended ? `${ids.list}-${c.userId}-suspended` : undefined}
                    checked={selected === c.userId}
                    onChange={() => {
                      setSelected(c.userId);
                      setError(null);
                    }}
                    className="accent-(--color-accent)"
                  />
                  <UserAvatar name={c.username} src={c.avatarUrl} size="sm" />
                  <span className="grid min-w-0">
                    <span className="truncate text-fg">{c.username}</span>
                    {c.suspended && (
                      <span id={`${ids.list}-${c.userId}-suspended`} className="text-xs text-danger">
                        {c.suspendedUntil
                          ? `Suspenso até ${formatDateTimeBrasilia(c.suspendedUntil)}`
                          : 'Banido'}{' '}
                        · não pode entrar para a equipe
                      </span>
                    )}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {error && (
          <p id={ids.error} role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
      </fieldset>
      <Button type="submit" className="self-start" busy={add.isPending}>
        <UserPlus aria-hidden />
        Adicionar
      </Button>
    </form>
  );
}

function RemoveDialog({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const remove = useRemoveStaff();
  const onConfirm = () => {
    if (!member) return;
    remove.mutate(member.userId, {
      onSuccess: () => {
        toast.success(m.staffRemoved);
        onClose();
      },
      onError: (error) => toast.error(m.staffRemoveFailed, { description: error.message }),
    });
  };
  return (
    <Dialog open={member !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Remover administrador</DialogTitle>
        <DialogDescription>{m.staffRemoveConfirm}</DialogDescription>
        {member && (
          <p className="mt-3 text-sm text-fg">
            {member.username} · {staffRoleLabels[member.role]}
          </p>
        )}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} disabled={remove.isPending}>
            Cancelar
          </Button>
          <Button variant="danger" onClick={onConfirm} busy={remove.isPending}>
            Remover
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
