import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';

/** A process of the cluster, its output appended to its own log file. */
export interface Managed {
  child: ChildProcess;
  pid: number;
  log: string;
  /** Settles when the process has exited, however it ended. */
  exited: Promise<void>;
}

/**
 * Starts `command` in its own process group, so a Ctrl-C in the terminal reaches only `npm run cluster`,
 * which then stops the processes in order (nginx first, so no request reaches an app on its way out).
 */
export function startProcess(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd: string; log: string },
) {
  // Owner-only: an app's log names members and their addresses.
  const out = openSync(options.log, 'a', 0o600);
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', out, out],
    detached: true,
  });
  closeSync(out);
  if (child.pid === undefined) throw new Error(`não foi possível iniciar ${command}`);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return { child, pid: child.pid, log: options.log, exited } satisfies Managed;
}

export const isRunning = (p: Managed) => p.child.exitCode === null && p.child.signalCode === null;

/** SIGTERM, then SIGKILL if it is still there after `graceMs`. Resolves once it is gone. */
export async function stopProcess(p: Managed, graceMs = 20_000) {
  if (!isRunning(p)) return;
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => {
    console.log(`  pid ${p.pid} não encerrou em ${graceMs / 1000} s: SIGKILL`);
    p.child.kill('SIGKILL');
  }, graceMs);
  await p.exited;
  clearTimeout(timer);
}

/** The end of a log, to show why a process did not come up. */
export function tailOf(log: string, lines = 15) {
  try {
    return readFileSync(log, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(sem log)';
  }
}

/** Whether a pid (of an earlier run) is still alive. */
export function isPidAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Polls `check` until it is true; fails when `p` exits first or after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  p: Managed | null,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (p && !isRunning(p)) throw new Error(`${what}: o processo ${p.pid} terminou.\n${tailOf(p.log)}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) {
      throw new Error(`${what}: sem resposta em ${timeoutMs / 1000} s.${p ? `\n${tailOf(p.log)}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
