import { Button } from '@web/components/ui/button';
import { deferred, useDeferredDialog } from '@web/lib/deferred';
import { Flag } from 'lucide-react';
import type { ReportTarget } from './api';

const form = deferred(() => import('./ReportFormDialog'));

/**
 * 'Denunciar' a post, a listing, a user or a comment: a reason from the list and optional details, sent to the
 * staff's queue (the Denúncias tab). Every report a member makes goes through this dialog; its form loads on the
 * first press.
 */
export function ReportDialog({
  target,
  trigger = 'Denunciar',
  triggerLabel,
  triggerClassName,
  title,
}: {
  target: ReportTarget;
  /** The button's text, e.g. 'Denunciar anúncio'. */
  trigger?: string;
  /** The button's accessible name when its text alone is ambiguous (one 'Denunciar' per comment). */
  triggerLabel?: string;
  triggerClassName?: string;
  title: string;
}) {
  const dialog = useDeferredDialog(form);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={triggerLabel}
        className={triggerClassName}
        pending={dialog.loading}
        {...dialog.triggerProps}
      >
        {!dialog.loading && <Flag aria-hidden />}
        {trigger}
      </Button>
      {dialog.Dialog && (
        <dialog.Dialog target={target} title={title} open={dialog.open} onOpenChange={dialog.setOpen} />
      )}
    </>
  );
}
