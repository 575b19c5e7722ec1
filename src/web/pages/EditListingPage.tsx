import { listingMessages as m } from '@shared/listing-messages';
import { paths } from '@shared/paths';
import { ButtonLink } from '@web/components/ui/button';
import { useSignedIn } from '@web/features/accounts/useSignedIn';
import { useOwnListing, useUpdateListing } from '@web/features/listings/api';
import { FormFrame, useGoBack } from '@web/features/listings/form/FormFrame';
import { ListingForm } from '@web/features/listings/form/ListingForm';
import { toastSaveError } from '@web/features/listings/form/save-errors';
import { instantDeliveryOf } from '@web/features/listings/instant';
import { DeleteListingDialog } from '@web/features/listings/mine/DeleteListingDialog';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { PageFallback } from '@web/shell/PageFallback';
import { KeyRound, Lock, PackageX, Pencil } from 'lucide-react';
import { useNavigate, useParams } from 'react-router';

/** '/listing/:id/editar': the publish form, filled in with the owner's listing. */
export default function EditListingPage() {
  const id = Number(useParams().id);
  const me = useSignedIn();
  const listing = useOwnListing(id, Boolean(me.data));
  const update = useUpdateListing(id);
  const navigate = useNavigate();
  const goBack = useGoBack(paths.listing(id));

  if (!me.data) return <PageFallback />;
  if (listing.isError || !Number.isInteger(id)) {
    const forbidden = isApiError(listing.error) && listing.error.status === 403;
    const missing = !Number.isInteger(id) || (isApiError(listing.error) && listing.error.status === 404);
    return (
      <Problem
        forbidden={forbidden}
        message={forbidden ? m.editForbidden : missing ? m.notFound : m.loadFailed}
      />
    );
  }
  if (!listing.data) return <PageFallback />;

  return (
    <FormFrame
      icon={Pencil}
      title="Editar Produto"
      subtitle="Atualize as informações e as fotos da sua publicação."
      actions={
        <div className="flex flex-wrap gap-2">
          {instantDeliveryOf(listing.data) && (
            <ButtonLink to={paths.listingCodes(id)} variant="secondary">
              <KeyRound aria-hidden />
              Códigos
            </ButtonLink>
          )}
          <DeleteListingDialog
            listing={listing.data}
            variant="secondary"
            onDeleted={() => navigate(paths.profile, { replace: true })}
          />
        </div>
      }
    >
      <title>{`Editar ${listing.data.title} | Mercado Gamer`}</title>
      <ListingForm
        listing={listing.data}
        submitLabel="Salvar Alterações"
        pendingLabel="Salvando..."
        onCancel={goBack}
        onSubmit={async (body, onProgress) => {
          await update.mutateAsync({ body, onProgress });
          toast.success(m.publishedTitle, { description: m.updated });
          navigate(paths.listing(id));
        }}
        onError={(error) => toastSaveError(error, 'Erro ao salvar')}
      />
    </FormFrame>
  );
}

function Problem({ forbidden, message }: { forbidden: boolean; message: string }) {
  const Icon = forbidden ? Lock : PackageX;
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <title>{`${message} | Mercado Gamer`}</title>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-surface-3 text-muted">
        <Icon aria-hidden className="size-7" />
      </span>
      <h1 className="mt-5 font-display text-xl font-bold text-fg sm:text-2xl">{message}</h1>
      <ButtonLink to={paths.profile} className="mt-6">
        Ver minhas publicações
      </ButtonLink>
    </div>
  );
}
