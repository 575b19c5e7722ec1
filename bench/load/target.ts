import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readSecrets } from '../../scripts/cluster/secrets';
import { type Config, loadConfig } from '../../src/server/config';

const root = path.resolve(import.meta.dirname, '../..');

/** A server process the bench watches: its RSS is read at the start and the end, one may be killed. */
export interface ServerProcess {
  name: string;
  pid: number;
}

export interface Target {
  /** Where the users go (the process itself, or nginx). */
  url: string;
  /** The site's address as its pages and cookies know it (writes carry it as their origin). */
  origin: string;
  /** For seeding the people straight into the target's database. */
  config: Config;
  /** `migrate`: the database is empty and the bench runs the migrations and the demo seed (PGlite, single). */
  seedsDemo: boolean;
  /** Starts what the bench starts itself (after the seeding: PGlite allows one process). */
  start: () => Promise<void>;
  processes: () => ServerProcess[];
  /** Stops what the bench started and removes its files. */
  stop: () => Promise<void>;
}

/** The variables the bench expects on the target's processes: the sign-ins of ~50 users come from one address. */
export const expectedEnv = { RATE_LIMIT_MAX: 100_000 };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitHealthy(url: string, child?: ChildProcess) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${url} did not become healthy in 90 s`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * One production process (`node dist/server/main.js`, built unless `skipBuild`) on PGlite in a throwaway
 * DATA_DIR, the way bench/trades.ts starts it, with the limits the bench expects.
 */
export async function singleTarget({
  skipBuild,
  serverLog,
}: {
  skipBuild: boolean;
  /** A file for the server's log at 'info' (every request with its response time), to tell a slow server apart. */
  serverLog?: string;
}): Promise<Target> {
  if (!skipBuild) execSync('npm run -s build', { cwd: root, stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-bench-load-'));
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    SEED_DEMO: 'false',
    LOG_LEVEL: serverLog ? 'info' : 'warn',
    RATE_LIMIT_MAX: String(expectedEnv.RATE_LIMIT_MAX),
  };
  let child: ChildProcess | null = null;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    origin,
    config: loadConfig(env),
    seedsDemo: true,
    async start() {
      child = spawn(process.execPath, ['dist/server/main.js'], {
        cwd: root,
        env,
        stdio: ['ignore', serverLog ? openSync(serverLog, 'w') : 'ignore', 'inherit'],
      });
      await waitHealthy(url, child);
    },
    processes: () => (child?.pid ? [{ name: 'app', pid: child.pid }] : []),
    async stop() {
      const running = child;
      if (running && running.exitCode === null) {
        const exited = new Promise((r) => running.once('exit', r));
        running.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The fields of `<state>/cluster.json` (scripts/cluster/state.ts) the bench reads. */
interface ClusterState {
  url: string;
  databaseUrl: string;
  nginx: { pid: number };
  apps: { name: string; pid: number; url: string; restarts: number }[];
}

export const readClusterState = (stateDir: string) =>
  JSON.parse(readFileSync(path.join(stateDir, 'cluster.json'), 'utf8')) as ClusterState;

/** A variable of a running process, as it was started (Linux). */
export function envOf(pid: number, name: string) {
  try {
    const entries = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    return entries.find((e) => e.startsWith(`${name}=`))?.slice(name.length + 1);
  } catch {
    return undefined;
  }
}

/**
 * Each app whose variables differ from `expectedEnv`, as `name VAR=value` (`não definido` when unset): the bench
 * needs the limits raised on every app, and only whoever starts the cluster can set them.
 */
export function appsWithoutExpectedEnv(
  apps: ServerProcess[],
  read: (pid: number, name: string) => string | undefined = envOf,
) {
  return apps.flatMap((app) =>
    Object.entries(expectedEnv)
      .filter(([name, wanted]) => read(app.pid, name) !== String(wanted))
      .map(([name]) => `${app.name} ${name}=${read(app.pid, name) ?? 'não definido'}`),
  );
}

/**
 * The settings for writing into a cluster's database: its URL from cluster.json and the secrets its apps were
 * started with (`<state>/secrets.env`, scripts/cluster/secrets.ts), over the shell's environment, so the bench
 * needs nothing loaded first and seals what it writes the way the apps read it.
 */
export function clusterConfig(stateDir: string, dataDir: string, env: NodeJS.ProcessEnv = process.env) {
  const state = readClusterState(stateDir);
  const secrets = readSecrets(stateDir);
  if (!secrets?.DELIVERY_SECRET) {
    throw new Error(
      `${path.join(stateDir, 'secrets.env')} is missing or has no DELIVERY_SECRET: was this cluster started with --state=${stateDir}?`,
    );
  }
  return loadConfig({ ...env, ...secrets, DATA_DIR: dataDir, DATABASE_URL: state.databaseUrl });
}

/** The cluster `npm run cluster` runs (it is started and stopped by its own script, not here). */
export async function clusterTarget(stateDir: string): Promise<Target> {
  const state = readClusterState(stateDir);
  await waitHealthy(state.url);
  const unlimited = appsWithoutExpectedEnv(state.apps);
  if (unlimited.length > 0) {
    const wanted = Object.entries(expectedEnv).map(([name, value]) => `${name}=${value}`);
    throw new Error(
      `the cluster at ${state.url} was not started with the rate limits the bench needs (${unlimited.join(', ')}): ` +
        `stop it and start it again with \`${wanted.join(' ')} npm run cluster -- --state=${stateDir}\``,
    );
  }
  // The people are written through the cluster's database; the bench's own folder only holds the pool's file.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-bench-load-'));
  const config = clusterConfig(stateDir, dataDir);
  return {
    url: state.url,
    origin: state.url,
    config,
    seedsDemo: false,
    start: async () => {},
    processes: () => {
      // Read again: the cluster restarts a process that died, under a new pid.
      const now = readClusterState(stateDir);
      return [...now.apps.map((a) => ({ name: a.name, pid: a.pid })), { name: 'nginx', pid: now.nginx.pid }];
    },
    async stop() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** VmRSS of a process in MiB, or null when it is gone. */
export function rssMiB(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) / 1024 : null;
  } catch {
    return null;
  }
}
