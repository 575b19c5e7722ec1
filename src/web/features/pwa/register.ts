import { toast } from '@web/lib/toast';
import { SERVICE_WORKER_URL } from '@web/sw/protocol';
import { watchForUpdates } from './updates';

/** How often an open tab asks whether a new version is out (the browser also checks on every navigation). */
const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * Registers the service worker (decision 030) once the page has loaded and the app has painted: its install
 * downloads the app shell, which must not take the bandwidth or the main thread the first screen needs. Only in a
 * production build: in development the worker would serve yesterday's modules.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1000));
    idle(() => void register());
  };
  if (document.readyState === 'complete') start();
  else addEventListener('load', start, { once: true });
}

async function register() {
  const container = navigator.serviceWorker;
  let registration: ServiceWorkerRegistration;
  try {
    registration = await container.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch {
    // A browser that refuses workers (private mode in some, a policy): the site works as before.
    return;
  }
  watchForUpdates(registration, container, {
    prompt: (update) =>
      toast.info('Nova versão disponível', {
        id: 'nova-versao',
        description: 'Atualize para usar a versão mais recente do Mercado Gamer.',
        duration: Number.POSITIVE_INFINITY,
        action: { label: 'Atualizar', onClick: update },
      }),
    reload: () => location.reload(),
  });
  setInterval(() => {
    if (document.visibilityState === 'visible' && navigator.onLine)
      void registration.update().catch(() => {});
  }, UPDATE_CHECK_MS);
}
