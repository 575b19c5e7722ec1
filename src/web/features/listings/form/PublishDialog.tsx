import { listingMessages as m } from '@shared/listing-messages';
import { paths } from '@shared/paths';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { toast } from '@web/lib/toast';
import { useNavigate } from 'react-router';
import { usePublishListing } from '../api';
import { publishedState } from '../detail/PublishedNotice';
import { ListingForm } from './ListingForm';
import { toastSaveError } from './save-errors';

export interface PublishDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Publicar Item/Conta' from the Serviços menu; after publishing, the new listing with its 'Compartilhar'. */
export default function PublishDialog({ open, onOpenChange }: PublishDialogProps) {
  const publish = usePublishListing();
  const navigate = useNavigate();

  return (
    <Dialog
      open={open}
      // Closing mid-upload would hide the progress of a publish that still completes.
      onOpenChange={(next) => (next || !publish.isPending) && onOpenChange(next)}
    >
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-2xl! overflow-y-auto">
        <DialogTitle className="font-display tracking-wide">Publicar Item/Conta</DialogTitle>
        <DialogDescription>Preencha as informações do produto que deseja negociar.</DialogDescription>
        <div className="mt-6">
          <ListingForm
            submitLabel="Publicar Item"
            pendingLabel="Publicando..."
            onCancel={() => onOpenChange(false)}
            onSubmit={async (body, onProgress) => {
              const saved = await publish.mutateAsync({ body, onProgress });
              toast.success(m.publishedTitle, { description: m.published });
              onOpenChange(false);
              navigate(paths.listing(saved.id), { state: publishedState });
            }}
            onError={(error) => toastSaveError(error, 'Erro ao publicar')}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
