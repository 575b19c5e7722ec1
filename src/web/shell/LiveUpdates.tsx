import { useQueryClient } from '@tanstack/react-query';
import { accountKeys, useMe } from '@web/features/accounts/api';
import { useLiveNotifications } from '@web/features/notifications/live';
import { useLiveTrades } from '@web/features/trades/live';
import { holdRealtime, onRealtime } from '@web/lib/realtime';
import { useEffect } from 'react';

/** Opens the tab's live socket while someone is signed in, and lets the features listen to it. */
export function LiveUpdates() {
  const signedIn = Boolean(useMe().data);
  const client = useQueryClient();
  useEffect(() => (signedIn ? holdRealtime() : undefined), [signedIn]);
  // The session ended elsewhere or the role changed (issue 25): who is signed in is read again at once.
  useEffect(
    () =>
      onRealtime((signal) => {
        if (signal.type === 'session-changed') void client.invalidateQueries({ queryKey: accountKeys.me });
      }),
    [client],
  );
  useLiveTrades();
  useLiveNotifications();
  return null;
}
