import { offerMessages as m } from '@shared/offer-messages';
import { paths } from '@shared/paths';
import { toast } from '@web/lib/toast';
import { useNavigate } from 'react-router';

/** The toast that asks a visitor to log in before an offer, with a button to the login page. */
export function useAskToLogIn() {
  const navigate = useNavigate();
  return () =>
    toast.error(m.loginRequiredTitle, {
      description: m.loginRequired,
      action: { label: 'Entrar', onClick: () => navigate(paths.login) },
    });
}
