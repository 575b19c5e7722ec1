import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * Takes parameters out of the address as it is at the moment of the call, in place (no history entry). Two effects
 * that each consume their own parameter on arrival (the confirmation's 'confirmado', a sign-in's 'acao') must not
 * build the new address from the render they saw: the second would put back what the first took out.
 */
export function useDropParams() {
  const navigate = useNavigate();
  return useCallback(
    (names: readonly string[]) => {
      const { pathname, search, hash } = window.location;
      const params = new URLSearchParams(search);
      for (const name of names) params.delete(name);
      const rest = params.toString();
      navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
    },
    [navigate],
  );
}
