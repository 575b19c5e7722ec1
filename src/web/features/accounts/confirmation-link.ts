import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/toast';
import type { Location, NavigateFunction } from 'react-router';
import { accountKeys } from './api';
import { loadAccountMessages } from './messages';

/** See useConfirmationToast. */
export async function handleConfirmationLink(
  location: Location,
  navigate: NavigateFunction,
  queryClient: QueryClient,
): Promise<void> {
  const params = new URLSearchParams(location.search);
  const confirmed = params.get('confirmado') === '1';
  const error = location.pathname === '/home' ? params.get('error') : null;
  const badLink = error !== null && /token/i.test(error);
  if (!confirmed && !badLink) return;

  params.delete('confirmado');
  if (badLink) params.delete('error');
  const search = params.toString();
  navigate(
    { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
    { replace: true },
  );

  const messages = await loadAccountMessages();
  if (badLink) {
    toast.error(messages.confirmationLinkInvalid);
  } else {
    void queryClient.invalidateQueries({ queryKey: accountKeys.me });
    toast.success(messages.emailConfirmed, { description: messages.emailConfirmedDetail });
  }
}
