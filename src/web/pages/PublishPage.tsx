import { listingMessages as m } from '@shared/listing-messages';
import { paths } from '@shared/paths';
import { useSignedIn } from '@web/features/accounts/useSignedIn';
import { usePublishListing } from '@web/features/listings/api';
import { publishedState } from '@web/features/listings/detail/PublishedNotice';
import { FormFrame, useGoBack } from '@web/features/listings/form/FormFrame';
import { ListingForm } from '@web/features/listings/form/ListingForm';
import { toastSaveError } from '@web/features/listings/form/save-errors';
import { toast } from '@web/lib/toast';
import { PageFallback } from '@web/shell/PageFallback';
import { PackagePlus } from 'lucide-react';
import { useNavigate } from 'react-router';

const guestNotice = { title: m.accessDeniedTitle, description: m.accessDenied };

/**
 * '/publicar-produto' and '/publish': the publish form as a page. After publishing, the new listing with its
 * 'Compartilhar' (the spec went to the marketplace; issue 34 lands the seller where they can share it).
 */
export default function PublishPage() {
  const me = useSignedIn(guestNotice);
  const publish = usePublishListing();
  const navigate = useNavigate();
  const goBack = useGoBack('/home');

  if (!me.data) return <PageFallback />;

  return (
    <FormFrame
      icon={PackagePlus}
      title="Publicar Produto"
      subtitle="Preencha as informações do produto que deseja negociar."
    >
      <title>Publicar Produto | Mercado Gamer</title>
      <ListingForm
        submitLabel="Publicar Item"
        pendingLabel="Publicando..."
        onCancel={goBack}
        onSubmit={async (body, onProgress) => {
          const saved = await publish.mutateAsync({ body, onProgress });
          // An instant listing starts with no codes, so paused: the seller goes on to add them.
          if (body.get('instantDelivery') === 'true') {
            toast.success(m.publishedTitle, {
              description: 'Adicione os códigos: o anúncio fica pausado até ter estoque.',
            });
            navigate(paths.listingCodes(saved.id));
            return;
          }
          toast.success(m.publishedTitle, { description: m.published });
          navigate(paths.listing(saved.id), { state: publishedState });
        }}
        onError={(error) => toastSaveError(error, 'Erro ao publicar')}
      />
    </FormFrame>
  );
}
