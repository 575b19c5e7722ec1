/**
 * Lighthouse, mobile (its defaults: a Moto G Power's screen, simulated Slow 4G and 4× CPU), every category, three
 * runs per page: prints the medians of the four scores and of LCP, TBT and CLS, then each page's LCP element and
 * the medians of LCP's phases (TTFB, load delay, load time, render delay).
 *  - Pages: /home, /marketplace, the newest /listing/{id} and /comunidade as a guest; /intermediacao as the demo
 *    buyer (a guest is sent to /login: the page is a member's).
 *  - The `lighthouse` package (devDependency) drives the Chromium the tests use (tests/e2e/support/chromium.ts),
 *    started headless with playwright.config.ts's flags; nothing is fetched from the internet.
 *  - The member's session is a cookie of the browser (not a header), so the live channel's WebSocket carries it too;
 *    Lighthouse's storage reset leaves cookies alone, so it is set before that page's run and cleared after.
 *  - --reports=dir saves each run's full report as JSON (`<page>-<run>.json`).
 *  - Against a production build (`npm run build` first unless --skip-build) started on a throwaway data folder with
 *    the demo data (the first start seeds it, ~15 s), or a running server with --url=http://localhost:3000.
 * Run: npm run bench:lighthouse [-- --runs=3] [-- --pages=/home,/intermediacao] [-- --skip-build] [-- --url=…]
 *      [-- --reports=/tmp/lh] [-- --port=3919] [-- --debugging-port=9329]
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromiumPath } from '../tests/e2e/support/chromium';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const runs = Number(arg('runs') ?? 3);
const onlyPages = arg('pages')?.split(',');
const reportsDir = arg('reports');
const port = Number(arg('port') ?? 3919);
const debuggingPort = Number(arg('debugging-port') ?? 9329);
const member = { email: 'comprador@mercadogamer.local', password: 'Comprador@123' };
/** playwright.config.ts's Chromium flags that matter outside a test, plus headless and the debugging port. */
const chromiumFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function waitFor(url: string, ms = 120_000) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const given = arg('url');
  if (given) return { url: given, stop: async () => {} };
  if (!process.argv.includes('--skip-build')) execSync('npm run -s build', { cwd: root, stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-lighthouse-'));
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: 'ignore',
    detached: true,
  });
  const url = `http://localhost:${port}`;
  await waitFor(`${url}/api/health`);
  return {
    url,
    stop: async () => {
      process.kill(-(child.pid as number), 'SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startChromium(): Promise<{ stop: () => Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'mg-lighthouse-chromium-'));
  const child: ChildProcess = spawn(
    await chromiumPath(),
    [
      ...chromiumFlags,
      `--remote-debugging-port=${debuggingPort}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  await waitFor(`http://127.0.0.1:${debuggingPort}/json/version`, 30_000);
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** One command to the browser itself over the DevTools protocol (cookies are the browser's, not a tab's). */
async function browserCommand(method: string, params: Record<string, unknown> = {}): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${debuggingPort}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.onmessage = (event) => {
        const reply = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
        if (reply.id !== 1) return;
        if (reply.error) reject(new Error(`${method}: ${reply.error.message}`));
        else resolve();
      };
      socket.send(JSON.stringify({ id: 1, method, params }));
    });
  } finally {
    socket.close();
  }
}

/** LCP's four phases, in Lighthouse's order (the `largest-contentful-paint-element` audit's second table). */
const phaseNames = ['TTFB', 'load delay', 'load time', 'render delay'] as const;
/** The same phases as the `lcp-breakdown-insight` audit names them. */
const observedSubparts = [
  'timeToFirstByte',
  'resourceLoadDelay',
  'resourceLoadDuration',
  'elementRenderDelay',
];

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** The LCP element as Lighthouse labels it (its selector and a snippet of its text or tag). */
  lcpElement: string;
  /** ms per phase, NaN when Lighthouse gave none. */
  phases: number[];
  errors: string[];
}

type Numeric = Exclude<keyof Figures, 'errors' | 'lcpElement' | 'phases'>;

interface ListDetails {
  items?: { items?: Record<string, unknown>[] }[];
}

