import { type StaffReport, type SuspensionPenalty, suspensionPenalties } from '@shared/moderation';
import { moderationMessages as m, penaltyLabels, reportStatusLabels } from '@shared/moderation-messages';
import { paths } from '@shared/paths';
import { plural } from '@shared/plural';
import { reportReasonLabels } from '@shared/report-reasons';
import { reportStatuses, reportTargetLabels, reportTargets } from '@shared/reports';
import { Button } from '@web/components/ui/button';
import { DataTable, tableColumns } from '@web/components/ui/data-table';
import { FilterSelect } from '@web/components/ui/filter-select';
import { Textarea } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { DetailDialog, StaffTab, viewColumn } from '@web/components/ui/staff-tab';
import { StatusBadge } from '@web/components/ui/status-badge';
import { formatDateTimeBrasilia } from '@web/lib/format';
import { oneOf, useListParams } from '@web/lib/list-params';
import { toast } from '@web/lib/toast';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  reportsExportHref,
  useDecideReport,
  useRemoveReportTarget,
  useStaffReports,
  useSuspendUser,
} from './api';

const tones = { pendente: 'warn', em_analise: 'info', resolvida: 'ok', rejeitada: 'bad' } as const;
const column = tableColumns<StaffReport>();
const reasonLabel = (reason: string) =>
  reportReasonLabels[reason as keyof typeof reportReasonLabels] ?? reason;
const targetPath = (r: StaffReport) =>
  r.targetType === 'listing'
    ? paths.listing(r.targetId)
    : r.targetType === 'post'
      ? paths.post(r.targetId)
      : r.targetPath;
/** A reported comment: its text is the report's target name (kept when the comment is deleted). */
const isComment = (r: StaffReport) => r.targetType === 'listing_comment' || r.targetType === 'post_comment';

/** Denúncias (moderators and admins): reports of listings, users and posts; decide, remove, penalise. */
export function ReportsTab() {
  const list = useListParams<'status' | 'tipo'>();
  const status = oneOf(reportStatuses, list.get('status'));
  const targetType = oneOf(reportTargets, list.get('tipo'));
  const query = { status, targetType, q: list.search || undefined, page: list.page };
  const reports = useStaffReports(query);
  const [openId, setOpenId] = useState<number | null>(null);
  const selected = reports.data?.reports.find((r) => r.id === openId) ?? null;

  const columns = [
    column.accessor('targetType', { header: 'Tipo', cell: ({ getValue }) => reportTargetLabels[getValue()] }),
    column.accessor('targetName', {
      header: 'Alvo',
      cell: ({ row: { original: r } }) => (
        <div className="max-w-64">
          <p className="truncate font-medium">{r.targetName}</p>
          {!r.targetExists && <p className="text-xs text-muted">Removido</p>}
        </div>
      ),
    }),
    column.accessor('reason', { header: 'Motivo', cell: ({ getValue }) => reasonLabel(getValue()) }),
    column.accessor('reporterName', { header: 'Denunciante' }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => <StatusBadge label={reportStatusLabels[getValue()]} tone={tones[getValue()]} />,
    }),
    column.accessor('createdAt', {
      header: 'Data (Brasília)',
      cell: ({ getValue }) => formatDateTimeBrasilia(getValue()),
    }),
    viewColumn<StaffReport>(
      (r) => `Ver denúncia: ${r.targetName}`,
      (row) => setOpenId(row.id),
    ),
  ];

  return (
    <StaffTab
      title="Denúncias"
      search={{
        label: 'Buscar denúncias',
        placeholder: 'Denunciante, denunciado, e-mail, título ou nº',
        value: list.search,
        onChange: list.setSearch,
      }}
      exportHref={reportsExportHref(query)}
      actions={
        <div className="flex flex-wrap gap-3">
          <FilterSelect
            label="Tipo"
            value={targetType}
            allLabel="Todos"
            options={reportTargets.map((value) => ({ value, label: reportTargetLabels[value] }))}
            onChange={(value) => list.set('tipo', value)}
          />
          <FilterSelect
            label="Status"
            value={status}
            allLabel="Todos"
            options={reportStatuses.map((value) => ({ value, label: reportStatusLabels[value] }))}
            onChange={(value) => list.set('status', value)}
          />
        </div>
      }
      query={reports}
      loading="Carregando denúncias..."
      errorTitle={m.loadReportsFailed}
      count={(data) => plural(data.total, 'denúncia encontrada', 'denúncias encontradas')}
      detail={<ReportDetailDialog report={selected} onClose={() => setOpenId(null)} />}
    >
      {(data) => (
        <DataTable
          look="queue"
          caption="Denúncias"
          columns={columns}
          data={data.reports}
          empty={m.noReports}
          pager={{ page: data.page, pageSize: data.pageSize, total: data.total, hrefFor: list.pageHref }}
        />
      )}
    </StaffTab>
  );
}

