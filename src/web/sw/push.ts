/// <reference lib="webworker" />
/**
 * Web Push in the service worker (issue 38). A push carries exactly what the notification shows (src/shared/push.ts
 * `pushPayload`: title, body, the app path to open, a tag), encrypted for this browser; it is shown as it came.
 * A tap opens that exact page: a tab of the app already open is focused and sent there, else a new window opens.
 */
declare const self: ServiceWorkerGlobalScope;

interface PushData {
  title?: unknown;
  body?: unknown;
  url?: unknown;
  tag?: unknown;
}

/** Only a path of this site ('/intermediacao/12'); anything else opens the home page. */
const appPath = (url: unknown) => (typeof url === 'string' && /^\/(?![/\\])/.test(url) ? url : '/');

self.addEventListener('push', (event) => {
  let data: PushData = {};
  try {
    data = (event.data?.json() ?? {}) as PushData;
  } catch {
    // Not ours or garbled: still show something, as browsers require a notification for every push.
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Mercado Gamer';
  const tag = typeof data.tag === 'string' && data.tag ? data.tag : undefined;
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icons/icon-192.png',
      lang: 'pt-BR',
      ...(tag && { tag, renotify: true }),
      data: { url: appPath(data.url) },
    } as NotificationOptions),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    appPath((event.notification.data as { url?: unknown } | null)?.url),
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A tab already on the page, else any tab of the app (sent to the page), else a new one.
      const same = windows.find((client) => client.url === target.href);
      if (same) {
        await same.focus();
        return;
      }
      const ours = windows.find((client) => new URL(client.url).origin === target.origin);
      if (ours) {
        const focused = await ours.focus();
        await focused.navigate(target.href);
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});

// The browser renewed the subscription (new keys or endpoint): the next visit to settings subscribes again; nothing
// to do here without the member's session at hand.
export {};
