import { Button } from '@web/components/ui/button';
import { NotificationsBell } from '@web/features/notifications/NotificationsBell';
import { PanelLeft } from 'lucide-react';
import { AccountArea } from './AccountArea';
import { SearchForm } from './SearchForm';
import { ServicesMenu } from './ServicesMenu';
import { SIDEBAR_ID } from './Sidebar';
import { useSidebar } from './sidebar-state';

/** The desktop top bar (≥1024px). */
export function TopBar() {
  const { collapsed, toggleCollapsed } = useSidebar();
  return (
    <header className="sticky top-0 z-20 hidden h-16 items-center gap-4 border-b border-line bg-bg/80 px-6 backdrop-blur-md lg:flex">
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Alternar barra lateral"
        aria-controls={SIDEBAR_ID}
        aria-expanded={!collapsed}
        title="Alternar barra lateral (Ctrl+B)"
        onClick={toggleCollapsed}
      >
        <PanelLeft aria-hidden />
      </Button>
      <SearchForm className="max-w-xl" />
      <div className="ml-auto flex items-center gap-2">
        <ServicesMenu />
        <div aria-hidden className="mx-1 h-6 w-px bg-line" />
        <NotificationsBell />
        <AccountArea />
      </div>
    </header>
  );
}
