import { randomBytes } from 'node:crypto';
import {
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One process per data folder. The embedded database (PGlite) is a single-writer store: two processes on
 * one DATA_DIR both start, both write, and the next start finds a corrupt database. The first process
 * takes DATA_DIR/server.lock; any other refuses to start, naming the folder and the holder.
 *
 * The lock names its holder (pid, start time, boot, host) instead of relying on the kernel: Node has no
 * flock(), and a file that merely exists would outlive a kill -9. A holder counts as running while its
 * pid is alive AND is the same process (same boot and start time, so a pid reused after a crash or a
 * container restart does not count). On another host (a shared volume), the holder refreshes the file
 * every HEARTBEAT_MS, and a file left unrefreshed for STALE_MS is stale. A stale lock is taken over at
 * once: kill -9 the server, start it again, it comes up.
 */
export const LOCK_FILE = 'server.lock';
const HEARTBEAT_MS = 10_000;
const STALE_MS = 3 * HEARTBEAT_MS;

export class DataLockError extends Error {}

interface Holder {
  pid: number;
  host: string;
  /** Linux: boot id and start time (clock ticks since boot) of the process, which a reused pid lacks. */
  bootId: string | null;
  startTicks: string | null;
  startedAt: string;
}

export interface DataLock {
  file: string;
  /** Removes the lock if it is still ours (also done on process exit). */
  release(): void;
}

/** Takes the data folder's lock or throws a DataLockError whose message says who holds it (pt-BR). */
export function acquireDataLock(dataDir: string): DataLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const me: Holder = {
    pid: process.pid,
    host: hostname(),
    bootId: bootId(),
    startTicks: startTicks(process.pid),
    startedAt: new Date().toISOString(),
  };
  const content = `${JSON.stringify(me)}\n`;

  for (let attempt = 0; attempt < 20; attempt++) {
    // Written whole beside the lock, then linked into place: link() fails if the lock exists, so the
    // lock never appears half-written and two starters cannot both win.
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, content, { mode: 0o644 });
    try {
      linkSync(temp, file);
      return held(file, content);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(temp);
    }

    const seen = readHolder(file);
    if (seen === 'missing') continue;
    if (seen === 'unreadable') {
      // Not written by this code (a lock file is never partial); treat as stale once it is old.
      if (ageMs(file) < STALE_MS) throw new DataLockError(message(dataDir, file, null));
    } else if (isRunning(seen, file)) {
      throw new DataLockError(message(dataDir, file, seen));
    }
    takeOver(file, seen);
  }
  throw new DataLockError(message(dataDir, file, null));
}

/**
 * Moves the stale lock aside. If, in between, another starter replaced it with its own, the moved file
 * is not the one judged stale: it is put back (unless yet another lock took its place) and the next
 * attempt meets a live holder.
 */
function takeOver(file: string, stale: Holder | 'unreadable') {
  const aside = `${file}.stale-${randomBytes(4).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readHolder(aside);
  const same =
    stale === 'unreadable' ? moved === 'unreadable' : typeof moved === 'object' && sameHolder(moved, stale);
  if (!same) {
    try {
      linkSync(aside, file);
    } catch {
      // Someone holds the lock again: the next attempt reads who.
    }
  }
  unlinkSync(aside);
}

function held(file: string, content: string): DataLock {
  const ours = () => {
    try {
      return readFileSync(file, 'utf8') === content;
    } catch {
      return false;
    }
  };
  // Seen from another host, a lock is alive while it is refreshed.
  const heartbeat = setInterval(() => {
    const now = new Date();
    if (ours()) utimesSync(file, now, now);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const release = () => {
    clearInterval(heartbeat);
    process.off('exit', release);
    if (ours()) unlinkSync(file);
  };
  // Every exit that runs JavaScript (a signal handled by main.ts, an uncaught error, process.exit);
  // kill -9 runs none, and the next start sees the holder is gone.
  process.on('exit', release);
  return { file, release };
}

function isRunning(holder: Holder, file: string): boolean {
  if (holder.host !== hostname()) return ageMs(file) < STALE_MS;
  // Our own pid: the file predates this process (a container restarted with the same pid).
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const boot = bootId();
  if (holder.bootId && boot && holder.bootId !== boot) return false;
  const ticks = startTicks(holder.pid);
  if (holder.startTicks && ticks && holder.startTicks !== ticks) return false;
  return true;
}

function message(dataDir: string, file: string, holder: Holder | null): string {
  const who = holder
    ? `pelo processo ${holder.pid}${holder.host === hostname() ? '' : ` no servidor ${holder.host}`}, iniciado em ${holder.startedAt}`
    : 'por outro processo';
  return [
    `A pasta de dados ${dataDir} já está em uso ${who}.`,
    'Dois servidores na mesma pasta corrompem o banco embutido (PGlite): encerre o outro antes de iniciar este,',
    'use outra DATA_DIR, ou use DATABASE_URL (PostgreSQL) para rodar vários processos.',
    `Se esse processo não existe mais, apague ${file}.`,
  ].join('\n');
}

function readHolder(file: string): Holder | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (!Number.isInteger(value.pid) || typeof value.host !== 'string') return 'unreadable';
    return {
      pid: value.pid as number,
      host: value.host,
      bootId: value.bootId ?? null,
      startTicks: value.startTicks ?? null,
      startedAt: String(value.startedAt ?? '?'),
    };
  } catch {
    return 'unreadable';
  }
}

const sameHolder = (a: Holder, b: Holder) =>
  a.pid === b.pid && a.host === b.host && a.startTicks === b.startTicks && a.startedAt === b.startedAt;

function ageMs(file: string): number {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Linux: changes at every boot. Elsewhere null (the pid check alone decides). */
function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

/** Linux: field 22 of /proc/<pid>/stat, the process's start time in clock ticks since boot. */
function startTicks(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after its end.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
