import { useMe } from '@web/features/accounts/api';
import { lazy, Suspense } from 'react';

// The bell, its count and the live socket's state are for members only: a guest never loads them.
const MemberBell = lazy(() => import('./MemberBell'));

/** The bell in the top bars, for signed-in users only. */
export function NotificationsBell() {
  const signedIn = Boolean(useMe().data);
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <MemberBell />
    </Suspense>
  );
}
