import { cached } from '../modules/media/file-cache';
import type { DemoListing, DemoMotif, DemoPhoto } from './listings';

const WIDTH = 1280;
const HEIGHT = 960;
const HORIZON = 640;

/** Colours of one photo, all derived from its hue. */
interface Palette {
  hue: number;
  main: string;
  light: string;
  dark: string;
  deep: string;
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(((h % 360) + 360) % 360)},${s}%,${l}%)`;

function palette(hue: number): Palette {
  return {
    hue,
    main: hsl(hue, 85, 58),
    light: hsl(hue, 95, 80),
    dark: hsl(hue, 70, 32),
    deep: hsl(hue, 60, 18),
  };
}

const gold = { light: '#fff1b8', main: '#f5c542', dark: '#b7791f', deep: '#7c4a0e' };
const steel = { light: '#f1f5f9', main: '#cbd5e1', dark: '#64748b', deep: '#334155' };

/** Deterministic pseudo-random numbers, so a listing always gets the same photo. */
function random(seed: string): () => number {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), h | 1);
    h ^= h + Math.imul(h ^ (h >>> 7), h | 61);
    return ((h ^ (h >>> 14)) >>> 0) / 4294967296;
  };
}

// Motifs are drawn in a 512×512 box centred on (256, 256).

function sword(p: Palette): string {
  return `<g transform="rotate(40 256 256) translate(256 256) scale(1.15) translate(-256 -256)">
    <path d="M256 8 L228 64 L256 64 Z" fill="${steel.light}"/>
    <path d="M256 8 L284 64 L256 64 Z" fill="${steel.dark}"/>
    <path d="M228 64 L256 64 L256 340 L228 340 Z" fill="${steel.light}"/>
    <path d="M256 64 L284 64 L284 340 L256 340 Z" fill="${steel.dark}"/>
    <path d="M228 64 L228 340" stroke="${steel.main}" stroke-width="3"/>
    <path d="M252 72 H260 V326 H252 Z" fill="${p.light}" opacity="0.8"/>
    <path d="M150 334 Q256 310 362 334 L362 362 Q256 342 150 362 Z" fill="${gold.main}" stroke="${gold.deep}" stroke-width="4"/>
    <path d="M150 334 L126 348 L150 362 Z M362 334 L386 348 L362 362 Z" fill="${gold.light}"/>
    <rect x="238" y="360" width="36" height="96" rx="6" fill="${p.deep}"/>
    <path d="M238 378 L274 370 M238 398 L274 390 M238 418 L274 410 M238 438 L274 430" stroke="${p.main}" stroke-width="6"/>
    <circle cx="256" cy="476" r="24" fill="${gold.main}" stroke="${gold.deep}" stroke-width="4"/>
    <circle cx="256" cy="476" r="11" fill="${p.light}"/>
  </g>`;
}

function coin(x: number, y: number, face: boolean): string {
  const top = `<ellipse cx="${x}" cy="${y}" rx="96" ry="32" fill="${gold.main}" stroke="${gold.dark}" stroke-width="3"/>
    <ellipse cx="${x}" cy="${y}" rx="70" ry="22" fill="none" stroke="${gold.light}" stroke-width="4" opacity="0.8"/>`;
  const side = `<path d="M${x - 96} ${y} V${y + 20} A96 32 0 0 0 ${x + 96} ${y + 20} V${y} Z" fill="${gold.dark}"/>`;
  return (
    side +
    top +
    (face
      ? `<path d="M${x - 24} ${y - 4} L${x} ${y - 14} L${x + 24} ${y - 4} L${x} ${y + 6} Z" fill="${gold.deep}" opacity="0.5"/>`
      : '')
  );
}

function coins(p: Palette): string {
  const stack = (x: number, base: number, n: number) =>
    Array.from({ length: n }, (_, i) => coin(x, base - i * 24, i === n - 1)).join('');
  return `${stack(150, 450, 6)}${stack(362, 450, 4)}
    <g transform="rotate(-14 300 230)">
      <circle cx="300" cy="220" r="112" fill="${gold.dark}"/>
      <circle cx="292" cy="214" r="112" fill="${gold.main}" stroke="${gold.deep}" stroke-width="4"/>
      <circle cx="292" cy="214" r="84" fill="none" stroke="${gold.light}" stroke-width="6"/>
      <path d="M292 150 L308 196 L356 196 L318 224 L332 270 L292 242 L252 270 L266 224 L228 196 L276 196 Z" fill="${p.main}" stroke="${gold.deep}" stroke-width="4"/>
      <path d="M216 150 A112 112 0 0 1 330 110" fill="none" stroke="#fff" stroke-width="8" opacity="0.6" stroke-linecap="round"/>
    </g>`;
}

function gem(p: Palette): string {
  const h = p.hue;
  const g0 = '66 200';
  const g1 = '161 200';
  const g2 = '256 200';
  const g3 = '351 200';
  const g4 = '446 200';
  const t1 = '166 100';
  const t3 = '346 100';
  const b = '256 470';
  const face = (pts: string[], l: number) => `<path d="M${pts.join(' L')} Z" fill="${hsl(h, 90, l)}"/>`;
  return `${face([g0, t1, g1], 72)}${face([t1, g2, g1], 62)}${face([t1, t3, g2], 82)}${face([t3, g3, g2], 66)}${face([t3, g4, g3], 50)}
    ${face([g0, g1, b], 55)}${face([g1, g2, b], 70)}${face([g2, g3, b], 48)}${face([g3, g4, b], 36)}
    <path d="M${g0} L${t1} L${t3} L${g4} L${b} Z" fill="none" stroke="${hsl(h, 100, 92)}" stroke-width="5" stroke-linejoin="round"/>
    <path d="M${g0} L${g4} M${t1} L${g2} L${t3} M${g1} L${b} L${g3}" fill="none" stroke="${hsl(h, 100, 90)}" stroke-width="2.5" opacity="0.7"/>
    <path d="M200 130 L214 150 L200 170 L186 150 Z" fill="#fff" opacity="0.9"/>`;
}

const shieldPath =
  'M256 32 C330 64 400 74 444 74 L444 226 C444 352 352 432 256 484 C160 432 68 352 68 226 L68 74 C112 74 182 64 256 32 Z';

function shield(p: Palette): string {
  return `<path d="${shieldPath}" fill="${gold.main}" stroke="${gold.deep}" stroke-width="6"/>
    <path d="${shieldPath}" transform="translate(256 258) scale(0.84) translate(-256 -258)" fill="${p.dark}"/>
    <path d="M256 60 C190 88 136 96 104 96 L104 226 C104 330 178 398 256 444 Z" fill="${p.main}" opacity="0.9"/>
    <path d="M256 150 L282 214 L350 214 L296 254 L318 322 L256 282 L194 322 L216 254 L162 214 L230 214 Z" fill="${gold.light}" stroke="${gold.deep}" stroke-width="5"/>
    <path d="M120 108 C170 104 214 92 250 72" fill="none" stroke="#fff" stroke-width="8" opacity="0.45" stroke-linecap="round"/>`;
}

function crown(p: Palette): string {
  return `<path d="M96 340 L62 140 L176 238 L256 96 L336 238 L450 140 L416 340 Z" fill="${gold.main}" stroke="${gold.deep}" stroke-width="6" stroke-linejoin="round"/>
    <path d="M96 340 L62 140 L176 238 L256 96 L256 340 Z" fill="${gold.light}" opacity="0.35"/>
    <rect x="86" y="330" width="340" height="76" rx="12" fill="${gold.dark}" stroke="${gold.deep}" stroke-width="6"/>
    <rect x="96" y="340" width="320" height="14" rx="7" fill="${gold.light}" opacity="0.5"/>
    <circle cx="62" cy="136" r="22" fill="${gold.light}" stroke="${gold.deep}" stroke-width="5"/>
    <circle cx="256" cy="90" r="24" fill="${gold.light}" stroke="${gold.deep}" stroke-width="5"/>
    <circle cx="450" cy="136" r="22" fill="${gold.light}" stroke="${gold.deep}" stroke-width="5"/>
    <path d="M256 236 L290 276 L256 316 L222 276 Z" fill="${p.main}" stroke="${p.light}" stroke-width="4"/>
    <ellipse cx="166" cy="368" rx="24" ry="18" fill="${p.main}" stroke="${p.light}" stroke-width="4"/>
    <ellipse cx="256" cy="368" rx="28" ry="20" fill="${p.light}" stroke="#fff" stroke-width="4"/>
    <ellipse cx="346" cy="368" rx="24" ry="18" fill="${p.main}" stroke="${p.light}" stroke-width="4"/>`;
}

function controller(p: Palette): string {
  const body =
    'M160 150 H352 C416 150 446 184 462 248 L492 374 C504 428 464 462 420 438 L360 384 H152 L92 438 C48 462 8 428 20 374 L50 248 C66 184 96 150 160 150 Z';
  return `<path d="${body}" fill="${hsl(p.hue, 25, 16)}" stroke="${p.main}" stroke-width="8" stroke-linejoin="round"/>
    <path d="M160 164 H352 C400 164 428 188 442 236" fill="none" stroke="${p.light}" stroke-width="6" opacity="0.5" stroke-linecap="round"/>
    <path d="M134 212 H170 V250 H208 V286 H170 V324 H134 V286 H96 V250 H134 Z" fill="${hsl(p.hue, 15, 34)}" stroke="${hsl(p.hue, 20, 50)}" stroke-width="3"/>
    <circle cx="366" cy="222" r="20" fill="${hsl(p.hue + 120, 80, 60)}"/>
    <circle cx="406" cy="262" r="20" fill="${hsl(p.hue, 85, 60)}"/>
    <circle cx="366" cy="302" r="20" fill="${hsl(p.hue + 200, 80, 60)}"/>
    <circle cx="326" cy="262" r="20" fill="${hsl(p.hue + 60, 90, 60)}"/>
    <circle cx="206" cy="346" r="36" fill="${hsl(p.hue, 20, 10)}" stroke="${hsl(p.hue, 20, 40)}" stroke-width="6"/>
    <circle cx="306" cy="346" r="36" fill="${hsl(p.hue, 20, 10)}" stroke="${hsl(p.hue, 20, 40)}" stroke-width="6"/>
    <rect x="222" y="196" width="68" height="14" rx="7" fill="${p.light}"/>`;
}

function emblem(p: Palette): string {
  const wing = `<path d="M146 206 L24 140 L70 204 L8 226 L78 250 L30 296 L112 284 L150 262 Z" fill="${gold.main}" stroke="${gold.deep}" stroke-width="5" stroke-linejoin="round"/>`;
  const chevron = (y: number, o: number) =>
    `<path d="M196 ${y} L256 ${y + 42} L316 ${y} L316 ${y + 26} L256 ${y + 68} L196 ${y + 26} Z" fill="#fff" opacity="${o}"/>`;
  return `${wing}<g transform="translate(512 0) scale(-1 1)">${wing}</g>
    <path d="M256 40 L392 180 L392 300 L256 470 L120 300 L120 180 Z" fill="${p.dark}" stroke="${gold.main}" stroke-width="10" stroke-linejoin="round"/>
    <path d="M256 74 L364 190 L364 290 L256 428 L256 74 Z" fill="${p.main}" opacity="0.55"/>
    ${chevron(170, 0.95)}${chevron(240, 0.75)}${chevron(310, 0.55)}
    <path d="M256 8 L276 44 L256 62 L236 44 Z" fill="${gold.light}" stroke="${gold.deep}" stroke-width="4"/>`;
}

function rifle(p: Palette): string {
  const metal = hsl(p.hue, 10, 22);
  return `<g transform="rotate(-14 256 256) translate(256 256) scale(1.2) translate(-256 -256)">
    <path d="M16 236 L150 214 L160 270 L40 314 L18 300 Z" fill="${p.main}" stroke="${p.deep}" stroke-width="4"/>
    <path d="M40 250 L146 232 M44 272 L150 254" stroke="${p.light}" stroke-width="5" opacity="0.7"/>
    <rect x="146" y="204" width="190" height="62" rx="6" fill="${metal}" stroke="${hsl(p.hue, 10, 45)}" stroke-width="3"/>
    <rect x="160" y="214" width="150" height="8" rx="4" fill="${hsl(p.hue, 10, 50)}"/>
    <path d="M188 266 L222 266 L212 336 L180 332 Z" fill="${p.dark}"/>
    <path d="M270 266 L312 266 Q318 322 350 370 L308 388 Q280 332 270 266 Z" fill="${metal}" stroke="${hsl(p.hue, 10, 45)}" stroke-width="3"/>
    <rect x="332" y="212" width="92" height="40" rx="8" fill="${p.main}" stroke="${p.deep}" stroke-width="4"/>
    <path d="M344 222 H414" stroke="${p.light}" stroke-width="5" opacity="0.7"/>
    <rect x="420" y="222" width="84" height="14" rx="4" fill="${metal}"/>
    <rect x="476" y="204" width="10" height="20" fill="${metal}"/>
    <rect x="236" y="190" width="34" height="14" rx="3" fill="${metal}"/>
  </g>`;
}

function chest(p: Palette): string {
  const wood = { light: '#b7793f', main: '#8b5a2b', dark: '#5c3a1a' };
  return `<path d="M76 216 C76 120 436 120 436 216 Z" fill="${p.light}" opacity="0.55"/>
    <path d="M86 250 V196 C86 124 426 124 426 196 V250 Z" fill="${wood.main}" stroke="${wood.dark}" stroke-width="6"/>
    <path d="M86 196 C86 124 426 124 426 196" fill="none" stroke="${wood.light}" stroke-width="6" opacity="0.6"/>
    <rect x="86" y="250" width="340" height="190" rx="6" fill="${wood.main}" stroke="${wood.dark}" stroke-width="6"/>
    <path d="M92 312 H420 M92 376 H420" stroke="${wood.dark}" stroke-width="4"/>
    <rect x="80" y="240" width="352" height="22" fill="${p.light}"/>
    <rect x="116" y="140" width="30" height="302" fill="${gold.main}" stroke="${gold.deep}" stroke-width="4"/>
    <rect x="366" y="140" width="30" height="302" fill="${gold.main}" stroke="${gold.deep}" stroke-width="4"/>
    <rect x="222" y="226" width="68" height="86" rx="10" fill="${gold.main}" stroke="${gold.deep}" stroke-width="5"/>
    <circle cx="256" cy="258" r="11" fill="${gold.deep}"/>
    <path d="M250 262 H262 L266 292 H246 Z" fill="${gold.deep}"/>`;
}

function cube(p: Palette, rand: () => number): string {
  const cells = (matrix: string, hue: number, sat: number, light: number) => {
    let out = `<g transform="matrix(${matrix})">`;
    for (let x = 0; x < 8; x++)
      for (let y = 0; y < 8; y++) {
        const l = light + Math.round((rand() - 0.5) * 16);
        out += `<rect x="${x}" y="${y}" width="1.04" height="1.04" fill="${hsl(hue, sat, l)}"/>`;
      }
    return `${out}</g>`;
  };
  return `${cells('25 14.375 -25 14.375 256 60', p.hue, 70, 58)}
    ${cells('25 14.375 0 22.5 56 175', p.hue + 10, 45, 38)}
    ${cells('25 -14.375 0 22.5 256 290', p.hue + 10, 45, 26)}
    <path d="M256 60 L456 175 L456 355 L256 470 L56 355 L56 175 Z M56 175 L256 290 L456 175 M256 290 V470" fill="none" stroke="${hsl(p.hue, 60, 12)}" stroke-width="5" stroke-linejoin="round"/>`;
}

function drawMotif(motif: DemoMotif, p: Palette, rand: () => number): string {
  switch (motif) {
    case 'sword':
      return sword(p);
    case 'coins':
      return coins(p);
    case 'gem':
      return gem(p);
    case 'shield':
      return shield(p);
    case 'crown':
      return crown(p);
    case 'controller':
      return controller(p);
    case 'emblem':
      return emblem(p);
    case 'rifle':
      return rifle(p);
    case 'chest':
      return chest(p);
    case 'cube':
      return cube(p, rand);
  }
}

/** Background grid above the horizon, and the synthwave floor: lines converging on the horizon, rows closer together as they recede. */
function grids(): { wall: string; floor: string } {
  let wall = '';
  for (let x = 64; x < WIDTH; x += 64) wall += `M${x} 0 V${HORIZON} `;
  for (let y = 64; y < HORIZON; y += 64) wall += `M0 ${y} H${WIDTH} `;
  let floor = '';
  for (let x = -2400; x <= WIDTH + 2400; x += 160) floor += `M${WIDTH / 2} ${HORIZON} L${x} ${HEIGHT} `;
  for (let i = 1; i <= 9; i++)
    floor += `M0 ${(HORIZON + (HEIGHT - HORIZON) * (i / 9) ** 2).toFixed(1)} H${WIDTH} `;
  return { wall, floor };
}

function sparkles(p: Palette, rand: () => number): string {
  let out = '';
  for (let i = 0; i < 14; i++) {
    const x = Math.round(rand() * WIDTH);
    const y = Math.round(rand() * HORIZON);
    const r = 6 + rand() * 14;
    const o = (0.35 + rand() * 0.6).toFixed(2);
    out += `<path d="M${x} ${y - r} Q${x} ${y} ${x + r} ${y} Q${x} ${y} ${x} ${y + r} Q${x} ${y} ${x - r} ${y} Q${x} ${y} ${x} ${y - r} Z" fill="${i % 3 ? p.light : '#fff'}" opacity="${o}"/>`;
  }
  return out;
}

/** Where the motif sits: each photo of a listing is framed differently. */
const centred = { x: 640, y: 400, scale: 1.25, rotate: 0 };
const framings = [
  centred,
  { x: 700, y: 410, scale: 1.15, rotate: -8 },
  { x: 610, y: 450, scale: 1.5, rotate: 6 },
];

function demoPhotoSvg(listing: DemoListing, index: number): string {
  const photo = listing.photos[index];
  if (!photo) throw new RangeError(`"${listing.title}" has no photo ${index}`);
  return artSvg(photo, `${listing.title}#${index}`, framings[index % framings.length] ?? centred);
}

