import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { chromiumPath } from '../tests/e2e/support/chromium';
const url = process.argv[2] ?? 'http://localhost:3930/listing/10';
const browser = await chromium.launch({ executablePath: await chromiumPath(), args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await browser.startTracing(page, { categories: ['devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-devtools.timeline', 'blink', 'loading'] });
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(1500);
const buf = await browser.stopTracing();
writeFileSync('/tmp/tr/trace.json', buf);
await browser.close();
const { traceEvents } = JSON.parse(buf.toString());
const main = traceEvents.find((e: any) => e.name === 'TracingStartedInBrowser') ;
// main renderer thread: the CrRendererMain thread
const threads = traceEvents.filter((e: any) => e.name === 'thread_name' && e.args.name === 'CrRendererMain');
const ids = new Set(threads.map((t: any) => `${t.pid}:${t.tid}`));
const ev = traceEvents.filter((e: any) => ids.has(`${e.pid}:${e.tid}`) && e.ph === 'X');
const tasks = ev.filter((e: any) => (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.dur > 30000);
const t0 = Math.min(...ev.map((e: any) => e.ts));
for (const t of tasks) {
  const kids = ev.filter((e: any) => e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e !== t && e.dur > 4000 && !/RunTask/.test(e.name));
  console.log(`task at ${((t.ts - t0) / 1000).toFixed(0)} ms, ${(t.dur / 1000).toFixed(0)} ms:`);
  for (const k of kids.slice(0, 14)) console.log(`   ${k.name} ${(k.dur / 1000).toFixed(0)} ms ${JSON.stringify(k.args?.data?.url ?? k.args?.data?.functionName ?? k.args?.fileName ?? '').slice(0, 90)}`);
}
