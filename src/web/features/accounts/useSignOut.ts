import { accountMessages } from '@shared/account-messages';
import { toast } from '@web/lib/toast';
import { useNavigate } from 'react-router';
import { useLogout } from './mutations';

/** Signs out, shows 'Logout realizado' / 'Até logo!' and goes to `to` ('/' from the menu, '/inicio' from the drawer). */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();

  const signOut = (to: '/' | '/inicio') => {
    logout.mutate(undefined, {
      onSuccess: () => {
        toast.success(accountMessages.signOutTitle, { description: accountMessages.signOutDetail });
        navigate(to);
      },
      onError: (error) => {
        toast.error(error.message);
      },
    });
  };

  return { signOut, isPending: logout.isPending };
}
