import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The service worker's push and tap handlers (src/web/sw/push.ts), run against a stand-in of the worker's global
 * scope: this machine's headless Chromium denies notifications to workers, so tests/e2e/push.spec.ts cannot show one.
 */
type Listener = (event: Record<string, unknown>) => void;
const listeners = new Map<string, Listener>();
const showNotification = vi.fn(async (_title: string, _options: NotificationOptions) => {});
const openWindow = vi.fn(async (_url: string) => null);
let windows: { url: string; focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> }[] = [];

const origin = 'https://mercadogamer.com.br';
const windowAt = (url: string) => {
  const client = { url, focus: vi.fn(), navigate: vi.fn(async () => client) };
  client.focus.mockResolvedValue(client);
  return client;
};

beforeAll(async () => {
  Object.assign(globalThis, {
    self: {
      location: new URL(origin),
      addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
      registration: { showNotification },
      clients: { matchAll: async () => windows, openWindow },
    },
  });
  await import('../../src/web/sw/push');
});

beforeEach(() => {
  showNotification.mockClear();
  openWindow.mockClear();
  windows = [];
});

/** Fires `type` at the worker and waits for what it handed to `waitUntil`. */
async function fire(type: string, event: Record<string, unknown>) {
  const pending: Promise<unknown>[] = [];
  listeners.get(type)?.({ ...event, waitUntil: (work: Promise<unknown>) => pending.push(work) });
  expect(pending).toHaveLength(1);
  await Promise.all(pending);
}

const push = (data: unknown) =>
  fire('push', {
    data: {
      json: () => (typeof data === 'string' ? JSON.parse(data) : data),
    },
  });

describe('a push', () => {
  it('is shown as it came: title, body, tag (renotifying) and the page to open', async () => {
    await push({
      title: 'Intermediação #12: Conta Valorant',
      body: 'Nova mensagem no chat da intermediação.',
      url: '/intermediacao/12',
      tag: 'intermediacao-12',
    });
    expect(showNotification).toHaveBeenCalledWith('Intermediação #12: Conta Valorant', {
      body: 'Nova mensagem no chat da intermediação.',
      icon: '/icons/icon-192.png',
      lang: 'pt-BR',
      tag: 'intermediacao-12',
      renotify: true,
      data: { url: '/intermediacao/12' },
    });
  });

  it('garbled or foreign still shows the site’s name, opening the home page; a link elsewhere is not followed', async () => {
    await push('{não é json');
    expect(showNotification).toHaveBeenLastCalledWith('Mercado Gamer', {
      body: '',
      icon: '/icons/icon-192.png',
      lang: 'pt-BR',
      data: { url: '/' },
    });
    for (const url of ['https://golpe.example/pix', '//golpe.example', '/\\golpe.example', 42]) {
      await push({ title: 'Oi', url });
      expect(showNotification.mock.lastCall?.[1].data).toEqual({ url: '/' });
    }
  });
});

describe('a tap', () => {
  const tap = (url: unknown) =>
    fire('notificationclick', { notification: { data: { url }, close: vi.fn() } });

  it('focuses a tab already on the page', async () => {
    const there = windowAt(`${origin}/intermediacao/12`);
    windows = [windowAt(`${origin}/home`), there];
    await tap('/intermediacao/12');
    expect(there.focus).toHaveBeenCalled();
    expect(there.navigate).not.toHaveBeenCalled();
    expect(openWindow).not.toHaveBeenCalled();
  });

  it('sends another tab of the app to the page, or opens a window when none is open', async () => {
    const home = windowAt(`${origin}/home`);
    windows = [home];
    await tap('/intermediacao/12');
    expect(home.focus).toHaveBeenCalled();
    expect(home.navigate).toHaveBeenCalledWith(`${origin}/intermediacao/12`);

    windows = [];
    await tap('https://golpe.example');
    expect(openWindow).toHaveBeenCalledWith(`${origin}/`);
  });
});
