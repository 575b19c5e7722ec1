import '@fontsource-variable/inter';
import '@fontsource-variable/orbitron';
import './styles.css';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { isApiError } from './lib/api';
import { AppRoutes } from './routes';
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

const container = document.getElementById('root');
if (!container) throw new Error('Elemento #root não encontrado');

createRoot(container).render(
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
);
