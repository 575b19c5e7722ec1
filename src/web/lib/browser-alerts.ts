import type { Notification as AppNotification } from '@shared/notifications';

/**
 * 'Notificações push' (part 2 §3, "Alertas no navegador"): while the site is open in a background tab, a new
 * notification also shows as the browser's own alert. With every tab closed nothing arrives: that would take Web
 * Push through the browser vendor's push service, which this deployment does not use (decision 019).
 */
const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/** Asks the browser once; answers whether alerts may be shown. */
export async function askAlertPermission(): Promise<boolean> {
  if (!supported()) return false;
  if (Notification.permission !== 'default') return Notification.permission === 'granted';
  return (await Notification.requestPermission()) === 'granted';
}

/**
 * Shows `item` as a browser alert when the tab is in the background and the browser allows it. The tag is the
 * notification's id, so several open tabs show one alert, not one each. A click brings the tab back on its link.
 */
export function showBrowserAlert(
  item: Pick<AppNotification, 'id' | 'title' | 'body' | 'link'>,
  open: (link: string) => void,
) {
  if (!supported() || Notification.permission !== 'granted' || document.visibilityState !== 'hidden') return;
  const alert = new Notification(item.title, {
    body: item.body,
    tag: `notificacao-${item.id}`,
    icon: '/favicon.svg',
  });
  alert.onclick = () => {
    window.focus();
    open(item.link);
    alert.close();
  };
}
