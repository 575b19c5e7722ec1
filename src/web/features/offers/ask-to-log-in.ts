import { offerMessages as m } from '@shared/offer-messages';
import { resumeActions } from '@shared/return-path';
import { useGoToLogin } from '@web/features/accounts/return-path';
import { toast } from '@web/lib/toast';

/**
 * The toast that asks a visitor to log in before an offer, with a button to the login page, which comes back here
 * with the offer dialog open again.
 */
export function useAskToLogIn() {
  const goToLogin = useGoToLogin();
  return () =>
    toast.error(m.loginRequiredTitle, {
      description: m.loginRequired,
      action: { label: 'Entrar', onClick: () => goToLogin(resumeActions.offer) },
    });
}
