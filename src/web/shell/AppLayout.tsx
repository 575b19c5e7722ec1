import { useMe } from '@web/features/accounts/api';
import { cn } from '@web/lib/cn';
import { lazy, Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { BottomTabBar } from './BottomTabBar';
import { ErrorBoundary } from './ErrorFallback';
import { MobileDrawer } from './MobileDrawer';
import { MobileTopBar } from './MobileTopBar';
import { footerNav } from './navigation';
import { PageFallback } from './PageFallback';
import { ScrollToTop } from './ScrollToTop';
import { Sidebar } from './Sidebar';
import { SidebarProvider, useSidebar } from './sidebar-state';
import { TopBar } from './TopBar';

// The live socket and its listeners (notifications, trades) are for members only: a guest never loads them.
const LiveUpdates = lazy(() => import('./LiveUpdates'));
// Only the e-mail confirmation link's landing carries these parameters.
const ConfirmationToast = lazy(() => import('@web/features/accounts/ConfirmationToast'));
const hasConfirmationParams = (search: string) => /[?&](confirmado|error)=/.test(search);
// Only a sign-in that came back to save a card's favourite carries this one.
const ResumeFavorite = lazy(() => import('@web/features/favorites/ResumeFavorite'));
const isResumingFavorite = (search: string) => /[?&]acao=favoritar(&|$)/.test(search);

/**
 * The page frame: sidebar and top bar on desktop (≥1024px); top bar, search bar, drawer and bottom tab bar
 * below. Both sets are rendered and CSS shows one, so nothing shifts when the page loads.
 */
export function AppLayout() {
  return (
    <SidebarProvider>
      <Frame />
    </SidebarProvider>
  );
}

function Frame() {
  const { collapsed } = useSidebar();
  const { pathname, search } = useLocation();
  const signedIn = Boolean(useMe().data);

  return (
    <>
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70] focus:rounded-md focus:bg-accent focus:px-4 focus:py-2 focus:font-semibold focus:text-accent-fg"
      >
        Pular para o conteúdo
      </a>
      <Sidebar />
      <div
        className={cn(
          'flex min-h-dvh flex-col transition-[padding] duration-200 ease-out',
          collapsed ? 'lg:pl-12' : 'lg:pl-64',
        )}
      >
        <TopBar />
        <MobileTopBar />
        <main id="conteudo" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
          <ErrorBoundary key={pathname}>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
        <footer className="border-t border-line px-4 pt-6 pb-28 text-center text-xs text-subtle sm:px-6 lg:px-8 lg:pb-6">
          <nav aria-label="Institucional">
            <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2">
              {footerNav.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className="rounded-sm text-muted transition-colors hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="mt-4">O marketplace gamer seguro para comprar e vender itens, contas e moedas.</p>
        </footer>
      </div>
      <BottomTabBar />
      <MobileDrawer />
      <ScrollToTop />
      {hasConfirmationParams(search) && (
        <Suspense fallback={null}>
          <ConfirmationToast />
        </Suspense>
      )}
      {signedIn && isResumingFavorite(search) && (
        <Suspense fallback={null}>
          <ResumeFavorite />
        </Suspense>
      )}
      {signedIn && (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      )}
    </>
  );
}
