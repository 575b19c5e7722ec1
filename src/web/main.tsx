import '@fontsource-variable/inter';
import '@fontsource-variable/orbitron';
import './styles.css';

// The HTML's static first screen paints first; the app's code (React and the rest, ~0.85 s of evaluation on a
// throttled phone) runs after that paint. The server preloads the app's chunks, so they are here by then. A tab
// opened in the background gets no animation frames: it starts at once.
const start = () => void import('./app');
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start));
else start();
