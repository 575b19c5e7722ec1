/**
 * First paint on a phone (issue: "data starts with the page, not after it").
 *  - Lighthouse 12, mobile form factor, simulated throttling (its default Slow 4G + 4× CPU), performance only:
 *    score, FCP, LCP, TBT and Speed Index for /home, /marketplace and one /listing/{id}, median of N runs each.
 *  - A throttled load in Chromium (DevTools throttling: 150 ms RTT, 1.6 Mbps down, 4× CPU): when the request for
 *    the page's first data starts, and when the first listing card (or the listing's title) is on screen.
 * Uses the current build (`npm run build` first) and a throwaway data folder (the first start seeds ~15 s).
 * Run: npx tsx bench/first-paint.ts [--runs=3] [--url=http://localhost:3301 to use a running server]
 *   [--pages=/marketplace,/listing to measure only the pages whose path starts with one of these]
 * To compare two builds fairly on a busy machine, give both servers (`--url=http://…:3302,http://…:3301`): their
 * runs alternate, so load from other processes falls on both alike.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../tests/e2e/support/chromium';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const runs = Number(arg('runs') ?? 3);
const onlyPages = arg('pages')?.split(',');
const port = 3918;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const given = arg('url');
  if (given) return { url: given, stop: async () => {} };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-first-paint-'));
  const child = spawn('node', ['dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  const url = `http://localhost:${port}`;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // seeding
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: async () => {
      process.kill(-(child.pid as number), 'SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface LighthouseFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  lcpElement: string;
}

/** A busy machine sometimes makes Lighthouse give up (a protocol timeout): try again, up to three times. */
function lighthouse(url: string, browserPath: string): LighthouseFigures {
  for (let attempt = 1; ; attempt++) {
    try {
      return lighthouseOnce(url, browserPath);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`Lighthouse failed on ${url}, trying again: ${String(error).split('\n')[0]}`);
    }
  }
}

function lighthouseOnce(url: string, browserPath: string): LighthouseFigures {
  const out = path.join(tmpdir(), `mg-lh-${process.pid}.json`);
  execFileSync(
    'npx',
    [
      '-y',
      'lighthouse@12',
      url,
      '--only-categories=performance',
      '--form-factor=mobile',
      '--throttling-method=simulate',
      '--output=json',
      `--output-path=${out}`,
      '--chrome-flags=--headless=new --no-sandbox',
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: browserPath }, stdio: 'ignore' },
  );
  const report = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(out, { force: true });
  const audit = (id: string) => report.audits[id].numericValue as number;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    si: audit('speed-index'),
    lcpElement:
      report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ??
      '?',
  };
}

/** One DevTools-throttled load: when the first data request starts and when the first content shows. */
async function throttledLoad(browserPath: string, url: string, dataPath: string, shown: string) {
  const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox'] });
  const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator(shown).first().waitFor({ state: 'visible', timeout: 60_000 });
  const figures = await page.evaluate(
    ({ dataPath }) => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const data = entries.find((e) => new URL(e.name).pathname.startsWith(dataPath));
      const scripts = entries.filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'));
      return {
        shownAt: performance.now(),
        dataStart: data ? data.startTime : null,
        scriptsBeforeData: data ? scripts.filter((s) => s.responseEnd <= data.startTime).length : null,
      };
    },
    { dataPath },
  );
  await browser.close();
  return figures;
}

const browserPath = await chromiumPath();
const servers = arg('url')
  ? (arg('url') as string).split(',').map((url) => ({ url, stop: async () => {} }))
  : [await startServer()];
try {
  const sites = await Promise.all(
    servers.map(async ({ url }) => {
      const first = (await (await fetch(`${url}/api/listings?sort=recent&pageSize=1`)).json()) as {
        items: { id: number }[];
      };
      const listingId = first.items[0]?.id;
      return {
        url,
        pages: [
          { path: '/home', dataPath: '/api/listings', shown: 'main a[href^="/listing/"]' },
          { path: '/marketplace', dataPath: '/api/listings', shown: 'main a[href^="/listing/"]' },
          { path: `/listing/${listingId}`, dataPath: `/api/listings/${listingId}`, shown: 'main h1' },
        ].filter((page) => !onlyPages || onlyPages.some((prefix) => page.path.startsWith(prefix))),
      };
    }),
  );
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

  const lighthouseRuns = new Map<string, LighthouseFigures[]>();
  for (let i = 0; i < runs; i++)
    for (let p = 0; p < (sites[0]?.pages.length ?? 0); p++)
      for (const site of sites) {
        const page = site.pages[p] as (typeof site.pages)[number];
        const key = `${site.url}${page.path}`;
        lighthouseRuns.set(key, [...(lighthouseRuns.get(key) ?? []), lighthouse(key, browserPath)]);
      }
  console.log(`Lighthouse 12, mobile, simulated throttling, median of ${runs}`);
  console.log('| Server | Page | Score | FCP | LCP | TBT | SI | LCP element |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const site of sites)
    for (const page of site.pages) {
      const results = lighthouseRuns.get(`${site.url}${page.path}`) ?? [];
      const m = (key: keyof Omit<LighthouseFigures, 'lcpElement'>) => median(results.map((r) => r[key]));
      console.log(
        `| ${site.url} | ${page.path} | ${m('score')} (${results.map((r) => r.score).join(', ')}) | ${s(m('fcp'))} | ${s(m('lcp'))} | ${Math.round(m('tbt'))} ms | ${s(m('si'))} | \`${results[0]?.lcpElement.slice(0, 60)}\` |`,
      );
    }

  console.log('\nDevTools throttling (150 ms RTT, 1.6 Mbps, 4× CPU), median of 3 loads');
  console.log(
    '| Server | Page | First data request starts | Scripts loaded before it | First content shown |',
  );
  console.log('|---|---|---|---|---|');
  const loads = new Map<string, Awaited<ReturnType<typeof throttledLoad>>[]>();
  for (let i = 0; i < 3; i++)
    for (const site of sites)
      for (const page of site.pages) {
        const key = `${site.url}${page.path}`;
        const load = await throttledLoad(browserPath, key, page.dataPath, page.shown);
        loads.set(key, [...(loads.get(key) ?? []), load]);
      }
  for (const site of sites)
    for (const page of site.pages) {
      const all = loads.get(`${site.url}${page.path}`) ?? [];
      const starts = all.map((l) => l.dataStart).filter((v): v is number => v !== null);
      console.log(
        `| ${site.url} | ${page.path} | ${starts.length ? `${Math.round(median(starts))} ms` : 'in the HTML (no request)'} | ${median(all.map((l) => l.scriptsBeforeData ?? 0))} | ${Math.round(median(all.map((l) => l.shownAt)))} ms |`,
      );
    }
} finally {
  for (const server of servers) await server.stop();
}
