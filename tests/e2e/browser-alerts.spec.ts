import { settingsMessages } from '@shared/settings-messages';
import { expect, test } from './support/fixtures';
import { offerAs, publishForOffers } from './support/offers';

/**
 * The browser's Notification and the tab's visibility, recorded and steered by the test: a headless browser shows
 * no system alert, and a test tab is never in the background on its own.
 */
const fakeBrowser = () => {
  const w = window as unknown as {
    shown: { title: string; body?: string; tag?: string }[];
    hidden: boolean;
    permission: NotificationPermission;
    Notification: unknown;
  };
  w.shown = [];
  w.hidden = false;
  w.permission = 'default';
  Object.defineProperty(document, 'visibilityState', { get: () => (w.hidden ? 'hidden' : 'visible') });
  class FakeNotification {
    static get permission() {
      return w.permission;
    }
    /** The member says yes when asked; an answer already given stays. */
    static async requestPermission() {
      if (w.permission === 'default') w.permission = 'granted';
      return w.permission;
    }
    onclick: (() => void) | null = null;
    constructor(title: string, options: { body?: string; tag?: string } = {}) {
      w.shown.push({ title, body: options.body, tag: options.tag });
    }
    close() {}
  }
  w.Notification = FakeNotification;
};

test('with ‘Notificações push’ on, a notification arriving in a background tab shows as a browser alert', async ({
  page,
  playwright,
  member: seller,
  otherMember: buyer,
}) => {
  await page.addInitScript(fakeBrowser);
  await page.goto('/configuracoes');
  const push = page.getByRole('switch', { name: 'Notificações push' });
  await expect(push).not.toBeChecked();
  await push.click();
  await expect(page.getByText(settingsMessages.settingsSaved)).toBeVisible();
  await expect(push).toBeChecked();

  const [first, second] = [
    await publishForOffers(playwright.request, seller),
    await publishForOffers(playwright.request, seller),
  ];
  // In front, the toast is enough: no browser alert.
  await offerAs(playwright.request, buyer, first.id, '300,00');
  await expect(page.getByText('Nova oferta recebida')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { shown: unknown[] }).shown)).toEqual([]);

  await page.evaluate(() => {
    (window as unknown as { hidden: boolean }).hidden = true;
  });
  await offerAs(playwright.request, buyer, second.id, '310,00');
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shown: { title: string }[] }).shown))
    .toEqual([
      expect.objectContaining({
        title: 'Nova oferta recebida',
        tag: expect.stringMatching(/^notificacao-\d+$/),
      }),
    ]);
});

test('‘Notificações push’ stays off when the browser refuses its permission', async ({
  page,
  member: _member,
}) => {
  await page.addInitScript(fakeBrowser);
  await page.addInitScript(() => {
    (window as unknown as { permission: string }).permission = 'denied';
  });
  await page.goto('/configuracoes');
  const push = page.getByRole('switch', { name: 'Notificações push' });
  await push.click();
  await expect(page.getByText(settingsMessages.pushBlocked)).toBeVisible();
  await expect(push).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Notificações push' })).not.toBeChecked();
});
