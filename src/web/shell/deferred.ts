import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

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
