/// <reference lib="webworker" />
/**
 * The service worker (issue 38, decision 030): built by vite-plugin-pwa (injectManifest) to /sw.js, scope '/'.
 *
 * - Precaches the app shell: the built JS, CSS and the Latin fonts (the list Workbox injects at build time), and
 *   the offline page. Never the photos, the uploads or anything under /media.
 * - Navigations go to the network, always (the server's first screens carry live data: prices, stock, who is
 *   signed in); only when the network fails does the offline page answer. No page is ever kept for later.
 * - /api/* and /media/* are not handled at all: the browser fetches them as if there were no worker, so no API
 *   answer (personal data) and no photo ends up in Cache Storage.
 * - A new version waits until the page asks it to take over ('Nova versão disponível' → 'Atualizar': the page
 *   posts SKIP_WAITING, then reloads on controllerchange). The first install takes control at once.
 */
import { clientsClaim } from 'workbox-core';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { OFFLINE_PAGE, SKIP_WAITING } from './protocol';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// The navigation's request starts while the worker boots, so a controlled page waits no longer for its HTML than
// an uncontrolled one (the worker's start-up is tens of milliseconds on a phone).
enableNavigationPreload();

const network = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch {
        return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
      }
    },
    // Links to the API (a CSV export, an OAuth callback) and to photos are navigations too: never the offline page.
    { denylist: [/^\/api\//, /^\/media\//, /^\/ws$/] },
  ),
);

self.addEventListener('message', (event) => {
  if (event.data?.type === SKIP_WAITING) void self.skipWaiting();
});
clientsClaim();

// ── Other parts of the worker (one import each, below this line) ──
import './push';