async function runOnce(url: string, report?: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (report) writeFileSync(report, String(result.report));
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const consoleErrors = (
    audits['errors-in-console']?.details as { items?: { description?: string }[] } | undefined
  )?.items;
  const [elementTable, phaseTable] =
    (audits['largest-contentful-paint-element']?.details as ListDetails | undefined)?.items ?? [];
  const node = elementTable?.items?.[0]?.node as { selector?: string; snippet?: string } | undefined;
  // Lighthouse names the element and simulates the phases only if the element is still in the page at the end;
  // one the app replaced (a first screen of the HTML) gets the trace's observed phases, marked 'observed'.
  const subparts = (audits['lcp-breakdown-insight']?.details as ListDetails | undefined)?.items?.[0]?.items;
  // A text LCP has no load delay or load time: those subparts are absent, i.e. 0.
  const observed =
    subparts &&
    observedSubparts.map((name) => Number(subparts.find((item) => item.subpart === name)?.duration ?? 0));
  const image = Boolean(audits['lcp-discovery-insight']?.details);
  const timings = phaseTable?.items?.map((item) => Number(item.timing)) ?? observed ?? [];
  const lcpElement = node
    ? `${node.selector ?? '?'} — ${(node.snippet ?? '').slice(0, 90)}`
    : `${image ? 'an image' : 'text'} no longer in the page (replaced by the app); phases observed`;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    lcpElement,
    phases: phaseNames.map((_, i) => timings[i] ?? Number.NaN),
    errors: (consoleErrors ?? []).map((item) => String(item.description).slice(0, 120)),
  };
}

/** A busy machine sometimes makes Lighthouse give up (a protocol timeout): try again, up to three times. */
async function run(url: string, report?: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, report);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`Lighthouse failed on ${url}, trying again: ${String(error).split('\n')[0]}`);
    }
  }
}

const server = await startServer();
const chromium = await startChromium();
try {
  const newest = (await (await fetch(`${server.url}/api/listings?sort=recent&pageSize=1`)).json()) as {
    items: { id: number }[];
  };
  const login = await fetch(`${server.url}/api/accounts/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(member),
  });
  const cookies = login.headers.getSetCookie().map((c) => {
    const [name = '', ...value] = (c.split(';')[0] ?? '').split('=');
    return { name, value: value.join('='), url: server.url, httpOnly: true };
  });
  if (!login.ok || !cookies.length) throw new Error(`login as the demo buyer: ${login.status}`);
  const pages = [
    { path: '/home' },
    { path: '/marketplace' },
    { path: `/listing/${newest.items[0]?.id}` },
    { path: '/intermediacao', member: true },
    { path: '/comunidade' },
  ].filter((page) => !onlyPages || onlyPages.some((prefix) => page.path.startsWith(prefix)));
  if (reportsDir) mkdirSync(reportsDir, { recursive: true });

  // Runs interleaved (page after page, then again), so a burst of load from elsewhere falls on every page alike.
  const results = new Map<string, Figures[]>();
  for (let i = 0; i < runs; i++)
    for (const page of pages) {
      if (page.member) await browserCommand('Storage.setCookies', { cookies });
      const report =
        reportsDir && path.join(reportsDir, `${page.path.slice(1).replace(/\//g, '-')}-${i + 1}.json`);
      try {
        const figures = await run(`${server.url}${page.path}`, report || undefined);
        results.set(page.path, [...(results.get(page.path) ?? []), figures]);
      } finally {
        if (page.member) await browserCommand('Storage.clearCookies');
      }
    }

  console.log(`\nLighthouse, mobile, median of ${runs}`);
  console.log('| Page | Visitor | Performance | Accessibility | Best practices | SEO | LCP | TBT | CLS |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  const visitor = (page: { member?: boolean }) => (page.member ? 'member' : 'guest');
  for (const page of pages) {
    const all = results.get(page.path) ?? [];
    const m = (key: Numeric) => median(all.map((r) => r[key]));
    const each = (key: Numeric) => all.map((r) => r[key]).join(', ');
    console.log(
      `| \`${page.path}\` | ${visitor(page)} | ${m('performance')} (${each('performance')}) | ${m('accessibility')} | ${m('bestPractices')} | ${m('seo')} | ${(m('lcp') / 1000).toFixed(2)} s | ${Math.round(m('tbt'))} ms | ${m('cls').toFixed(3)} |`,
    );
  }

  console.log('\nLCP phases, median ms (TTFB · load delay · load time · render delay), and the LCP element');
  console.log('| Page | TTFB | Load delay | Load time | Render delay | LCP element (runs) |');
  console.log('|---|---|---|---|---|---|');
  for (const page of pages) {
    const all = results.get(page.path) ?? [];
    const phase = (i: number) => Math.round(median(all.map((r) => r.phases[i] ?? Number.NaN)));
    const elements = [...new Set(all.map((r) => r.lcpElement))]
      .map((element) => `${element} (${all.filter((r) => r.lcpElement === element).length})`)
      .join('; ');
    console.log(
      `| \`${page.path}\` | ${phaseNames.map((_, i) => phase(i)).join(' | ')} | ${elements.replace(/\|/g, '\\|')} |`,
    );
  }
  const errors = [...results].flatMap(([page, all]) =>
    [...new Set(all.flatMap((r) => r.errors))].map((e) => `${page}: ${e}`),
  );
  if (errors.length) console.log(`\nConsole errors:\n${errors.join('\n')}`);
} finally {
  await chromium.stop();
  await server.stop();
}
