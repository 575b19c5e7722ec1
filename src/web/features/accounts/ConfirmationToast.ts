import { accountMessages } from '@shared/account-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useDropParams } from '@web/lib/drop-params';
import { toast } from '@web/lib/toast';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { accountKeys } from './api';

/**
 * The e-mail confirmation link signs the user in and lands on `/home?confirmado=1` (or `/home?error=…` when
 * the token is bad). Shows the matching toast once, refreshes `me` and takes the parameter out of the URL. AppLayout
 * loads and mounts it only while the address carries one of those parameters.
 */
export default function ConfirmationToast(): null {
  const location = useLocation();
  const dropParams = useDropParams();
  const queryClient = useQueryClient();
  const handledKey = useRef<string | null>(null);

  useEffect(() => {
    if (handledKey.current === location.key) return;
    const params = new URLSearchParams(location.search);
    const confirmed = params.get('confirmado') === '1';
    const error = location.pathname === '/home' ? params.get('error') : null;
    const badLink = error !== null && /token/i.test(error);
    if (!confirmed && !badLink) return;
    handledKey.current = location.key;

    dropParams(badLink ? ['confirmado', 'error'] : ['confirmado']);

    if (badLink) {
      toast.error(accountMessages.confirmationLinkInvalid);
    } else {
      void queryClient.invalidateQueries({ queryKey: accountKeys.me });
      toast.success(accountMessages.emailConfirmed, { description: accountMessages.emailConfirmedDetail });
    }
  }, [location, dropParams, queryClient]);
  return null;
}
