import { useSyncExternalStore } from 'react';
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
