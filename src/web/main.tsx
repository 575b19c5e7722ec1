// First: schemas are built by the modules below.
import './lib/zod-config';
import '@fontsource-variable/inter';
import '@fontsource-variable/orbitron';
import './styles.css';
import { PAGE_MODULES_ELEMENT_ID } from '@shared/first-data';

// The HTML's static first screen (/home, the plain /marketplace, /listing/{id}) paints first, in its own fonts (preloaded by the server).
// Then the app's code
// (React and the rest, ~0.85 s of evaluation on a throttled phone) and the page's chunks, which the server lists
// in the HTML, download side by side. A tab opened in the background gets no animation frames: it starts at once.
function start() {
  const list = document.getElementById(PAGE_MODULES_ELEMENT_ID)?.textContent;
  for (const href of list ? (JSON.parse(list) as string[]) : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import('./app');
}

const afterPaint = () => requestAnimationFrame(() => setTimeout(start));
const FONT_WAIT_MS = 1000;

// Without a static first screen (pages the server does not prepare) the app is the first paint: start at once.
if (document.visibilityState !== 'visible' || !document.querySelector('[data-first-screen]')) start();
else
  Promise.race([document.fonts.ready, new Promise((resolve) => setTimeout(resolve, FONT_WAIT_MS))]).then(
    afterPaint,
  );
