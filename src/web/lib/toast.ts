import { useEffect, useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

/**
 * Toasts without sonner in the entry chunk: the first toast loads sonner and mounts the toaster
 * (see `ToasterHost`), which then shows every toast raised before it was ready.
 */
type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | null = null;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of listeners) listener();
  }
  return sonner;
}

type Kind = 'success' | 'error' | 'info' | 'warning' | 'message';

function show(kind: Kind, title: string, options?: ExternalToast): void {
  void loadSonner().then(({ toast: sonnerToast }) => sonnerToast[kind](title, options));
}

export const toast = {
  success: (title: string, options?: ExternalToast) => show('success', title, options),
  error: (title: string, options?: ExternalToast) => show('error', title, options),
  info: (title: string, options?: ExternalToast) => show('info', title, options),
  warning: (title: string, options?: ExternalToast) => show('warning', title, options),
  message: (title: string, options?: ExternalToast) => show('message', title, options),
};

/** True once some code has raised a toast: time to mount the toaster. */
export function useToasterNeeded(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => sonner !== null,
  );
}

/** How many mounted screens asked for the toasts at the top (a trade room, whose call controls sit low). */
let atTop = 0;
const placeListeners = new Set<() => void>();
const placeChanged = () => {
  for (const listener of placeListeners) listener();
};

/**
 * While the calling component is mounted, toasts show at the top of the screen instead of the bottom right,
 * where they would cover what it keeps there (the trade room's call controls and its 'Gravando').
 */
export function useToastsAtTop() {
  useEffect(() => {
    atTop += 1;
    placeChanged();
    return () => {
      atTop -= 1;
      placeChanged();
    };
  }, []);
}

/** True while some mounted screen wants the toasts at the top (read by the shell's toaster). */
export function useToastsOnTop(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      placeListeners.add(onChange);
      return () => placeListeners.delete(onChange);
    },
    () => atTop > 0,
    () => false,
  );
}
