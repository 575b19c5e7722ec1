import type { SocketFigures } from './sockets';
import { percentile, type Stats } from './stats';
import type { ServerProcess } from './target';
import type { verifyWrites } from './verify';

type Sample = ServerProcess & { rss: number | null };

export interface Run {
  stats: Stats;
  seconds: number;
  /** The 1-minute load average at the start and at the end. */
  load: [number, number];
  benchCpuSeconds: number;
  sockets: SocketFigures;
  neverArrived: number;
  rss: { start: Sample; end: Sample | undefined }[];
  killed: { name: string; pid: number; at: number } | null;
  check: Awaited<ReturnType<typeof verifyWrites>>;
}

const ms = (n: number) => n.toFixed(0).padStart(7);
const mib = (n: number | null) => (n === null ? 'gone' : `${n.toFixed(0)} MiB`);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

/** The figures bench/README.md keeps, in the order it shows them. */
export function printReport(r: Run) {
  const { stats, check } = r;
  const total = stats.total();
  console.log(
    `\n${total} requests in ${r.seconds.toFixed(1)} s: ${(total / r.seconds).toFixed(1)} requests/s ` +
      `(load average ${r.load[0].toFixed(1)} → ${r.load[1].toFixed(1)}; the bench itself used ` +
      `${r.benchCpuSeconds.toFixed(1)} s of CPU on the same cores)`,
  );
  const timeline = stats.timeline().map((n) => n.toFixed(0));
  console.log(`  requests/s in each 5 s: ${timeline.join(' ')}`);
  console.log(
    `  ${'route'.padEnd(40)} ${'count'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)}`,
  );
  for (const row of stats.table()) {
    console.log(
      `  ${row.route.padEnd(40)} ${String(row.count).padStart(6)} ${ms(row.p50)} ${ms(row.p99)} ${ms(row.max)}`,
    );
  }
  const slowest = stats.slowest.map(
    (s) => `${s.route} ${(s.ms / 1000).toFixed(1)} s (sent at ${s.startedS.toFixed(0)} s)`,
  );
  console.log(`  slowest: ${slowest.join('; ')}`);

  const delays = sorted(r.sockets.chatDelays);
  console.log(
    `Chat on the sockets (POST sent → 'chat' on the other party's socket): ${delays.length} messages, ` +
      `p50 ${percentile(delays, 50).toFixed(0)} ms, p99 ${percentile(delays, 99).toFixed(0)} ms; ` +
      `never arrived ${r.neverArrived}; sent while the recipient was reconnecting ${r.sockets.missedWhileDown}`,
  );
  const reconnects = sorted(r.sockets.reconnects);
  console.log(
    `Socket reconnections: ${reconnects.length}` +
      (reconnects.length > 0
        ? `, close → hello p50 ${percentile(reconnects, 50).toFixed(0)} ms, max ${(reconnects.at(-1) ?? 0).toFixed(0)} ms, ` +
          `${r.sockets.failedAttempts} failed attempts`
        : ''),
  );

  console.log('RSS (VmRSS) at the start → at the end:');
  for (const { start, end } of r.rss) {
    const restarted = end && end.pid !== start.pid ? ` (restarted as pid ${end.pid} after the kill)` : '';
    console.log(
      `  ${start.name.padEnd(8)} pid ${start.pid}: ${mib(start.rss)} → ${mib(end?.rss ?? null)}${restarted}`,
    );
  }

  if (r.killed) {
    console.log(`Killed ${r.killed.name} (pid ${r.killed.pid}) with SIGKILL at ${r.killed.at.toFixed(1)} s`);
    const byRoute = new Map<string, number>();
    for (const f of stats.lostAtKill) {
      const key = `${f.route} → ${f.status}`;
      byRoute.set(key, (byRoute.get(key) ?? 0) + 1);
    }
    console.log(
      `Lost at kill (in flight when it died: the user saw an error, not errors here): ${stats.lostAtKill.length}`,
    );
    for (const [key, n] of byRoute) console.log(`  ${n} × ${key}`);
  }
  console.log(`Errors: ${stats.failures.length}`);
  for (const f of stats.failures.slice(0, 30)) console.log(`  ${f.route} → ${f.status}: ${f.detail}`);

  console.log(
    `Writes that answered 2xx, read back through the API: ${check.checked.offers} offers, ${check.checked.trades} trades, ` +
      `${check.checked.chats} chat messages — ${check.missing.length === 0 ? 'all there' : `${check.missing.length} MISSING`}`,
  );
  for (const m of check.missing.slice(0, 30)) console.log(`  ${m}`);
  const { problems, figures } = check.reconciliation;
  console.log(
    `Ledger reconciliation (demo admin): ${problems.length === 0 ? 'clean' : 'PROBLEMS'} ${JSON.stringify(figures)}`,
  );
  for (const p of problems) console.log(`  ${p}`);
}
