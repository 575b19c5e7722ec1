import type { Me } from '@shared/accounts';
import { Suspense, useState } from 'react';
import { deferred } from './deferred';
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
  const [active, setActive] = useState(false);
  const trigger = <UserMenuTrigger user={user} compact={compact} aria-expanded={false} />;

  if (!active) {
    return (
      <UserMenuTrigger
        user={user}
        compact={compact}
        aria-expanded={false}
        onPointerEnter={popup.preload}
        onFocus={popup.preload}
        onClick={() => setActive(true)}
        onKeyDown={(event) => event.key === 'ArrowDown' && setActive(true)}
      />
    );
  }
  return (
    <Suspense fallback={trigger}>
      <popup.Component user={user} compact={compact} />
    </Suspense>
  );
}
