import { listingMessages as m } from '@shared/listing-messages';
import { paths } from '@shared/paths';
import { resumeActions } from '@shared/return-path';
import { tradeMessages } from '@shared/trade-messages';
import { useMe } from '@web/features/accounts/api';
import { useGoToLogin } from '@web/features/accounts/return-path';
import { isApiError } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useNavigate } from 'react-router';
import { useListingContact } from '../api';

export type BuyNow = ReturnType<typeof useBuyNow>;

/**
 * Opening a protected trade (the trades' `useStartTrade`), handed in by the listing page: trades read listings
 * (the product picker, the stock after a release), so listings import nothing of trades.
 */
export interface StartTrade {
  mutateAsync: (listingId: number) => Promise<{ id: number }>;
  isPending: boolean;
}

/**
 * 'Comprar agora' (part 1 §6, §8) offers two ways. The protected purchase opens a trade at the listing's price and
 * goes to its room. The WhatsApp contact: guests are asked to log in; a signed-in user gets the seller's WhatsApp,
 * opened in a new tab and also kept on the page (the new tab may be blocked as a pop-up).
 */
export function useBuyNow(listingId: number, start: StartTrade) {
  const me = useMe();
  const contact = useListingContact(listingId);
  const navigate = useNavigate();
  const goToLogin = useGoToLogin();

  // 'Entrar' comes back here with the buy choice open again (BuyBox resumes it).
  const askToLogIn = (description: string) =>
    toast.error(m.loginRequiredTitle, {
      description,
      action: { label: 'Entrar', onClick: () => goToLogin(resumeActions.buy) },
    });

  const contactSeller = () => {
    if (me.data === null) return askToLogIn(m.contactLoginRequired);
    if (contact.data) return openWhatsapp(contact.data.url);
    contact.mutate(undefined, {
      onSuccess: ({ url }) => openWhatsapp(url),
      onError: (error) => {
        if (isApiError(error) && error.status === 401) askToLogIn(m.contactLoginRequired);
        // The seller was suspended while the page was open (decision 023): the server's message says so.
        else if (isApiError(error) && error.code === 'LISTING_UNAVAILABLE')
          toast.error(m.unavailable, { description: error.message });
        else if (isApiError(error) && error.status === 404)
          toast.error(m.contactUnavailableTitle, { description: m.contactUnavailable });
        else toast.error('Erro', { description: m.contactFailed });
      },
    });
  };

  /** Resolves true when the trade opened (the page is on its way to the room). */
  const buyProtected = (): Promise<boolean> => {
    if (me.data === null) {
      askToLogIn(tradeMessages.loginRequired);
      return Promise.resolve(false);
    }
    return start.mutateAsync(listingId).then(
      ({ id }) => {
        toast.success(tradeMessages.started);
        navigate(paths.trade(id));
        return true;
      },
      (error: unknown) => {
        if (isApiError(error) && error.status === 401) askToLogIn(tradeMessages.loginRequired);
        else
          toast.error(tradeMessages.startFailedTitle, {
            description: isApiError(error) && error.isClientError ? error.message : tradeMessages.startFailed,
          });
        return false;
      },
    );
  };

  return {
    contactSeller,
    buyProtected,
    contactBusy: contact.isPending,
    protectedBusy: start.isPending,
    contact: contact.data ?? null,
  };
}

function openWhatsapp(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}
