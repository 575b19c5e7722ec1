import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/**
 * Every module the app's code (app.tsx) imports statically, found once the module graph is complete: they load
 * on every page before anything renders, so they go out as one chunk. Left to the automatic splitting, each module
 * a lazy page shares with the shell (React, an icon, a path helper) became a chunk of its own: ~40 files on the
 * first load, each with its own imports, exports and compression overhead.
 */
const appModules = new Set<string>();
const collectAppModules: Plugin = {
  name: 'mg-app-modules',
  apply: 'build',
  buildEnd() {
    const ids = [...this.getModuleIds()];
    // lucide-react's index re-exports every icon: only the icons the app's modules name are the app's.
    const lucideIndex = ids.find((id) => /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(id));
    const iconFiles = new Map<string, string>();
    for (const [, names, file] of readFileSync(lucideIndex ?? '/dev/null', 'utf8').matchAll(
      /export \{([^}]*)\} from '(\.\/icons\/[\w-]+\.mjs)'/g,
    ))
      for (const name of (names ?? '').matchAll(/as (\w+)/g))
        iconFiles.set(name[1] as string, file as string);
    const iconsOf = (code: string) =>
      [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)].flatMap(([, names]) =>
        (names as string).split(',').flatMap((part) => {
          const file = iconFiles.get(part.trim().split(/\s+as\s+/)[0] as string);
          return file && lucideIndex ? [path.resolve(path.dirname(lucideIndex), file)] : [];
        }),
      );
    const start = ids.find((id) => id.endsWith('/src/web/app.tsx'));
    const stack = start ? [start] : [];
    while (stack.length) {
      const id = stack.pop() as string;
      if (appModules.has(id)) continue;
      appModules.add(id);
      const info = this.getModuleInfo(id);
      if (id === lucideIndex) continue;
      stack.push(...(info?.importedIds ?? []));
      if (info?.code?.includes('lucide-react')) stack.push(...iconsOf(info.code));
    }
  },
};

/**
 * What only a signed-in member's shell loads (shell/AppLayout.tsx, features/notifications/NotificationsBell.tsx):
 * the live socket's listeners and the bell. One chunk instead of eight small ones; no guest's page imports these.
 */
const memberShellModules =
  /[\\/]src[\\/]web[\\/](shell[\\/]LiveUpdates\.tsx|lib[\\/]browser-alerts\.ts|features[\\/](notifications[\\/](MemberBell\.tsx|NotificationsBellTrigger\.tsx|live\.ts|api\.ts)|trades[\\/]live\.ts|settings[\\/]api\.ts))$/;

/**
 * The installable app (issue 38, decision 030): the web app manifest, written to /manifest.webmanifest and linked
 * from index.html, and the service worker, built from sw/sw.ts to /sw.js with the list of files to precache
 * injected (injectManifest: the worker is our own code, so other parts add their handlers to it). The app
 * registers it itself (features/pwa/register.ts), after the first screen.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'sw',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  manifestFilename: 'manifest.webmanifest',
  // The icons are listed in the manifest below; the plugin precaches them with it.
  includeAssets: [],
  manifest: {
    id: '/',
    name: 'Mercado Gamer',
    short_name: 'Mercado Gamer',
    description:
      'Marketplace gamer seguro: compre e venda itens, contas, moedas e skins com intermediação garantida e PIX.',
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/inicio',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    // --color-bg (styles.css): the splash screen and the title bar match the page.
    theme_color: '#07090d',
    background_color: '#07090d',
    categories: ['shopping', 'games'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The app shell: the built code and styles, the Latin files of the two fonts (the other scripts' files load
    // only for text that needs them), the offline page. Not the photos, the og image, nor the .br/.gz copies.
    globPatterns: [
      'assets/*.{js,css}',
      'assets/*-latin-wght-normal-*.woff2',
      'offline.{html,js}',
      'favicon.svg',
    ],
    // HEIC decoding (libheif in WebAssembly, ~1.5 MB) serves only the publish form on a phone that sends HEIC.
    globIgnores: ['assets/heic-to*.js', 'assets/*heic*.js'],
    minify: true,
    sourcemap: false,
  },
  devOptions: { enabled: false },
});

export default defineConfig({
  root: 'src/web',
  plugins: [
    collectAppModules,
    react(),
    tailwindcss(),
    // .br and .gz beside each asset, served as they are by @fastify/static (preCompressed): no CPU per request.
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
    pwa,
  ],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
    },
  },
  // Every browser we support has native modulepreload; the polyfill only costs bytes on the first load.
  // The manifest tells the server which chunks each page needs, so a page's HTML preloads them (server/web.ts).
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    manifest: true,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Vite's dynamic-import helper is main.tsx's too: inside the app chunk, it made the entry import that
            // chunk statically, so the app downloaded and was compiled before the first screen painted.
            { name: 'preload-helper', test: /vite\/preload-helper/, priority: 20 },
            // React apart from the rest of the app (the router, the query cache, the app's own code): main.tsx
            // runs it in one task and the app in the next, so neither is one long task on a phone.
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 11 },
            { name: 'app', test: (id) => appModules.has(id), priority: 10 },
            { name: 'member', test: memberShellModules, priority: 5, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/media': apiTarget, '/ws': { target: apiTarget, ws: true } },
  },
});
