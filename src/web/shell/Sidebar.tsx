import { Logo } from '@web/components/Logo';
import { cn } from '@web/lib/cn';
import { lazy, Suspense } from 'react';
import { SidebarNav } from './SidebarNav';
import { useSidebar } from './sidebar-state';

const RailTooltipProvider = lazy(() => import('./RailTooltip'));

export const SIDEBAR_ID = 'barra-lateral';

/** The desktop sidebar (≥1024px): 16rem, or 3rem with icons only. */
export function Sidebar() {
  const { collapsed } = useSidebar();
  return (
    <aside
      id={SIDEBAR_ID}
      aria-label="Barra lateral"
      data-collapsed={collapsed || undefined}
      className={cn(
        'fixed inset-y-0 left-0 z-30 hidden flex-col border-r border-line bg-surface transition-[width] duration-200 ease-out lg:flex',
        collapsed ? 'w-12' : 'w-64',
      )}
    >
      <div
        className={cn(
          'flex h-16 shrink-0 items-center border-b border-line',
          collapsed ? 'justify-center' : 'px-5',
        )}
      >
        <Logo compact={collapsed} />
      </div>
      <div
        className={cn(
          'flex-1 overflow-y-auto overflow-x-hidden py-5 [scrollbar-width:thin]',
          collapsed ? 'px-1.5' : 'px-3',
        )}
      >
        {collapsed ? (
          <Suspense fallback={<SidebarNav collapsed />}>
            <RailTooltipProvider>
              <SidebarNav collapsed />
            </RailTooltipProvider>
          </Suspense>
        ) : (
          <SidebarNav />
        )}
      </div>
    </aside>
  );
}
