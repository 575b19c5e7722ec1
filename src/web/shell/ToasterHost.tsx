import { useToasterNeeded } from '@web/lib/toast';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

const AppToaster = lazy(() => import('./AppToaster'));

/** How many mounted screens asked for the toasts at the top (a trade room, whose call controls sit low). */
let atTop = 0;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/**
 * While the calling component is mounted, toasts show at the top of the screen instead of the bottom right,
 * where they would cover what it keeps there (the trade room's call controls and its 'Gravando').
 */
export function useToastsAtTop() {
  useEffect(() => {
    atTop += 1;
    changed();
    return () => {
      atTop -= 1;
      changed();
    };
  }, []);
}

/** Mounts the toaster when the first toast is raised. */
export function ToasterHost() {
  const needed = useToasterNeeded();
  const top = useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => atTop > 0,
    () => false,
  );
  return needed ? (
    <Suspense fallback={null}>
      <AppToaster position={top ? 'top-center' : 'bottom-right'} />
    </Suspense>
  ) : null;
}
