import type { Page } from '@playwright/test';
import { type PushServiceMock, startPushServiceMock } from '../helpers/push-service-mock';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { apiAs, expect, screenshot, signInAs, test } from './support/fixtures';
import { openTradeOf } from './support/people';

/**
 * Web Push in Chromium (issue 38). What is real: the settings' button (the browser's permission, granted to the
 * context, is asked by the app's own `Notification.requestPermission` after the tap), the app's POST of the
 * subscription, the server's push (VAPID-signed, aes128gcm-encrypted) to the stand-in push service, which checks and
 * decrypts it.
 * The worker's `push` and `notificationclick` handlers are tested in tests/unit/sw-push.test.ts: this machine's
 * Chromium (a headless shell) denies notifications to service workers, so `showNotification` cannot run here.
 * What is not real: the page's `Notification.permission`/`requestPermission` (the e2e Chromium, a headless shell, says
 * 'denied' to the page even with the permission granted: an init script answers 'granted'); `pushManager.subscribe` itself (Chromium subscribes through FCM, unreachable here): an init script
 * makes it answer a subscription whose endpoint and keys are the stand-in's.
 */
test.use({ serviceWorkers: 'allow' });

let service: PushServiceMock;
test.beforeAll(async () => {
  service = await startPushServiceMock();
});
test.afterAll(async () => {
  await service?.close();
});

/** The page under the app's service worker, ready to subscribe. */
async function underServiceWorker(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', null, {
    timeout: 60_000,
  });
}

test('a member turns on phone notifications from settings; a chat message is pushed, encrypted, to the push service', async ({
  page,
  context,
  member,
  otherMember,
  playwright,
}) => {
  // For the app's origin: headless Chromium otherwise answers 'denied'.
  await context.grantPermissions(['notifications'], { origin: process.env.E2E_BASE_URL as string });
  const key = (await (await page.request.get('/api/push/key')).json()) as { publicKey: string };
  const subscription = service.subscribe(key.publicKey);
  await page.addInitScript((sub) => {
    // Stands in for FCM's subscription only: the endpoint and keys are the stand-in push service's.
    let current: unknown = null;
    const made = {
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => sub,
      getKey: () => null,
      unsubscribe: async () => {
        current = null;
        return true;
      },
    };
    PushManager.prototype.subscribe = async () => {
      current = made;
      return made as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
    // The e2e Chromium (a headless shell) reports notifications 'denied' to the page even when the context grants
    // them: the page is told what a browser with the permission granted says.
    Object.defineProperty(Notification, 'permission', { get: () => 'granted' });
    Notification.requestPermission = async () => 'granted';
  }, subscription.json);

  await underServiceWorker(page, '/configuracoes#notificacoes');
  const section = page.locator('#notificacoes');
  await expect(section.getByRole('heading', { name: 'Notificações no celular' })).toBeVisible();
  await expect(section.getByText('Nenhum dispositivo recebe notificações ainda.')).toBeVisible();
  await section.getByRole('button', { name: 'Ativar notificações no celular' }).click();
  await expect(section.getByText('Ativadas neste dispositivo')).toBeVisible();
  const devices = section.getByRole('list', { name: 'Dispositivos com notificações' });
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices.getByText(/^Chrome no /)).toBeVisible();
  await expect(section.getByRole('switch', { name: 'Nova mensagem na intermediação' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await section.scrollIntoViewIfNeeded();
  await section.getByText('Notificações no celular').scrollIntoViewIfNeeded();
  await screenshot(page, 'push-settings-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await section.getByText('Notificações no celular').scrollIntoViewIfNeeded();
  await screenshot(page, 'push-settings-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The seller writes in the trade's chat while the buyer is elsewhere: the server pushes to the stand-in.
  const { id } = await openTradeOf(playwright.request, member, otherMember);
  const seller = await apiAs(playwright.request, otherMember);
  const sent = await seller.post(`/api/trades/${id}/chat`, { data: { body: 'Oi! Já te passo a conta.' } });
  expect(sent.status(), await sent.text()).toBe(201);
  await seller.dispose();
  await expect.poll(() => service.acceptedFor(subscription).length, { timeout: 30_000 }).toBe(1);
  const push = service.acceptedFor(subscription)[0];
  if (!push) throw new Error('nenhum push aceito');
  expect(push.payload).toMatchObject({
    body: 'Nova mensagem no chat da intermediação.',
    url: `/intermediacao/${id}`,
  });
  expect(push.urgency).toBe('normal');
  expect(service.violations).toEqual([]);

  // 'Remover' takes the device off the list (and the server's).
  await page.goto('/configuracoes#notificacoes');
  await section.getByRole('button', { name: /^Remover Chrome no / }).click();
  await expect(section.getByText('Nenhum dispositivo recebe notificações ainda.')).toBeVisible();
});

test('a browser with notifications blocked explains how to allow them again, and offers no button', async ({
  page,
  member: _member,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
  });
  await page.goto('/configuracoes#notificacoes');
  const section = page.locator('#notificacoes');
  await expect(section.getByText('As notificações estão bloqueadas para este site')).toBeVisible();
  await expect(section.getByText(/Notificações: Permitir/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Ativar notificações no celular' })).toHaveCount(0);
});

test('Safari on an iPhone, in a tab, is pointed to the Home Screen first', async ({ browser, member }) => {
  const context = await browser.newContext({
    locale: 'pt-BR',
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  await signInAs(context, member);
  const page = await context.newPage();
  await page.goto('/configuracoes#notificacoes');
  const section = page.locator('#notificacoes');
  await expect(section.getByText('No iPhone, instale o app primeiro')).toBeVisible();
  await expect(section.getByText(/Adicionar à Tela de Início/).first()).toBeVisible();
  await expect(section.getByRole('button', { name: 'Ativar notificações no celular' })).toHaveCount(0);
  await section.getByText('No iPhone, instale o app primeiro').scrollIntoViewIfNeeded();
  await screenshot(page, 'push-settings-ios-390');
  await context.close();
});
