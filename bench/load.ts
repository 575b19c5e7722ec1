/**
 * Mixed users under load (issue 24): N virtual users for a bounded time against a running marketplace, each
 * browsing (home, search pages, game pages), searching, opening listings (API and page), signing in, making
 * offers, taking trades through their steps (buy now → value → payment by staff → delivery → confirmation →
 * payout) and chatting in them, with a WebSocket on `/ws` each (the chat's delay is measured until the message
 * reaches the other party's socket). Members and staff are written to the target's database first (the way the
 * e2e member pool makes them); they sign in through the route.
 *
 * Targets:
 *  --single   one production process on PGlite, started here on a throwaway DATA_DIR with the demo seed
 *             (built first unless --skip-build) and RATE_LIMIT_MAX raised, stopped at the end;
 *  --cluster  the processes `npm run cluster` runs (its <state>/cluster.json and secrets.env; it must have been
 *             started with RATE_LIMIT_MAX=100000, checked first),
 *             with --kill: one app process is SIGKILLed halfway; sockets must reconnect, and every write that
 *             answered 2xx must still be there at the end, with a clean ledger reconciliation.
 *
 * Prints the requests and throughput, p50/p99 per route template, the failures (any status the mix does not
 * expect; none allowed) apart from those the kill explains, the chat's delay on the sockets, reconnections, and
 * each server process's RSS at the start and the end.
 *
 * Run: npm run bench:load -- --single [--users=50] [--seconds=60] [--skip-build]
 *      npm run bench:load -- --cluster [--state=.cluster] [--kill] [--users=50] [--seconds=60]
 */
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { demoAccounts } from '../src/server/demo/seed';
import { cookieFrom, createClient } from './load/http';
import { seedPeople } from './load/people';
import { printReport } from './load/report';
import { createSocketFigures, type LiveSocket, openLiveSocket } from './load/sockets';
import { createStats } from './load/stats';
import {
  clusterTarget,
  envOf,
  expectedEnv,
  rssMiB,
  type ServerProcess,
  singleTarget,
  type Target,
} from './load/target';
import { createVirtualUser, type World } from './load/user';
import { verifyWrites } from './load/verify';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const USERS = Number(args.users ?? 50);
const SECONDS = Number(args.seconds ?? 60);
const cluster = args.cluster === 'true';
const kill = args.kill === 'true';
if (!cluster && args.single !== 'true') throw new Error('say --single or --cluster');
if (kill && !cluster) throw new Error('--kill needs --cluster');
if (USERS < 2) throw new Error('--users: at least 2 (each buys from the next)');
/** Two virtual users per staff member: their two steps per trade stay under the staff's 120 per window. */
const STAFF = Math.ceil(USERS / 2);

const wait = (t: number) => new Promise((r) => setTimeout(r, t));

const target: Target = cluster
  ? await clusterTarget(args.state ?? '.cluster')
  : await singleTarget({ skipBuild: args['skip-build'] === 'true', serverLog: args['server-log'] });
