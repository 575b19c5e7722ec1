import { listingMessages } from '@shared/listing-messages';
import { resumeActions } from '@shared/return-path';
import { useGoToLogin, useResumeAction } from '@web/features/accounts/return-path';
import { toast } from '@web/lib/toast';
import { useToggleFavorite } from './api';

/**
 * A guest who pressed a card's heart signed in and came back ('?acao=favoritar&anuncio=12'): the favourite is saved
 * now, as it was asked. AppLayout loads this only while the address asks for it.
 */
export default function ResumeFavorite(): null {
  const goToLogin = useGoToLogin();
  const toggle = useToggleFavorite(() => goToLogin(resumeActions.favorite));
  useResumeAction(resumeActions.favorite, (listingId) => {
    if (listingId === null) return;
    // A promise, not mutate's callbacks: this unmounts as soon as the address drops the request.
    toggle.mutateAsync({ listingId, favorite: true }).then(
      () => toast.success(listingMessages.favoriteSaved),
      () => undefined, // the hook's onError already said why
    );
  });
  return null;
}
