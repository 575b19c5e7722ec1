import { partnershipStatuses } from '@shared/partnerships';
import { plural } from '@shared/plural';
import { partnershipTypeLabels } from '@shared/support-messages';
import { staffQueueMessages as m, partnershipStatusLabels } from '@shared/support-queue-messages';
import type { StaffPartnership } from '@shared/support-queues';
import { Button } from '@web/components/ui/button';
import { DataTable, tableColumns } from '@web/components/ui/data-table';
import { FilterSelect } from '@web/components/ui/filter-select';
import { Textarea } from '@web/components/ui/input';
import { DetailDialog, StaffTab, viewColumn } from '@web/components/ui/staff-tab';
import { StatusBadge } from '@web/components/ui/status-badge';
import { formatDateTimeBrasilia } from '@web/lib/format';
import { oneOf, useListParams } from '@web/lib/list-params';
import { toast } from '@web/lib/toast';
import { useId, useState } from 'react';
import { queueExportHref, useDecidePartnership, useStaffPartnerships } from './api';

const tones = { pending: 'warn', approved: 'ok', rejected: 'bad' } as const;
const column = tableColumns<StaffPartnership>();

/** Parcerias (admins only): requests from /parcerias; approve or reject a pending one with notes. */
export function PartnershipsTab() {
  const list = useListParams<'status'>();
  const status = oneOf(partnershipStatuses, list.get('status'));
  const query = { status, q: list.search || undefined, page: list.page };
  const requests = useStaffPartnerships(query);
  const [openId, setOpenId] = useState<number | null>(null);
  const selected = requests.data?.partnerships.find((p) => p.id === openId) ?? null;

  const columns = [
    column.accessor('companyName', {
      header: 'Empresa/Canal',
      cell: ({ row: { original: p } }) => (
        <div>
          <p className="font-medium">{p.companyName}</p>
          <p className="text-xs text-muted">{partnershipTypeLabels[p.partnershipType]}</p>
        </div>
      ),
    }),
    column.accessor('contactName', {
      header: 'Contato',
      cell: ({ row: { original: p } }) => (
        <div>
          <p>{p.contactName}</p>
          <p className="text-xs text-muted">{p.contactEmail}</p>
          {p.contactPhone && <p className="text-xs text-muted">{p.contactPhone}</p>}
        </div>
      ),
    }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => (
        <StatusBadge label={partnershipStatusLabels[getValue()]} tone={tones[getValue()]} />
      ),
    }),
    column.accessor('createdAt', {
      header: 'Data (Brasília)',
      cell: ({ getValue }) => formatDateTimeBrasilia(getValue()),
    }),
    viewColumn<StaffPartnership>(
      (p) => `Ver proposta: ${p.companyName}`,
      (row) => setOpenId(row.id),
    ),
  ];

  return (
    <StaffTab
      title="Solicitações de parceria"
      search={{
        label: 'Buscar propostas',
        placeholder: 'Empresa, contato, e-mail ou nº',
        value: list.search,
        onChange: list.setSearch,
      }}
      exportHref={queueExportHref.partnerships(query)}
      actions={
        <FilterSelect
          label="Status"
          value={status}
          allLabel="Todas"
          options={partnershipStatuses.map((value) => ({ value, label: partnershipStatusLabels[value] }))}
          onChange={(value) => list.set('status', value)}
        />
      }
      query={requests}
      loading="Carregando solicitações..."
      errorTitle={m.loadPartnershipsFailed}
      count={(data) => plural(data.total, 'solicitação encontrada', 'solicitações encontradas')}
      detail={<PartnershipDialog request={selected} onClose={() => setOpenId(null)} />}
    >
      {(data) => (
        <DataTable
          look="queue"
          caption="Solicitações de parceria"
          columns={columns}
          data={data.partnerships}
          empty={m.noPartnerships}
          pager={{ page: data.page, pageSize: data.pageSize, total: data.total, hrefFor: list.pageHref }}
        />
      )}
    </StaffTab>
  );
}

function PartnershipDialog({ request, onClose }: { request: StaffPartnership | null; onClose: () => void }) {
  const notesId = useId();
  const [notes, setNotes] = useState('');
  const [forId, setForId] = useState<number | null>(null);
  const decide = useDecidePartnership();
  if (request && forId !== request.id) {
    setForId(request.id);
    setNotes(request.adminNotes ?? '');
  }
  const onDecide = (decision: 'approved' | 'rejected') =>
    request &&
    decide.mutate(
      { id: request.id, decision, notes },
      {
        onSuccess: () => {
          toast.success(decision === 'approved' ? m.partnershipApproved : m.partnershipRejected);
          onClose();
        },
        onError: (error) => toast.error(m.updatePartnershipFailed, { description: error.message }),
      },
    );

  return (
    <DetailDialog
      item={request}
      onClose={onClose}
      title={(request) => request.companyName}
      description={(request) => (
        <>
          {partnershipTypeLabels[request.partnershipType]} · {request.contactName} ({request.contactEmail}
          {request.contactPhone && `, ${request.contactPhone}`}) · {formatDateTimeBrasilia(request.createdAt)}
        </>
      )}
      actions={(request) => (
        <>
          {request.status === 'pending' && (
            <>
              <Button busy={decide.isPending} onClick={() => onDecide('approved')}>
                Aprovar
              </Button>
              <Button variant="danger" busy={decide.isPending} onClick={() => onDecide('rejected')}>
                Rejeitar
              </Button>
            </>
          )}
        </>
      )}
    >
      {(request) => (
        <>
          <p className="mt-4 max-h-48 overflow-y-auto rounded-lg bg-surface p-3 text-sm whitespace-pre-wrap text-fg">
            {request.description}
          </p>
          {request.status === 'pending' ? (
            <div className="mt-4 grid gap-2">
              <label htmlFor={notesId} className="text-sm font-medium text-fg">
                Observações (enviadas ao solicitante)
              </label>
              <Textarea id={notesId} rows={4} value={notes} onChange={(e) => setNotes(e.target.value)} />
            </div>
          ) : (
            <div className="mt-4 text-sm">
              <p className="font-medium text-fg">
                {partnershipStatusLabels[request.status]}
                {request.reviewedByName && ` por ${request.reviewedByName}`}
                {request.reviewedAt && ` em ${formatDateTimeBrasilia(request.reviewedAt)}`}
              </p>
              {request.adminNotes && (
                <p className="mt-1 whitespace-pre-wrap text-muted">{request.adminNotes}</p>
              )}
            </div>
          )}
        </>
      )}
    </DetailDialog>
  );
}
