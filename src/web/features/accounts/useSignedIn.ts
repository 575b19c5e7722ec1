import { paths } from '@shared/paths';
import { useMe } from '@web/features/accounts/api';
import { toast } from '@web/lib/toast';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

export interface GuestNotice {
  title: string;
  description: string;
}

/**
 * For pages only signed-in users may see: a guest is sent to /login (after `notice`, when given).
 * Returns the `me` query; render the page once `me.data` is set.
 */
export function useSignedIn(notice?: GuestNotice) {
  const me = useMe();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sent = useRef(false);

  useEffect(() => {
    if (me.data !== null || sent.current) return;
    // A page being left sends no one anywhere: the address has already changed while the next page's code loads
    // (signing out or deleting the account goes on to '/' itself, and `me` may answer null before it lands).
    if (new URL(pathname, window.location.origin).pathname !== window.location.pathname) return;
    sent.current = true;
    if (notice) toast.error(notice.title, { description: notice.description });
    navigate(paths.login, { replace: true });
  }, [me.data, notice, navigate, pathname]);

  return me;
}
