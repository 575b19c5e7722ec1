/**
 * The app icons of the web app manifest (issue 38), drawn once from the logo mark (src/web/public/favicon.svg,
 * components/Logo.tsx) and committed: `npx tsx scripts/pwa-icons.ts` after the logo changes.
 *
 * - icon-192.png, icon-512.png ('any'): the favicon as it is, a rounded dark tile with the neon hexagon.
 * - icon-maskable-512.png ('maskable'): a full-bleed dark square, the mark inside the central 80 % circle that
 *   every launcher's mask keeps (a circle, a squircle, a rounded square).
 * - apple-touch-icon.png (180): full-bleed too; iOS rounds the corners itself and ignores the manifest's icons.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve(import.meta.dirname, '../src/web/public/icons');
const BG = '#07090d'; // --color-bg
const ACCENT = '#3dff9a'; // --color-accent

/** The mark in a 32×32 box (the favicon's hexagon and play triangle). */
const mark = `
  <path d="M16 3.5 26.8 9.75v12.5L16 28.5 5.2 22.25V9.75L16 3.5Z" fill="${ACCENT}" fill-opacity=".12"
    stroke="${ACCENT}" stroke-width="2" stroke-linejoin="round"/>
  <path d="M13.2 11.5v9l7.2-4.5-7.2-4.5Z" fill="${ACCENT}"/>`;

/** The favicon: a rounded tile, the mark filling it. */
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="7" fill="${BG}"/>${mark}</svg>`;

/** Full bleed, the mark scaled to `share` of the side and centred. */
const fullBleed = (share: number) => {
  const offset = (32 - 32 * share) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="${BG}"/>
  <g transform="translate(${offset} ${offset}) scale(${share})">${mark}</g></svg>`;
};

const render = (svg: string, size: number, file: string) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, file));

mkdirSync(out, { recursive: true });
await Promise.all([
  render(tile, 192, 'icon-192.png'),
  render(tile, 512, 'icon-512.png'),
  // The hexagon's corners, stroke included, lie 13.5 of the box's 32 units from its centre: at 0.8 that is 0.34 of
  // the side, inside the safe circle's 0.4 with room for the launcher's own margin.
  render(fullBleed(0.8), 512, 'icon-maskable-512.png'),
  render(fullBleed(0.72), 180, 'apple-touch-icon.png'),
]);
console.log(`icons written to ${path.relative(process.cwd(), out)}`);
