// First: schemas are built by the modules below.
import './lib/zod-config';
import '@fontsource-variable/inter';
import '@fontsource-variable/orbitron';
import './styles.css';

// The HTML's static first screen (/home, the plain /marketplace, /listing/{id}, /intermediacao, /comunidade)
// paints first, in its own fonts (preloaded by the server). The app's code and the page's chunks download
// meanwhile (the server announces them as <link rel="modulepreload">); they run after that paint. A tab opened in
// the background gets no animation frames: it starts at once.
function start() {
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
