import { deferred, useFirstUse } from '@web/lib/deferred';
import { Suspense } from 'react';
import { useUnreadCount } from './api';
import { NotificationsBellTrigger } from './NotificationsBellTrigger';

const popup = deferred(() => import('./NotificationsBellPopup'));

/**
 * The bell of a signed-in member (NotificationsBell): the unread count as a badge, polled; on first use the
 * Radix menu with the latest notifications (its own chunk) takes the plain trigger's place, already open.
 */
export default function MemberBell() {
  const unread = useUnreadCount().data ?? 0;
  const { active, triggerProps } = useFirstUse(popup);
  if (!active) return <NotificationsBellTrigger unread={unread} {...triggerProps} />;
  return (
    <Suspense fallback={<NotificationsBellTrigger unread={unread} aria-expanded={false} />}>
      <popup.Component unread={unread} />
    </Suspense>
  );
}
