import { listingMessages as m } from '@shared/listing-messages';
import { Button, type ButtonSize, type ButtonVariant } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useDeleteListing } from '../api';

export interface DeleteListingDialogProps {
  listing: { id: number; title: string };
  /** After the listing is gone (the edit page leaves for the profile). */
  onDeleted?: () => void;
  variant?: ButtonVariant;
  size?: ButtonSize;
}

function failureTitle(error: unknown): string {
  if (isApiError(error) && error.status === 401) return m.deleteAuthTitle;
  if (isApiError(error) && error.status === 403) return m.deleteForbiddenTitle;
  return m.deleteFailedTitle;
}

/** 'Excluir' and its confirmation; the dialog stays open, busy, until the server answered. */
export function DeleteListingDialog({
  listing,
  onDeleted,
  variant = 'ghost',
  size = 'sm',
}: DeleteListingDialogProps) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteListing();

  const confirm = () =>
    remove.mutate(listing.id, {
      onSuccess: () => {
        toast.success(m.publishedTitle, { description: m.deleted });
        setOpen(false);
        onDeleted?.();
      },
      onError: (error) => {
        toast.error(failureTitle(error), {
          description: isApiError(error) && error.isClientError ? error.message : m.deleteFailed,
        });
      },
    });

  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button
          variant={variant}
          size={size}
          busy={remove.isPending}
          className={variant === 'ghost' ? 'text-danger! hover:bg-danger/10!' : undefined}
        >
          {!remove.isPending && <Trash2 aria-hidden />}
          Excluir
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Excluir publicação?</DialogTitle>
        <DialogDescription>
          “{listing.title}” será removida do marketplace. Esta ação não pode ser desfeita.
        </DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={remove.isPending} onClick={() => setOpen(false)}>
            Cancelar
          </Button>
          <Button variant="danger" busy={remove.isPending} onClick={confirm}>
            {remove.isPending ? 'Excluindo...' : 'Excluir'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
