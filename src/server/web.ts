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
  const indexHtml = readFileSync(indexFile, 'utf8');

  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      const hashed = filePath.startsWith(path.join(webDistDir, 'assets') + path.sep);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  return indexHtml;
}
