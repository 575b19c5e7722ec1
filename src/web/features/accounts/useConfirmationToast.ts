import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The e-mail confirmation link signs the user in and lands on `/home?confirmado=1` (or `/home?error=…` when
 * the token is bad). Shows the matching toast once, refreshes `me` and takes the parameter out of the URL.
 * The work (and the account texts) loads only when such a parameter is present.
 */
export function useConfirmationToast(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const handledKey = useRef<string | null>(null);

  useEffect(() => {
    if (!/[?&](confirmado|error)=/.test(location.search) || handledKey.current === location.key) return;
    handledKey.current = location.key;
    void import('./confirmation-link').then(({ handleConfirmationLink }) =>
      handleConfirmationLink(location, navigate, queryClient),
    );
  }, [location, navigate, queryClient]);
}
