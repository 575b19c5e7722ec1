/** Chromium's offer to install the site as an app (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Window {
    /** The offer, kept by capture-install-prompt.ts (main.tsx) until the app's hint uses it; null once used. */
    mgInstallPrompt?: BeforeInstallPromptEvent | null;
  }
  interface WindowEventMap {
    beforeinstallprompt: BeforeInstallPromptEvent;
  }
  interface Navigator {
    /** iOS Safari: true in a Home Screen app. */
    readonly standalone?: boolean;
  }
}
