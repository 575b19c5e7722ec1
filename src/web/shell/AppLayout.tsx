import { useMe } from '@web/features/accounts/api';
import { PwaHint } from '@web/features/pwa/PwaHint';
import { cn } from '@web/lib/cn';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { BottomTabBar } from './BottomTabBar';
import { ErrorBoundary } from './ErrorFallback';
import { Footer } from './Footer';
import { MobileDrawer } from './MobileDrawer';
import { MobileTopBar } from './MobileTopBar';
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
        <Footer />
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
      {/* The install hint (issue 38): only on Chromium's install offer or Safari on iOS, until dismissed. */}
      <PwaHint />
    </>
  );
}
