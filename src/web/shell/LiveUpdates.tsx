import { useMe } from '@web/features/accounts/api';
import { useLiveNotifications } from '@web/features/notifications/live';
import { useLiveTrades } from '@web/features/trades/live';
import { holdRealtime } from '@web/lib/realtime';
import { useEffect } from 'react';

/** Opens the tab's live socket while someone is signed in, and lets the features listen to it. */
export function LiveUpdates() {
  const signedIn = Boolean(useMe().data);
  useEffect(() => (signedIn ? holdRealtime() : undefined), [signedIn]);
  useLiveTrades();
  useLiveNotifications();
  return null;
}
