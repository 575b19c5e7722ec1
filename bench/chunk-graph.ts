/**
 * The chunk graph of the web build: for the entry and for a page's chunk, every chunk it imports statically (what
 * the browser fetches before the page can render), its gzip -9 size and its largest modules.
 * Run: npx tsx bench/chunk-graph.ts [WelcomePage,HomePage,…] [--modules=8]
 * Builds into a temp folder (dist/ is left alone).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const topModules = Number(arg('modules') ?? 8);
const pages = (
  process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'WelcomePage,HomePage,MarketplacePage,ListingPage'
).split(',');

interface Chunk {
  gz: number;
  isEntry: boolean;
  imports: string[];
  modules: [string, number][];
}
const chunks = new Map<string, Chunk>();
const staticImports = new Map<string, string[]>();
const short = (id: string) => id.replace(/.*node_modules\//, '').replace(`${root}/src/`, '');
const dump: Plugin = {
  name: 'chunk-graph',
  generateBundle(_options, bundle) {
    for (const id of this.getModuleIds())
      staticImports.set(short(id), (this.getModuleInfo(id)?.importedIds ?? []).map(short));
    for (const [name, output] of Object.entries(bundle)) {
      if (output.type !== 'chunk') continue;
      chunks.set(name, {
        gz: gzipSync(output.code, { level: 9 }).length,
        isEntry: output.isEntry,
        imports: output.imports,
        modules: Object.entries(output.modules)
          .map(([id, m]): [string, number] => [
            id.replace(/.*node_modules\//, '').replace(`${root}/src/`, ''),
            m.code ? gzipSync(m.code, { level: 9 }).length : 0,
          ])
          .sort((a, b) => b[1] - a[1]),
      });
    }
  },
};

const outDir = mkdtempSync(path.join(tmpdir(), 'mg-chunks-'));
try {
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
    plugins: [dump],
  });
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

const closure = (start: string) => {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length) {
    const name = stack.pop() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    stack.push(...(chunks.get(name)?.imports ?? []));
  }
  return seen;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const entry = [...chunks.keys()].find((name) => chunks.get(name)?.isEntry && /index|main/.test(name));
const mainEntry = [...chunks.keys()].find((name) => /assets\/main-/.test(name)) ?? entry;
const app = [...chunks.keys()].find((name) => /assets\/app-/.test(name));
const print = (title: string, names: Set<string>, skip = new Set<string>()) => {
  const own = [...names].filter((n) => !skip.has(n));
  const total = own.reduce((sum, n) => sum + (chunks.get(n)?.gz ?? 0), 0);
  console.log(`\n${title}: ${kb(total)} gzip -9 in ${own.length} chunks`);
  for (const name of own.sort((a, b) => (chunks.get(b)?.gz ?? 0) - (chunks.get(a)?.gz ?? 0))) {
    const chunk = chunks.get(name) as Chunk;
    console.log(`  ${kb(chunk.gz).padStart(9)}  ${name}`);
    for (const [id, size] of chunk.modules.slice(0, topModules))
      console.log(`             ${kb(size).padStart(9)}  ${id}`);
  }
};
const base = new Set([...(mainEntry ? closure(mainEntry) : []), ...(app ? closure(app) : [])]);
print('Entry and app (every page)', base);
for (const page of pages) {
  const name = [...chunks.keys()].find((n) => n.startsWith(`assets/${page}-`));
  if (name) print(`${page} (beyond the entry and app)`, closure(name), base);
}

/**
 * --why=zod/v4: each module of the app's static graph (from web/main.tsx and web/app.tsx) that imports a module
 * matching it directly, with the chain of imports that reaches it (--from=web/pages/ListingPage.tsx to start there).
 */
const why = arg('why');
if (why) {
  const starts = arg('from')?.split(',') ?? ['web/main.tsx', 'web/app.tsx'];
  const from = new Map<string, string>(starts.map((start) => [start, '']));
  const queue = [...from.keys()];
  while (queue.length) {
    const id = queue.shift() as string;
    const imports = staticImports.get(id) ?? [];
    if (imports.some((next) => next.includes(why))) {
      const chain = [id];
      for (let at = from.get(id); at; at = from.get(at)) chain.unshift(at);
      console.log(`${why} ← ${chain.join(' → ')}`);
    }
    for (const next of imports)
      if (!from.has(next) && !next.includes(why)) {
        from.set(next, id);
        queue.push(next);
      }
  }
}
