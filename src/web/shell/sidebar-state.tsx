import { readCookie, writeCookie } from '@web/lib/cookies';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

/** Part 1 §9: the sidebar state cookie lasts 7 days. 'true' = expanded, 'false' = icons only. */
export const SIDEBAR_COOKIE = 'sidebar_state';
const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const DRAWER_ID = 'menu-lateral';
export const DESKTOP_QUERY = '(min-width: 1024px)';

interface SidebarState {
  /** The desktop sidebar shows icons only. */
  collapsed: boolean;
  toggleCollapsed: () => void;
  /** The mobile drawer is open. */
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
}

const SidebarContext = createContext<SidebarState | null>(null);

export function SidebarProvider({ children }: { children: ReactNode }) {
  const [collapsed, setCollapsed] = useState(() => readCookie(SIDEBAR_COOKIE) === 'false');
  const [drawerOpen, setDrawerOpen] = useState(false);

  const toggleCollapsed = useCallback(() => {
    setCollapsed((was) => {
      writeCookie(SIDEBAR_COOKIE, String(was), SIDEBAR_COOKIE_MAX_AGE);
      return !was;
    });
  }, []);

  // Ctrl/Cmd+B: the sidebar on desktop, the drawer below 1024px.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'b' || !(event.metaKey || event.ctrlKey) || event.altKey) return;
      event.preventDefault();
      if (window.matchMedia(DESKTOP_QUERY).matches) toggleCollapsed();
      else setDrawerOpen((open) => !open);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggleCollapsed]);

  const value = useMemo(
    () => ({ collapsed, toggleCollapsed, drawerOpen, setDrawerOpen }),
    [collapsed, toggleCollapsed, drawerOpen],
  );
  return <SidebarContext value={value}>{children}</SidebarContext>;
}

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext);
  if (!state) throw new Error('useSidebar must be used inside SidebarProvider');
  return state;
}
