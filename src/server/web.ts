import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { webDistDir } from './paths';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html (never cached) for every client route.
 * Returns index.html, or null when there is no build (API tests): then every unknown path is a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance): Promise<string | null> {
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) return null;
  const builtHtml = readFileSync(indexFile, 'utf8');
  // The Latin files of the two variable fonts: the first screen's text (the /home hero heading is the largest
  // thing on a phone) is drawn in them, so they load beside the stylesheet rather than after it.
  const fonts = (manifestEntry('index.html')?.assets ?? [])
    .filter((file) => /\/(inter|orbitron)-latin-wght-normal-[\w-]+\.woff2$/.test(file))
    .map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}" />`);
  const indexHtml = builtHtml.replace('</head>', () => `  ${fonts.join('\n    ')}\n  </head>`);

  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    // Vite's manifest is for the server (pageModules), not for browsers.
    allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
    setHeaders(res, filePath) {
      const hashed = filePath.startsWith(path.join(webDistDir, 'assets') + path.sep);
      res.header(
        'cache-control',
        hashed
          ? 'public, max-age=31536000, immutable'
          : revalidated.has(path.relative(webDistDir, filePath).replace(/\.(br|gz)$/, ''))
            ? 'no-cache'
            : 'public, max-age=3600',
      );
    },
  });

  return indexHtml;
}

/**
 * Files a browser must ask for again on every use (issue 38): the service worker, whose new version is how a new
 * build reaches an installed app, and the web app manifest, which the browser reads for the app's name and icons.
 * Both are small, and answer 304 when unchanged.
 */
const revalidated = new Set(['sw.js', 'manifest.webmanifest']);

interface ManifestChunk {
  file: string;
  imports?: string[];
  assets?: string[];
}

let manifest: Record<string, ManifestChunk> | null | undefined;

function manifestEntry(source: string): ManifestChunk | undefined {
  if (manifest === undefined) {
    const file = path.join(webDistDir, '.vite', 'manifest.json');
    manifest = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>)
      : null;
  }
  return manifest?.[source];
}

/**
 * The built files of a page's chunk and of every chunk it imports, from Vite's manifest ('pages/HomePage.tsx' →
 * ['/assets/HomePage-….js', …]); none without a build.
 */
export function pageModules(source: string): string[] {
  if (!manifestEntry(source)) return [];
  const chunks = manifest as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = chunks[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return [...files];
}