try {
  console.log(
    `${new Date().toISOString()}, ${availableParallelism()} cores (${cpus()[0]?.model.trim()}), ` +
      `${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.versions.node}, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  console.log(
    `Target: ${cluster ? `cluster at ${target.url}${kill ? ', one app killed halfway' : ''}` : `one process on PGlite at ${target.url}`}; ` +
      `${USERS} users (+${STAFF} staff) for ${SECONDS} s`,
  );
  const people = await seedPeople(target.config, { members: USERS, staff: STAFF, migrate: target.seedsDemo });
  await target.start();
  const processes = target.processes();
  for (const [name, wanted] of Object.entries(expectedEnv)) {
    // The single process gets them from here; a cluster's apps from whoever started it.
    const seen = processes
      .filter((p) => p.name !== 'nginx')
      .map((p) => `${p.name}=${envOf(p.pid, name) ?? 'não definido'}`);
    console.log(`Expected ${name}=${wanted} on every app: ${seen.join(', ')}`);
  }

  const setupStats = createStats();
  const setup = createClient(target.url, target.origin, setupStats, 16);
  const signIn = async (m: { email: string; password: string }) => {
    const res = await setup.call({ route: 'sign-in', path: '/api/accounts/login', body: m, expect: [200] });
    if (!res.ok) throw new Error(`sign-in of ${m.email}: HTTP ${res.status}`);
    return cookieFrom(res.setCookies);
  };
  const cookies = await Promise.all(people.members.map(signIn));
  const staffCookies = await Promise.all(people.staff.map(signIn));
  const games = (await setup.call({ route: 'games', path: '/api/games' })).json() as {
    games: { slug: string }[];
  };
  const tradeListingIds = new Set(people.tradeListings.flat().map((l) => l.id));
  const firstPage = (await setup.call({ route: 'listings', path: '/api/listings?pageSize=48' })).json() as {
    items: { id: number }[];
  };
  const openable = [
    ...firstPage.items.map((l) => l.id).filter((id) => !tradeListingIds.has(id)),
    ...people.offerListings.flat(),
  ];
  const socketFigures = createSocketFigures();
  const wsUrl = `${target.url.replace(/^http/, 'ws')}/ws`;
  const sockets: LiveSocket[] = cookies.map((cookie) =>
    openLiveSocket(wsUrl, target.origin, cookie, socketFigures),
  );
  await Promise.all(sockets.map((s) => s.ready));
  await setup.close();

  const stats = createStats();
  // One client per user, with a browser's six connections to the site.
  const clients = people.members.map(() => createClient(target.url, target.origin, stats, 6));
  const world: World = {
    clients,
    people,
    cookies,
    staffCookies,
    sockets,
    gameSlugs: games.games.map((g) => g.slug),
    openable,
    written: { offers: [], trades: new Map(), chats: [] },
  };
  const rssAt = (list: ServerProcess[]) => list.map((p) => ({ ...p, rss: rssMiB(p.pid) }));
  const rssStart = rssAt(processes);
  const loadStart = loadavg()[0] as number;
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  stats.begin();
  const deadline = started + SECONDS * 1000;

  let killed: { name: string; pid: number; at: number } | null = null;
  const killHalfway = kill
    ? (async () => {
        await wait((SECONDS * 1000) / 2);
        const victim = processes.find((p) => p.name !== 'nginx') as ServerProcess;
        stats.markKill();
        process.kill(victim.pid, 'SIGKILL');
        killed = { ...victim, at: (performance.now() - started) / 1000 };
      })()
    : Promise.resolve();

  await Promise.all(people.members.map((_, i) => createVirtualUser(world, i)(deadline)));
  const seconds = (performance.now() - started) / 1000;
  await killHalfway;
  const rssEnd = rssAt(target.processes());
  const loadEnd = loadavg()[0] as number;
  const cpu = process.cpuUsage(cpuStart);
  // The last messages' sockets: wait until every one expected arrived, or give up after 5 s (those never came).
  for (let i = 0; i < 50 && sockets.some((s) => s.waiting() > 0); i++) await wait(100);
  const neverArrived = sockets.reduce((n, s) => n + s.waiting(), 0);
  for (const s of sockets) s.stop();

  const verifyStats = createStats();
  const verifier = createClient(target.url, target.origin, verifyStats, 8);
  const admin = demoAccounts(target.config).admin;
  const check = await verifyWrites(verifier, world, admin);
  await verifier.close();
  await Promise.all(clients.map((c) => c.close()));

  printReport({
    stats,
    seconds,
    load: [loadStart, loadEnd],
    benchCpuSeconds: (cpu.user + cpu.system) / 1e6,
    sockets: socketFigures,
    neverArrived,
    rss: rssStart.map((p) => ({ start: p, end: rssEnd.find((e) => e.name === p.name) })),
    killed,
    check,
  });
  if (
    stats.failures.length + check.missing.length + check.reconciliation.problems.length + neverArrived >
    0
  ) {
    process.exitCode = 1;
  }
} finally {
  await target.stop();
}
