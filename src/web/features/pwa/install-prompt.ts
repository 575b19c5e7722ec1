import { useSyncExternalStore } from 'react';
import type { BeforeInstallPromptEvent } from './types';

/** Raised here when the offer is used (the browser raises the other two). */
const OFFER_USED = 'mg:install-offer-used';
const events = ['beforeinstallprompt', 'appinstalled', OFFER_USED] as const;

/** Chromium's install offer as the app sees it (kept on `window` by capture-install-prompt.ts, which runs first). */
function subscribe(onChange: () => void) {
  for (const name of events) addEventListener(name, onChange);
  return () => {
    for (const name of events) removeEventListener(name, onChange);
  };
}

const current = () => window.mgInstallPrompt ?? null;

/** The pending offer, or null (not Chromium, not installable, already installed, or already used). */
export function useInstallPrompt(): BeforeInstallPromptEvent | null {
  return useSyncExternalStore(subscribe, current, () => null);
}

/** Shows the browser's install dialog; an offer is good for one prompt, accepted or not. */
export async function promptInstall(offer: BeforeInstallPromptEvent): Promise<boolean> {
  window.mgInstallPrompt = null;
  dispatchEvent(new Event(OFFER_USED));
  await offer.prompt();
  return (await offer.userChoice).outcome === 'accepted';
}
