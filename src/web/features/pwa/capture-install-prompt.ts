import type {} from './types';

/**
 * Chromium offers installing the app once the page qualifies, which may be before the app's code has loaded (it
 * starts after the first screen paints, decision 026): the offer is kept on `window` for the 'Instalar app' hint
 * (InstallHint.tsx), and the browser's own mini-bar is held back in its favour. Imported by main.tsx only, and
 * importing nothing: a module the app shared with the entry would make the entry load the app chunk first.
 */
export function captureInstallPrompt() {
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    window.mgInstallPrompt = event;
  });
  addEventListener('appinstalled', () => {
    window.mgInstallPrompt = null;
  });
}
