import { feedbackStatuses } from '@shared/feedback';
import { feedbackRatingLabels, feedbackTypeLabels } from '@shared/support-messages';
import {
  feedbackCountText,
  feedbackFilterLabels,
  feedbackStatusLabels,
  staffQueueMessages as m,
  priorityLabel,
} from '@shared/support-queue-messages';
import type { StaffFeedback } from '@shared/support-queues';
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
import { queueExportHref, useResolveFeedback, useRespondFeedback, useStaffFeedback } from './api';

const tones = { pending: 'warn', responded: 'info', resolved: 'ok' } as const;
const column = tableColumns<StaffFeedback>();

/** Feedback (part 2 §2 'Feedback tab', §4, §8): moderators and admins answer what /enviar-feedback sent. */
export function FeedbackTab() {
  const list = useListParams<'status'>();
  const status = oneOf(feedbackStatuses, list.get('status'));
  const query = { status, q: list.search || undefined, page: list.page };
  const feedback = useStaffFeedback(query);
  const [openId, setOpenId] = useState<number | null>(null);
  const selected = feedback.data?.feedback.find((f) => f.id === openId) ?? null;

  const columns = [
    column.accessor('userEmail', {
      header: 'Usuário',
      cell: ({ row: { original: f } }) =>
        f.userName ? (
          <div>
            <p className="font-medium">{f.userName}</p>
            <p className="text-xs text-muted">{f.userEmail}</p>
          </div>
        ) : (
          <p className="font-medium">{f.userEmail}</p>
        ),
    }),
    column.accessor('subject', {
      header: 'Assunto',
      cell: ({ getValue }) => <p className="max-w-72 truncate">{getValue()}</p>,
    }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ getValue }) => (
        <StatusBadge label={feedbackStatusLabels[getValue()]} tone={tones[getValue()]} />
      ),
    }),
    column.accessor('priority', { header: 'Prioridade', cell: ({ getValue }) => priorityLabel(getValue()) }),
    column.accessor('createdAt', {
      header: 'Data (Brasília)',
      cell: ({ getValue }) => formatDateTimeBrasilia(getValue()),
    }),
    viewColumn<StaffFeedback>(
      (f) => `Ver feedback: ${f.subject}`,
      (row) => setOpenId(row.id),
    ),
  ];

  return (
    <StaffTab
      title="Feedback dos usuários"
      search={{
        label: 'Buscar feedback',
        placeholder: 'Nome, e-mail, assunto ou nº',
        value: list.search,
        onChange: list.setSearch,
      }}
      exportHref={queueExportHref.feedback(query)}
      actions={
        <FilterSelect
          label="Status"
          value={status}
          allLabel={feedbackFilterLabels.all}
          options={feedbackStatuses.map((value) => ({ value, label: feedbackFilterLabels[value] }))}
          onChange={(value) => list.set('status', value)}
        />
      }
      query={feedback}
      loading={m.feedbackLoading}
      errorTitle={m.loadFeedbackFailed}
      count={(data) => feedbackCountText(data.total)}
      detail={<FeedbackDialog feedback={selected} onClose={() => setOpenId(null)} />}
    >
      {(data) => (
        <DataTable
          look="queue"
          caption="Feedback dos usuários"
          columns={columns}
          data={data.feedback}
          empty={m.noFeedback}
          pager={{ page: data.page, pageSize: data.pageSize, total: data.total, hrefFor: list.pageHref }}
        />
      )}
    </StaffTab>
  );
}

function FeedbackDialog({ feedback, onClose }: { feedback: StaffFeedback | null; onClose: () => void }) {
  const replyId = useId();
  const [reply, setReply] = useState('');
  const [forId, setForId] = useState<number | null>(null);
  const respond = useRespondFeedback();
  const resolve = useResolveFeedback();
  // §4: opening a feedback pre-fills the reply box with the existing reply, or empty.
  if (feedback && forId !== feedback.id) {
    setForId(feedback.id);
    setReply(feedback.adminResponse ?? '');
  }
  // §8: on failure the dialog stays open; on success it closes and the list reloads (the mutation invalidates it).
  const onError = () => toast.error(m.updateFeedbackFailedTitle, { description: m.updateFeedbackFailed });
  const onSuccess = () => {
    toast.success(m.feedbackUpdatedTitle, { description: m.feedbackUpdated });
    onClose();
  };
  const blank = reply.trim() === '';
  const closed = feedback?.status === 'resolved';

  return (
    <DetailDialog
      item={feedback}
      onClose={onClose}
      title={() => 'Detalhes do feedback'}
      description={(feedback) => (
        <>
          {feedbackTypeLabels[feedback.feedbackType]} · {feedback.rating}/5 (
          {feedbackRatingLabels[feedback.rating] ?? feedback.rating})
        </>
      )}
      actions={(feedback) => (
        <>
          {!closed && (
            <>
              <Button
                disabled={blank}
                busy={respond.isPending}
                onClick={() => {
                  if (blank) return;
                  respond.mutate({ id: feedback.id, response: reply }, { onSuccess, onError });
                }}
              >
                Responder
              </Button>
              <Button
                variant="secondary"
                busy={resolve.isPending}
                onClick={() => resolve.mutate(feedback.id, { onSuccess, onError })}
              >
                Marcar como Resolvido
              </Button>
            </>
          )}
        </>
      )}
    >
      {(feedback) => (
        <>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">Nome</dt>
            <dd>{feedback.userName ?? m.notInformed}</dd>
            <dt className="text-muted">E-mail</dt>
            <dd className="break-all">{feedback.userEmail}</dd>
            <dt className="text-muted">Status</dt>
            <dd>{feedbackStatusLabels[feedback.status]}</dd>
            <dt className="text-muted">Prioridade</dt>
            <dd>{priorityLabel(feedback.priority)}</dd>
            <dt className="text-muted">Data</dt>
            <dd>{formatDateTimeBrasilia(feedback.createdAt)}</dd>
            {feedback.browser && (
              <>
                <dt className="text-muted">Navegador</dt>
                <dd>{feedback.browser}</dd>
              </>
            )}
            {feedback.device && (
              <>
                <dt className="text-muted">Dispositivo</dt>
                <dd>{feedback.device}</dd>
              </>
            )}
            <dt className="text-muted">Assunto</dt>
            <dd>{feedback.subject}</dd>
          </dl>
          <p className="mt-3 text-sm font-medium text-fg">Mensagem</p>
          <p className="mt-1 max-h-48 overflow-y-auto rounded-lg bg-surface p-3 text-sm whitespace-pre-wrap text-fg">
            {feedback.message}
          </p>
          <div className="mt-4 grid gap-2">
            <label htmlFor={replyId} className="text-sm font-medium text-fg">
              Resposta
            </label>
            <Textarea
              id={replyId}
              rows={4}
              value={reply}
              readOnly={closed}
              onChange={(e) => setReply(e.target.value)}
            />
          </div>
        </>
      )}
    </DetailDialog>
  );
}
