import { chromium } from '@playwright/test';
import { chromiumPath } from '../tests/e2e/support/chromium';
const url = process.argv[2] ?? 'http://localhost:3930/listing/10';
const browser = await chromium.launch({ executablePath: await chromiumPath(), args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(1000);
const { profile } = await cdp.send('Profiler.stop');
await browser.close();
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const self = new Map<number, number>();
const dts = profile.timeDeltas;
profile.samples.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dts[i] ?? 0)));
const agg = new Map<string, number>();
for (const [id, t] of self) {
  const n: any = byId.get(id);
  const cf = n.callFrame;
  const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*\/assets\//, '')}:${cf.lineNumber}:${cf.columnNumber}`;
  agg.set(key, (agg.get(key) ?? 0) + t);
}
const byUrl = new Map<string, number>();
for (const [k, t] of agg) { const u = k.split(' ')[1]?.split(':')[0] ?? ''; byUrl.set(u, (byUrl.get(u) ?? 0) + t); }
console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, t]) => `${(t / 1000).toFixed(0)} ms ${k}`).join('\n'));
console.log('---');
console.log([...agg].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, t]) => `${(t / 1000).toFixed(1)} ms ${k}`).join('\n'));
// total time under each callee of the app chunk's top-level frame
const total = (n: any): number => (self.get(n.id) ?? 0) + (n.children ?? []).reduce((a: number, c: number) => a + total(byId.get(c)), 0);
const tops = profile.nodes.filter((n: any) => n.callFrame.url.includes('/app-') && n.callFrame.lineNumber === 0 && n.callFrame.columnNumber === 0);
for (const top of tops) {
  console.log('TOP total', (total(top) / 1000).toFixed(1), 'self', ((self.get(top.id) ?? 0) / 1000).toFixed(1));
  const kids = (top.children ?? []).map((c: number) => byId.get(c)).map((k: any) => [total(k), `${k.callFrame.functionName || '(anon)'} ${k.callFrame.url.replace(/.*\/assets\//, '')}:${k.callFrame.lineNumber}:${k.callFrame.columnNumber}`]);
  kids.sort((a: any, b: any) => b[0] - a[0]);
  console.log(kids.slice(0, 15).map(([t, k]: any) => `   ${(t / 1000).toFixed(1)} ${k}`).join('\n'));
}
