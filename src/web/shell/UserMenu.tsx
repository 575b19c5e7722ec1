import type { Me } from '@shared/accounts';
import { Suspense } from 'react';
import { deferred, useFirstUse } from './deferred';
import { UserMenuTrigger } from './UserMenuTrigger';

const popup = deferred(() => import('./UserMenuPopup'));

export interface UserMenuProps {
  user: Me;
  /** Only the avatar in the trigger (the mobile top bar). */
  compact?: boolean;
}

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