function ReportDetailDialog({ report, onClose }: { report: StaffReport | null; onClose: () => void }) {
  const id = useId();
  const [reply, setReply] = useState('');
  const [penalty, setPenalty] = useState<SuspensionPenalty>('advertencia');
  const [penaltyReason, setPenaltyReason] = useState('');
  const [forId, setForId] = useState<number | null>(null);
  const decide = useDecideReport();
  const remove = useRemoveReportTarget();
  const suspend = useSuspendUser();
  if (report && forId !== report.id) {
    setForId(report.id);
    setReply(report.adminResponse ?? '');
    setPenalty('advertencia');
    setPenaltyReason('');
  }
  const onError = (error: Error) => toast.error(m.updateReportFailed, { description: error.message });
  const closed = report?.status === 'resolvida' || report?.status === 'rejeitada';
  const path = report && targetPath(report);

  const onDecide = (status: 'em_analise' | 'resolvida' | 'rejeitada') =>
    report &&
    decide.mutate(
      { id: report.id, status, response: reply },
      {
        onSuccess: () => {
          toast.success(m.reportUpdated);
          if (status !== 'em_analise') onClose();
        },
        onError,
      },
    );

  return (
    <DetailDialog
      item={report}
      onClose={onClose}
      title={(report) => (
        <>Denúncia: {isComment(report) ? reportTargetLabels[report.targetType] : report.targetName}</>
      )}
      description={(report) => (
        <>
          {reportTargetLabels[report.targetType]} · {reasonLabel(report.reason)} · por {report.reporterName}{' '}
          em {formatDateTimeBrasilia(report.createdAt)}
        </>
      )}
    >
      {(report) => (
        <>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">Status</dt>
            <dd>{reportStatusLabels[report.status]}</dd>
            {report.handledByName && (
              <>
                <dt className="text-muted">Responsável</dt>
                <dd>{report.handledByName}</dd>
              </>
            )}
            {isComment(report) && (
              <>
                <dt className="text-muted">Comentário</dt>
                <dd className="whitespace-pre-wrap break-words">{report.targetName}</dd>
              </>
            )}
            <dt className="text-muted">Conteúdo</dt>
            <dd>
              {!report.targetExists ? (
                m.targetGone
              ) : path ? (
                <Link to={path} target="_blank" className="text-accent underline">
                  Abrir {reportTargetLabels[report.targetType].toLowerCase()}
                </Link>
              ) : (
                'Usuário ativo'
              )}
            </dd>
          </dl>
          {report.details && (
            <p className="mt-3 rounded-lg bg-surface p-3 text-sm whitespace-pre-wrap text-fg">
              {report.details}
            </p>
          )}
          <div className="mt-4 grid gap-2">
            <label htmlFor={`${id}-reply`} className="text-sm font-medium text-fg">
              Resposta ao denunciante
            </label>
            <Textarea
              id={`${id}-reply`}
              rows={3}
              value={reply}
              readOnly={closed}
              onChange={(e) => setReply(e.target.value)}
            />
          </div>
          {!closed && (
            <div className="mt-3 flex flex-wrap justify-end gap-2">
              {report.status === 'pendente' && (
                <Button variant="secondary" busy={decide.isPending} onClick={() => onDecide('em_analise')}>
                  Iniciar análise
                </Button>
              )}
              <Button
                variant="danger"
                disabled={reply.trim() === ''}
                busy={decide.isPending}
                onClick={() => onDecide('rejeitada')}
              >
                Rejeitar
              </Button>
              <Button
                disabled={reply.trim() === ''}
                busy={decide.isPending}
                onClick={() => onDecide('resolvida')}
              >
                Resolver
              </Button>
            </div>
          )}
          {report.targetExists && (report.targetType === 'listing' || report.targetType === 'post') && (
            <div className="mt-5 border-t border-line pt-4">
              <Button
                variant="danger"
                size="sm"
                busy={remove.isPending}
                onClick={() => {
                  const what = report.targetType === 'listing' ? 'este anúncio' : 'este post';
                  if (!window.confirm(`Tem certeza que deseja remover ${what}?`)) return;
                  remove.mutate(
                    { type: report.targetType as 'listing' | 'post', id: report.targetId },
                    { onSuccess: () => toast.success(m.targetRemoved), onError },
                  );
                }}
              >
                {report.targetType === 'listing' ? 'Remover anúncio' : 'Remover post'}
              </Button>
            </div>
          )}
          {report.targetUserId && (
            <fieldset className="mt-5 grid gap-2 border-t border-line pt-4">
              <legend className="float-left mb-1 text-sm font-medium text-fg">
                Penalidade ao usuário denunciado
              </legend>
              <Link to={paths.adminMember(report.targetUserId)} className="text-sm text-accent underline">
                Abrir a página do membro (histórico e penalidades)
              </Link>
              <label htmlFor={`${id}-penalty`} className="text-sm text-muted">
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
              <label htmlFor={`${id}-penalty-reason`} className="text-sm text-muted">
                Motivo da penalidade
              </label>
              <Textarea
                id={`${id}-penalty-reason`}
                rows={2}
                value={penaltyReason}
                onChange={(e) => setPenaltyReason(e.target.value)}
              />
              <div className="flex justify-end">
                <Button
                  variant="danger"
                  size="sm"
                  disabled={penaltyReason.trim() === ''}
                  busy={suspend.isPending}
                  onClick={() =>
                    report.targetUserId &&
                    suspend.mutate(
                      { userId: report.targetUserId, penalty, reason: penaltyReason, reportId: report.id },
                      {
                        onSuccess: () => {
                          toast.success(m.userSuspended);
                          setPenaltyReason('');
                        },
                        onError,
                      },
                    )
                  }
                >
                  Aplicar penalidade
                </Button>
              </div>
            </fieldset>
          )}
        </>
      )}
    </DetailDialog>
  );
}
