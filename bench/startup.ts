/**
 * First figures (issue 2 §6):
 *  - time from `npm start` (already built, existing data) to a healthy /api/health, median of 5 starts;
 *  - gzip size of the JS and CSS a real Chromium downloads to show `/`.
 * Run: npm run bench
 */
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../tests/e2e/support/chromium';

const root = path.resolve(import.meta.dirname, '..');
const port = 3917;
const url = `http://localhost:${port}`;

async function startOnce(dataDir: string) {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
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
    stop: async () => {
      process.kill(-(child.pid as number), 'SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

async function assetsOfHome() {
  const browser = await chromium.launch({
    executablePath: await chromiumPath(),
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const sizes = { js: 0, css: 0, transferred: 0, files: [] as string[] };
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const gz = gzipSync(await response.body()).length;
    sizes.transferred += Number((await response.allHeaders())['content-length'] ?? 0);
    if (type === 'script') sizes.js += gz;
    else sizes.css += gz;
    sizes.files.push(`${new URL(response.url()).pathname} ${(gz / 1024).toFixed(1)} KB`);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await browser.close();
  return sizes;
}

execSync('npm run -s build', { cwd: root, stdio: 'inherit' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-bench-'));
try {
  // The first start creates and seeds the database; the measured ones open existing data.
  await (await startOnce(dataDir)).stop();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const run = await startOnce(dataDir);
    times.push(run.ms);
    if (i < 4) await run.stop();
    else {
      const sizes = await assetsOfHome();
      await run.stop();
      times.sort((a, b) => a - b);
      console.log(
        `npm start → healthy (median of 5): ${(times[2]! / 1000).toFixed(2)} s  [${times.map((t) => (t / 1000).toFixed(2)).join(', ')}]`,
      );
      console.log(`JS loaded by /:  ${(sizes.js / 1024).toFixed(1)} KB gzip`);
      console.log(`CSS loaded by /: ${(sizes.css / 1024).toFixed(1)} KB gzip`);
      console.log(`JS + CSS as sent (brotli): ${(sizes.transferred / 1024).toFixed(1)} KB`);
      for (const f of sizes.files) console.log(`  ${f}`);
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
