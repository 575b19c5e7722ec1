// First: schemas are built by the modules below.
import './lib/zod-config';
import '@fontsource-variable/inter';
import '@fontsource-variable/orbitron';
import './styles.css';
import { PAGE_MODULES_ELEMENT_ID } from '@shared/page-modules';
import { captureInstallPrompt } from './features/pwa/capture-install-prompt';

// Chromium may offer installing the app before the app's code arrives: the offer is kept for its hint (issue 38).
captureInstallPrompt();

// The HTML's static first screen (/home, the plain /marketplace, /listing/{id}, /intermediacao, /comunidade, a
// trade room's skeleton) paints first, in its own fonts (preloaded by the server), with its photos. Only then does
// the app's code start to download (the page's chunks, listed by the server, announced here as modulepreload links)
// and run: on a slow link it would otherwise take the bandwidth the photos need (decision 026). A tab opened in the
// background gets no animation frames: it starts at once.
function start() {
  const list = document.getElementById(PAGE_MODULES_ELEMENT_ID)?.textContent;
  announce(list ? (JSON.parse(list) as string[]) : []);
  // React runs first, the rest of the app in the next task (two shorter tasks instead of one long one); both
  // download together (the links above, or the server's in the head).
  void import('react-dom/client').then(() => setTimeout(() => import('./app')));
}

/** A few links per task: each costs the main thread a request's set-up, and thirty at once made a long task. */
function announce(modules: string[]) {
  for (const href of modules.slice(0, LINKS_PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  if (modules.length > LINKS_PER_TASK) setTimeout(() => announce(modules.slice(LINKS_PER_TASK)));
}
const LINKS_PER_TASK = 6;

const afterPaint = () => requestAnimationFrame(() => setTimeout(start));
/** How long the app waits at most for the first screen's fonts and photos (a stalled photo must not hold it). */
const FIRST_SCREEN_WAIT_MS = 2000;

const loaded = (image: HTMLImageElement) =>
  image.complete
    ? null
    : new Promise((resolve) => {
        image.addEventListener('load', resolve, { once: true });
        image.addEventListener('error', resolve, { once: true });
      });

const firstScreen = document.querySelector('[data-first-screen]');
// Without a static first screen (pages the server does not prepare) the app is the first paint: start at once.
if (document.visibilityState !== 'visible' || !firstScreen) start();
else {
  const photos = [...firstScreen.querySelectorAll('img')]
    .filter((image) => image.loading !== 'lazy')
    .map(loaded);
  Promise.race([
    Promise.all([document.fonts.ready, ...photos]),
    new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
  ]).then(afterPaint);
}
