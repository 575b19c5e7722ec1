import { deferred } from '@web/lib/deferred';
import { Suspense, useState } from 'react';
import { useSidebar } from './sidebar-state';

export const drawerPanel = deferred(() => import('./MobileDrawerPanel'));

/** The mobile drawer, loaded the first time it opens and kept mounted after. */
export function MobileDrawer() {
  const { drawerOpen } = useSidebar();
  const [used, setUsed] = useState(false);
  if (drawerOpen && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <drawerPanel.Component />
    </Suspense>
  ) : null;
}
