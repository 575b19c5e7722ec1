import { type ComponentType, type KeyboardEvent, type LazyExoticComponent, lazy, useState } from 'react';
import { toast } from './toast';

export interface Deferred<P> {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts loading the code (on hover or focus) so it is ready when needed. */
  preload: () => void;
  /** The component itself, once its code has arrived (the same request as `preload`'s). */
  load: () => Promise<ComponentType<P>>;
}

/**
 * A component whose code (and its Radix dependencies) stays out of the entry chunk until the user reaches
 * for it: menus, dialogs and the drawer load on first use.
 */
// biome-ignore lint/suspicious/noExplicitAny: the props type is inferred from the module.
export function deferred<P extends Record<string, any>>(
  load: () => Promise<{ default: ComponentType<P> }>,
): Deferred<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const once = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null; // a failed download (offline) is asked again next time
      throw error;
    });
    return loading;
  };
  return {
    Component: lazy(once),
    preload: () => void once().catch(() => undefined),
    load: () => once().then((module) => module.default),
  };
}

const loadFailedMessage = 'Não foi possível abrir agora. Verifique sua conexão e tente de novo.';

/**
 * For a dialog whose code (Radix, its form) loads when it is first opened: `show` marks the trigger `pending`
 * (ui/button) while the code arrives, then opens it. Once loaded, `Dialog` stays mounted while closed, so what was typed survives a close
 * as it did when the dialog came with the page. Focus goes back to the trigger on close (ui/dialog's
 * `useReturnFocus`: the trigger still has it when the dialog opens).
 */
export function useDeferredDialog<P>(dialog: Deferred<P>) {
  const [Dialog, setDialog] = useState<ComponentType<P> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const show = () => {
    if (Dialog) return setOpen(true);
    if (loading) return;
    setLoading(true);
    dialog
      .load()
      .then((component) => {
        setDialog(() => component);
        setOpen(true);
      })
      .catch(() => toast.error(loadFailedMessage))
      .finally(() => setLoading(false));
  };
  const triggerProps = {
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': open,
    onPointerEnter: dialog.preload,
    onFocus: dialog.preload,
    onClick: show,
  };
  return { Dialog, open, setOpen, loading, show, triggerProps };
}

/**
 * For a menu whose Radix popup is deferred: the plain trigger preloads it on hover or focus and activates
 * it on click or ArrowDown; once active, the popup (with its own trigger) takes the plain one's place, open.
 */
export function useFirstUse<P>(popup: Deferred<P>) {
  const [active, setActive] = useState(false);
  const triggerProps = {
    'aria-expanded': false,
    onPointerEnter: popup.preload,
    onFocus: popup.preload,
    onClick: () => setActive(true),
    onKeyDown: (event: KeyboardEvent) => event.key === 'ArrowDown' && setActive(true),
  };
  return { active, triggerProps };
}
