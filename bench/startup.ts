/**
 * First figures (issue 2 §6, issue 23):
 *  - time from `npm start` (already built, existing data) to a healthy /api/health, median of 5 starts, and the
 *    server's own time per start-up phase (its `início em …` log line, issue 24), median per phase;
 *  - the JS and CSS a real Chromium fetches for `/`, `/home`, `/marketplace` and `/listing/{id}` until the network
 *    is idle, as a guest and as a signed-in member (the demo buyer): per page, the sum over the fetched files of
 *    their bytes compressed with gzip -9 and with brotli (quality 11), computed here from the bytes themselves
 *    (a response's `content-length` is missing when the server streams it).
 * Run: npm run bench [-- --skip-build] [-- --starts-only] [-- --url=http://localhost:3000 to measure a running server,
 * no start times]
 */
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright-core';
import { chromiumPath } from '../tests/e2e/support/chromium';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const port = 3917;
const givenUrl = arg('url');
const url = givenUrl ?? `http://localhost:${port}`;
const member = { email: 'comprador@mercadogamer.local', password: 'Comprador@123' };

async function startOnce(dataDir: string) {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  });
  // The server's `início em …` line: each phase's time in ms (main.ts).
  let log = '';
  const phases = new Promise<Record<string, number>>((resolve) => {
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      const line = log.split('\n').find((l) => l.includes('"startupMs"'));
      if (!line) return;
      resolve((JSON.parse(line) as { startupMs: Record<string, number> }).startupMs);
      // The request log that follows is not kept.
      child.stdout?.off('data', read);
      child.stdout?.resume();
    };
    child.stdout?.on('data', read);
  });
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  return {
    ms,
    phases: await phases,
    stop: async () => {
      process.kill(-(child.pid as number), 'SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

interface Weight {
  js: { gzip: number; brotli: number; files: number };
  css: { gzip: number; brotli: number; files: number };
  files: string[];
}

const gzip9 = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const brotli11 = (bytes: Buffer) =>
  brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  }).length;

/** What one fresh browser context fetches for `pathname` until the network is idle (nothing cached). */
async function weightOf(browser: Browser, pathname: string, signedIn: boolean): Promise<Weight> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: url });
  if (signedIn) {
    const login = await context.request.post('/api/accounts/login', { data: member });
    if (!login.ok()) throw new Error(`login: ${login.status()}`);
  }
  const page = await context.newPage();
  const weight: Weight = {
    js: { gzip: 0, brotli: 0, files: 0 },
    css: { gzip: 0, brotli: 0, files: 0 },
    files: [],
  };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then(
        (body) => {
          const sums = type === 'script' ? weight.js : weight.css;
          const gz = gzip9(body);
          sums.gzip += gz;
          sums.brotli += brotli11(body);
          sums.files++;
          weight.files.push(`${new URL(response.url()).pathname} ${(gz / 1024).toFixed(1)} KB`);
        },
        () => {
          // Still arriving when the page closed: listed, not counted.
          weight.files.push(`${new URL(response.url()).pathname} (unread: still arriving at close)`);
        },
      ),
    );
  });
  await page.goto(pathname, { waitUntil: 'networkidle' });
  // The app starts after the static first screen has painted (main.tsx): the network can be idle before that.
  await page.waitForFunction(() => !document.querySelector('[data-first-screen]'), null, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  // A response may still arrive while the bodies are read: wait until none is left.
  for (let settled = 0; settled < pending.length; ) {
    const count = pending.length;
    await Promise.all(pending.slice(settled));
    settled = count;
  }
  await context.close();
  weight.files.sort();
  return weight;
}

async function measurePages() {
  const newest = (await (await fetch(`${url}/api/listings?sort=recent&pageSize=1`)).json()) as {
    items: { id: number }[];
  };
  const pages = ['/', '/home', '/marketplace', `/listing/${newest.items[0]?.id}`];
  const browser = await chromium.launch({
    executablePath: await chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(
    '\nJS and CSS fetched until network idle (sum of each file compressed: gzip -9 / brotli 11), KB',
  );
  console.log('| Page | Visitor | JS gzip | JS brotli | JS files | CSS gzip | CSS brotli |');
  console.log('|---|---|---|---|---|---|---|');
  const verbose = process.argv.includes('--files');
  try {
    for (const pathname of pages)
      for (const signedIn of [false, true]) {
        const w = await weightOf(browser, pathname, signedIn);
        console.log(
          `| \`${pathname}\` | ${signedIn ? 'member' : 'guest'} | ${kb(w.js.gzip)} | ${kb(w.js.brotli)} | ${w.js.files} | ${kb(w.css.gzip)} | ${kb(w.css.brotli)} |`,
        );
        if (verbose) for (const f of w.files) console.log(`    ${f}`);
      }
  } finally {
    await browser.close();
  }
}

if (givenUrl) {
  await measurePages();
} else {
  if (!process.argv.includes('--skip-build')) execSync('npm run -s build', { cwd: root, stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-bench-'));
  try {
    // The first start creates and seeds the database; the measured ones open existing data.
    await (await startOnce(dataDir)).stop();
    const times: number[] = [];
    const phaseRuns: Record<string, number>[] = [];
    for (let i = 0; i < 5; i++) {
      const run = await startOnce(dataDir);
      times.push(run.ms);
      phaseRuns.push(run.phases);
      if (i < 4) {
        await run.stop();
        continue;
      }
      try {
        times.sort((a, b) => a - b);
        console.log(
          `npm start → healthy (median of 5): ${(times[2]! / 1000).toFixed(2)} s  [${times.map((t) => (t / 1000).toFixed(2)).join(', ')}]`,
        );
        const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
        const phases = Object.keys(phaseRuns[0] ?? {}).map(
          (name) => `${name} ${median(phaseRuns.map((r) => r[name] ?? 0))} ms`,
        );
        console.log(`server's phases (median of 5): ${phases.join(', ')}`);
        if (!process.argv.includes('--starts-only')) await measurePages();
      } finally {
        await run.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
