// `npm run build`'s server half: one esbuild bundle, dist/server/main.js, whose npm packages stay in node_modules
// except BUNDLED. Node 24 re-parses a package.json's whole "exports" map for every file it loads from that package:
// drizzle-orm's is 127 KB, over 112 files; bundled, the start's `código` fell by three quarters (bench/README.md,
// issue 24).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
// better-auth comes with drizzle-orm: its drizzle adapter must share the bundle's drizzle-orm, not load the package's.
const BUNDLED = new Set(['drizzle-orm', 'better-auth', '@better-auth/utils']);
const { dependencies } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

await build({
  entryPoints: [path.join(root, 'src/server/main.ts')],
  // Tests that start the server build it into a folder of their own: `node scripts/build-server.mjs <outfile>`.
  outfile: process.argv[2] ?? path.join(root, 'dist/server/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // A package external here is also external with its subpaths (`drizzle-orm/pg-core`).
  external: Object.keys(dependencies).filter((name) => !BUNDLED.has(name)),
  sourcemap: true,
  logLevel: 'warning',
});
