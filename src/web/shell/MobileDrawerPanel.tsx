import { paths } from '@shared/paths';
import { Logo } from '@web/components/Logo';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button, ButtonLink } from '@web/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@web/components/ui/sheet';
import { Skeleton } from '@web/components/ui/skeleton';
import { useMe } from '@web/features/accounts/api';
import { useSignOut } from '@web/features/accounts/useSignOut';
import { LogOut } from 'lucide-react';
import { drawerAccountNav } from './navigation';
import { SidebarNav } from './SidebarNav';
import { DRAWER_ID, useSidebar } from './sidebar-state';

/** The left drawer below 1024px: the sidebar's links, and 'Sair' (to /inicio) or Entrar/Cadastrar. */
export default function MobileDrawerPanel() {
  const { drawerOpen, setDrawerOpen } = useSidebar();
  const me = useMe();
  const { signOut, isPending } = useSignOut();
  const close = () => setDrawerOpen(false);

  return (
    <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
      <SheetContent id={DRAWER_ID}>
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Navegação do Mercado Gamer</SheetDescription>
        <div className="flex h-14 shrink-0 items-center border-b border-line px-4">
          <Logo onClick={close} />
        </div>

        {me.data && (
          <div className="flex items-center gap-3 border-b border-line px-4 py-4">
            <UserAvatar name={me.data.nickname} src={me.data.avatarUrl} size="lg" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold">{me.data.nickname}</p>
              <p className="truncate text-xs text-muted">{me.data.email}</p>
            </div>
          </div>
        )}

        <div className="flex-1 overflow-y-auto px-3 py-5">
          <SidebarNav onNavigate={close} account={drawerAccountNav} />
        </div>

        <div className="shrink-0 border-t border-line p-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
          {me.isPending ? (
            <Skeleton className="h-10 w-full rounded-lg" />
          ) : me.data ? (
            <Button
              variant="secondary"
              className="w-full"
              busy={isPending}
              onClick={() => {
                close();
                signOut('/inicio');
              }}
            >
              {!isPending && <LogOut aria-hidden />}
              Sair
            </Button>
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <ButtonLink to={paths.login} onClick={close} variant="secondary">
                Entrar
              </ButtonLink>
              <ButtonLink to={paths.register} onClick={close}>
                Cadastrar
              </ButtonLink>
            </div>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