function artSvg({ hue, motif }: DemoPhoto, seed: string, f: typeof centred): string {
  const p = palette(hue);
  const rand = random(seed);
  const size = 512 * f.scale;
  const grid = grids();
  // Few full-canvas fills: rasterising gradients over 1.2 Mpx is what costs, so the sky's one radial
  // gradient is also the glow behind the motif and the vignette.
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <radialGradient id="sky" gradientUnits="userSpaceOnUse" cx="${f.x}" cy="${f.y}" r="980">
      <stop offset="0" stop-color="${hsl(hue, 90, 62)}"/>
      <stop offset="0.22" stop-color="${hsl(hue, 75, 36)}"/>
      <stop offset="0.55" stop-color="${hsl(hue + 20, 65, 16)}"/>
      <stop offset="1" stop-color="${hsl(hue + 30, 50, 5)}"/>
    </radialGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${hsl(hue, 55, 14)}"/>
      <stop offset="1" stop-color="${hsl(hue, 50, 4)}"/>
    </linearGradient>
    <linearGradient id="floorLines" gradientUnits="userSpaceOnUse" x1="0" y1="${HORIZON}" x2="0" y2="${HEIGHT}">
      <stop offset="0" stop-color="${p.light}" stop-opacity="0"/>
      <stop offset="1" stop-color="${p.light}" stop-opacity="0.45"/>
    </linearGradient>
    <radialGradient id="halo" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="${p.main}" stop-opacity="0.5"/>
      <stop offset="1" stop-color="${p.main}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#000" stop-opacity="0.6"/>
      <stop offset="1" stop-color="#000" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HORIZON}" fill="url(#sky)"/>
  <path d="${grid.wall}" stroke="${p.light}" stroke-width="1.5" opacity="0.08"/>
  ${sparkles(p, rand)}
  <rect y="${HORIZON}" width="${WIDTH}" height="${HEIGHT - HORIZON}" fill="url(#floor)"/>
  <ellipse cx="${f.x}" cy="${HORIZON}" rx="560" ry="70" fill="url(#halo)"/>
  <path d="${grid.floor}" stroke="url(#floorLines)" stroke-width="2"/>
  <path d="M0 ${HORIZON} H${WIDTH}" stroke="${p.light}" stroke-width="3" opacity="0.7"/>
  <circle cx="${f.x}" cy="${f.y}" r="${size * 0.56}" fill="none" stroke="${p.light}" stroke-width="3" opacity="0.3"/>
  <circle cx="${f.x}" cy="${f.y}" r="${size * 0.62}" fill="none" stroke="${p.light}" stroke-width="2" stroke-dasharray="4 18" opacity="0.4"/>
  <ellipse cx="${f.x}" cy="${Math.min(f.y + size * 0.5, HEIGHT - 60)}" rx="${size * 0.45}" ry="${size * 0.08}" fill="url(#shadow)"/>
  <g transform="translate(${f.x} ${f.y}) rotate(${f.rotate}) scale(${f.scale}) translate(-256 -256)">${drawMotif(motif, p, rand)}</g>
</svg>`;
}

/** A 1280×960 PNG of a demo listing's photo `index`: made locally from SVG, no network or font needed. */
export function renderDemoPhoto(listing: DemoListing, index: number): Promise<Buffer> {
  return toPng(demoPhotoSvg(listing, index));
}

/** The same art for anything else the demo shows (a WhatsApp group's picture), seeded by `seed`. */
export function renderDemoArt(photo: DemoPhoto, seed: string): Promise<Buffer> {
  return toPng(artSvg(photo, seed, centred));
}

const pngOptions = { compressionLevel: 3 };

// sharp loads only when the demo data is created, not at each start on existing data.
const toPng = async (svg: string) => {
  const { default: sharp } = await import('sharp');
  return cached(['demo png', JSON.stringify([pngOptions, sharp.versions]), svg], () =>
    sharp(Buffer.from(svg)).png(pngOptions).toBuffer(),
  );
};
