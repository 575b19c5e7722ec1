import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { isRunning, type Managed, startProcess, waitFor } from './processes';
import { s3Env } from './s3';
import type { ClusterSecrets } from './secrets';

export interface AppSpec {
  name: string;
  port: number;
  dataDir: string;
  log: string;
}

/**
 * What every app process of the cluster gets, beside its own PORT, DATA_DIR and SEED_DEMO. compose.yaml sets
 * the same variables (tests/api/nginx-config.test.ts checks it).
 */
export function clusterAppEnvironment(options: {
  url: string;
  databaseUrl: string;
  secrets: ClusterSecrets;
  s3Endpoint: string;
}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: options.url,
    // nginx, on this machine, sets X-Forwarded-For to the client's address: the rate limits and login history
    // believe it from nginx's address only.
    TRUST_PROXY: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    ...options.secrets,
    ...s3Env(options.s3Endpoint),
  };
}

/** Up to three minutes: the first process migrates the database and seeds the demo data, photos included. */
const READY_TIMEOUT_MS = 180_000;

/** Starts `node dist/server/main.js` with `env` plus its own PORT and DATA_DIR. */
export function launchApp(root: string, app: AppSpec, env: NodeJS.ProcessEnv): Managed {
  mkdirSync(app.dataDir, { recursive: true });
  return startProcess(process.execPath, [path.join(root, 'dist', 'server', 'main.js')], {
    cwd: root,
    env: { ...env, PORT: String(app.port), DATA_DIR: app.dataDir },
    log: app.log,
  });
}

/** Waits until the process answers /api/health with 200 (its database reachable). */
export const waitForApp = (app: AppSpec, process_: Managed) =>
  waitFor(
    `${app.name} (porta ${app.port})`,
    async () => (await fetch(`http://127.0.0.1:${app.port}/api/health`)).ok,
    process_,
    READY_TIMEOUT_MS,
  );

/**
 * Starts an app again when it dies while the cluster runs (a crash, or a SIGKILL from bench/load.ts), as a
 * process manager or compose's `restart:` would. `onRestart` hears of the new process at once, so stopping
 * the cluster also stops one that is still starting.
 */
export function superviseApp(options: {
  root: string;
  app: AppSpec;
  env: NodeJS.ProcessEnv;
  first: Managed;
  isStopping: () => boolean;
  onRestart: (next: Managed) => void;
}) {
  const { root, app, env, isStopping } = options;
  const watch = (current: Managed) => {
    current.exited.then(async () => {
      if (isStopping()) return;
      const how = current.child.signalCode ?? `código ${current.child.exitCode}`;
      console.log(`${app.name} (pid ${current.pid}) terminou (${how}); iniciando de novo...`);
      const next = launchApp(root, app, env);
      options.onRestart(next);
      try {
        await waitForApp(app, next);
        console.log(`${app.name} de volta: pid ${next.pid}, porta ${app.port}`);
        watch(next);
      } catch (error) {
        // One that cannot come up is not tried again in a loop: its log says why.
        if (!isStopping()) console.error(`${app.name} não voltou: ${(error as Error).message}`);
      }
    });
  };
  if (isRunning(options.first)) watch(options.first);
}
