import { communityMessages } from '@shared/community-messages';
import { moderationMessages } from '@shared/moderation-messages';
import { reportReasonLabels, reportReasons } from '@shared/report-reasons';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { fieldClasses } from '@web/components/ui/input';
import { isApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { toast } from '@web/lib/toast';
import { type FormEvent, useId, useState } from 'react';
import { type ReportTarget, useSendReport } from './api';

type Reason = (typeof reportReasons)[number];
const MAX_DETAILS = 1000;

/** The words of the dialog: a post's or a comment's (the forum's) and a listing's or a user's (the listing page's). */
const copy = {
  post: {
    description: 'Conte o que há de errado. Nossa equipe analisa cada denúncia.',
    details: 'Detalhes',
    placeholder: 'Explique o problema, se quiser.',
    sent: communityMessages.reportSent,
    failed: communityMessages.reportFailed,
  },
  listingOrUser: {
    description: 'Conte o que há de errado. Nossa equipe analisa cada denúncia em até 48 horas úteis.',
    details: 'Descrição',
    placeholder: 'Explique o problema.',
    sent: moderationMessages.reportSent,
    failed: moderationMessages.reportFailed,
  },
};

/**
 * The report form behind ReportDialog's button (loaded with Radix when first pressed): a reason from the list and
 * optional details, sent to the staff's queue (the Denúncias tab).
 */
export default function ReportFormDialog({
  target,
  title,
  open,
  onOpenChange: setOpen,
}: {
  target: ReportTarget;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState<Reason | null>(null);
  const [details, setDetails] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const report = useSendReport(target);
  const m =
    target.type === 'post' || target.type === 'post_comment' || target.type === 'listing_comment'
      ? copy.post
      : copy.listingOrUser;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissingReason(true);
      return;
    }
    const text = details.trim();
    report.mutate(
      { reason, details: text || undefined },
      {
        onSuccess: () => {
          toast.success(m.sent);
          setOpen(false);
          setReason(null);
          setDetails('');
        },
        onError: (error) => {
          if (isApiError(error) && error.isClientError) {
            toast.error(error.message);
            // Already reported or not allowed: nothing more to do in this dialog.
            if (error.status === 403 || error.status === 409) setOpen(false);
          } else toast.error(m.failed);
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !report.isPending && setOpen(next)}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{m.description}</DialogDescription>
        <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-5">
          <fieldset
            aria-describedby={missingReason && !reason ? `${id}-reason-error` : undefined}
            className="flex flex-col gap-2"
          >
            <legend className="mb-2 text-sm font-medium text-fg">Motivo</legend>
            {reportReasons.map((value) => (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg border px-3.5 py-2.5 text-sm transition-colors',
                  reason === value
                    ? 'border-accent/60 bg-accent-soft text-fg'
                    : 'border-line bg-surface-2 text-muted hover:border-line-strong hover:text-fg',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                  className="size-4 accent-(--color-accent)"
                />
                {reportReasonLabels[value]}
              </label>
            ))}
            {missingReason && !reason && (
              <p id={`${id}-reason-error`} role="alert" className="text-sm text-danger">
                {communityMessages.reportReasonRequired}
              </p>
            )}
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-details`} className="text-sm font-medium text-fg">
              {m.details} <span className="font-normal text-subtle">(opcional)</span>
            </label>
            <textarea
              id={`${id}-details`}
              value={details}
              onChange={(event) => setDetails(event.target.value)}
              rows={3}
              maxLength={MAX_DETAILS}
              placeholder={m.placeholder}
              className={cn(fieldClasses, 'h-auto! resize-y px-3.5 py-2.5')}
            />
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={report.isPending} onClick={() => setOpen(false)}>
              Cancelar
            </Button>
            <Button type="submit" variant="danger" busy={report.isPending}>
              {report.isPending ? 'Enviando...' : 'Enviar denúncia'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
