import { useToasterNeeded } from '@web/lib/toast';
import { lazy, Suspense } from 'react';

const AppToaster = lazy(() => import('./AppToaster'));

/** Mounts the toaster when the first toast is raised. */
export function ToasterHost() {
  const needed = useToasterNeeded();
  return needed ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}
