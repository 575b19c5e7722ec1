import { Logo } from '@web/components/Logo';
import { Button } from '@web/components/ui/button';
import { NotificationsBell } from '@web/features/notifications/NotificationsBell';
import { Menu } from 'lucide-react';
import { AccountArea } from './AccountArea';
import { drawerPanel } from './MobileDrawer';
import { SearchForm } from './SearchForm';
import { DRAWER_ID, useSidebar } from './sidebar-state';

/** Below 1024px: the fixed top bar (menu, logo, account) and the search bar under it. */
export function MobileTopBar() {
  const { drawerOpen, setDrawerOpen } = useSidebar();
  return (
    <>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-line bg-bg/85 px-3 backdrop-blur-md lg:hidden">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Abrir menu"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          aria-controls={drawerOpen ? DRAWER_ID : undefined}
          onPointerDown={drawerPanel.preload}
          onClick={() => setDrawerOpen(true)}
        >
          <Menu aria-hidden className="size-5!" />
        </Button>
        <Logo />
        <div className="ml-auto flex items-center gap-1">
          <NotificationsBell />
          <AccountArea compact />
        </div>
      </header>
      <div className="border-b border-line bg-surface/60 px-4 py-3 lg:hidden">
        <SearchForm />
      </div>
    </>
  );
}
