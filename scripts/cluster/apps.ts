import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { isRunning, type Managed, startProcess, waitFor } from './processes';

export interface AppSpec {
  name: string;
  port: number;
  dataDir: string;
  log: string;
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
