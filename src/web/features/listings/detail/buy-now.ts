import { listingMessages as m } from '@shared/listing-messages';
import { useMe } from '@web/features/accounts/api';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useNavigate } from 'react-router';
import { useListingContact } from '../api';

export type BuyNow = ReturnType<typeof useBuyNow>;

/**
 * 'Comprar agora' (part 1 §6, §8): guests are asked to log in; a signed-in user gets the seller's WhatsApp,
 * opened in a new tab and also kept on the page (the new tab may be blocked as a pop-up).
 */
export function useBuyNow(listingId: number) {
  const me = useMe();
  const contact = useListingContact(listingId);
  const navigate = useNavigate();

  const askToLogIn = () =>
    toast.error(m.loginRequiredTitle, {
      description: m.contactLoginRequired,
      action: { label: 'Entrar', onClick: () => navigate('/login') },
    });

  const buy = () => {
    if (me.data === null) return askToLogIn();
    if (contact.data) return openWhatsapp(contact.data.url);
    contact.mutate(undefined, {
      onSuccess: ({ url }) => openWhatsapp(url),
      onError: (error) => {
        if (isApiError(error) && error.status === 401) askToLogIn();
        else if (isApiError(error) && error.status === 404)
          toast.error(m.contactUnavailableTitle, { description: m.contactUnavailable });
        else toast.error('Erro', { description: m.contactFailed });
      },
    });
  };

  return { buy, busy: contact.isPending, contact: contact.data ?? null };
}

function openWhatsapp(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}
