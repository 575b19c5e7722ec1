import { deferred, useFirstUse } from '@web/lib/deferred';
import { Suspense } from 'react';
import { type UserMenuProps, UserMenuTrigger } from './UserMenuTrigger';

const popup = deferred(() => import('./UserMenuPopup'));

/**
 * The signed-in user's menu. The trigger is plain until first used; then the Radix menu (its own chunk)
 * takes its place, already open.
 */
export default function UserMenu({ user, compact = false }: UserMenuProps) {
  const { active, triggerProps } = useFirstUse(popup);
  if (!active) return <UserMenuTrigger user={user} compact={compact} {...triggerProps} />;
  return (
    <Suspense fallback={<UserMenuTrigger user={user} compact={compact} aria-expanded={false} />}>
      <popup.Component user={user} compact={compact} />
    </Suspense>
  );
}
