import { useToasterNeeded, useToastsOnTop } from '@web/lib/toast';
import { lazy, Suspense } from 'react';

const AppToaster = lazy(() => import('./AppToaster'));

/** Mounts the toaster when the first toast is raised; at the top while a screen asks (`useToastsAtTop`). */
export function ToasterHost() {
  const needed = useToasterNeeded();
  const top = useToastsOnTop();
  return needed ? (
    <Suspense fallback={null}>
      <AppToaster position={top ? 'top-center' : 'bottom-right'} />
    </Suspense>
  ) : null;
}
