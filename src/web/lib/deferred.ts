import { type ComponentType, type KeyboardEvent, type LazyExoticComponent, lazy, useState } from 'react';

export interface Deferred<P> {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts loading the code (on hover or focus) so it is ready when needed. */
  preload: () => void;
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
    loading ??= load();
    return loading;
  };
  return { Component: lazy(once), preload: () => void once().catch(() => undefined) };
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
