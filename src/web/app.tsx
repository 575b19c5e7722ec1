/** The app: loaded by main.tsx once the HTML's first screen has painted. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { registerServiceWorker } from './features/pwa/register';
import { isApiError } from './lib/api';
import { prefetchRoute } from './route-prefetch';
import { AppRoutes, preloadPage } from './routes';
import { ErrorBoundary } from './shell/ErrorFallback';
import { ToasterHost } from './shell/ToasterHost';

// Part 1 §9: retry 3 times, back off from 1 s to 30 s, collect unused data after 5 minutes.
// A 4xx answer will not change by asking again, so it is not retried.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => !(isApiError(error) && error.isClientError) && failureCount < 3,
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      gcTime: 5 * 60_000,
    },
  },
});

// A list of listings fetched (or written into the HTML) a moment ago is fresh: the page that mounts next must not
// ask again. Publishing, editing or deleting a listing invalidates them all.
queryClient.setQueryDefaults(['listings', 'search'], { staleTime: 10_000 });

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root não encontrado');

// The page's data and its code load side by side. The first render waits for the code, and for the data up to
// a moment (it is usually in the HTML already), so the first thing React paints replaces the HTML's static first
// screen with the page itself rather than with a skeleton.
const FIRST_DATA_WAIT_MS = 1000;
const firstData = prefetchRoute(queryClient, location.pathname, location.search);
Promise.all([
  preloadPage(location.pathname).catch(() => {}), // the page's error boundary reports it when it renders
  Promise.race([firstData, new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]),
]).finally(render);

// The service worker (issue 38, decision 030) registers once the page has loaded, when the browser is idle.
registerServiceWorker();

// Rendered as a transition: React yields to the browser every few milliseconds instead of building the whole page
// in one long task, so a tap on the first screen is not held up (Total Blocking Time). The HTML's first screen
// stays until the page is ready to replace it.
function render() {
  if (!container) return;
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <ErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
            <ToasterHost />
          </QueryClientProvider>
        </ErrorBoundary>
      </StrictMode>,
    ),
  );
}
