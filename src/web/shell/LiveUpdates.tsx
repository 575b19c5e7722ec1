import { useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '@web/features/accounts/api';
import { useLiveNotifications } from '@web/features/notifications/live';
import { useLiveTrades } from '@web/features/trades/live';
import { holdRealtime, onRealtime } from '@web/lib/realtime';
import { useEffect } from 'react';

/**
 * The tab's live socket and what listens to it, mounted while someone is signed in (AppLayout, which loads this
 * module only then: a guest downloads none of it).
 */
export default function LiveUpdates() {
  const client = useQueryClient();
  useEffect(() => holdRealtime(), []);
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
