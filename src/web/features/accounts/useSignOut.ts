import { toast } from '@web/lib/toast';
import { useNavigate } from 'react-router';
import { loadAccountMessages } from './messages';
import { useLogout } from './mutations';

/** Signs out, shows 'Logout realizado' / 'Até logo!' and goes to `to` ('/' from the menu, '/inicio' from the drawer). */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();

  const signOut = (to: '/' | '/inicio') => {
    const messages = loadAccountMessages();
    logout.mutate(undefined, {
      onSuccess: async () => {
        const { signOutTitle, signOutDetail } = await messages;
        toast.success(signOutTitle, { description: signOutDetail });
        navigate(to);
      },
      onError: (error) => {
        toast.error(error.message);
      },
    });
  };

  return { signOut, isPending: logout.isPending };
}
