import type { PushSubscriptionInput } from '@shared/push';
import { browserFacts, isIosSafariTab } from '../pwa/platform';

/**
 * Where this browser stands for Web Push (issue 38):
 * - 'ios-install': Safari on an iPhone or iPad, in a tab: iOS delivers Web Push only to a Home Screen app;
 * - 'unsupported': no service worker or Push API (an old browser, a private window in some, an in-app browser);
 * - 'denied': the member blocked notifications for the site; only the browser's settings undo it;
 * - 'ready': it may ask (or has leave already).
 */
export type PushSupport = 'ios-install' | 'unsupported' | 'denied' | 'ready';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  if (isIosSafariTab(browserFacts())) return 'ios-install';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return 'ready';
}

/** The VAPID key as the bytes `applicationServerKey` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** This browser's subscription, if it has one (made here or before). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export class PushPermissionRefused extends Error {}

/**
 * Asks the browser's leave (only now, after the member's tap) and subscribes this browser with the VAPID key; an
 * earlier subscription with another key is dropped first. Answers what the server stores.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionInput> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionRefused(permission);
  // No worker yet (the first seconds of a first visit, or a development build): say so instead of waiting forever.
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error('O app ainda está carregando. Recarregue a página e tente de novo.')),
        10_000,
      ),
    ),
  ]);
  const key = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  const sameKey =
    existing?.options.applicationServerKey &&
    new Uint8Array(existing.options.applicationServerKey).every((byte, i) => byte === key[i]);
  if (existing && !sameKey) await existing.unsubscribe();
  const subscription =
    (sameKey ? existing : null) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}
