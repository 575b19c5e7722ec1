import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataLock, DataLockError, LOCK_FILE } from '../../src/server/data-lock';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mg-lock-unit-'));
  file = path.join(dir, LOCK_FILE);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const holder = (values: Record<string, unknown>) =>
  writeFileSync(file, JSON.stringify({ host: hostname(), startedAt: '2026-01-01T00:00:00.000Z', ...values }));

const takesIt = () => {
  const lock = acquireDataLock(dir);
  expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
  lock.release();
  expect(() => readFileSync(file)).toThrow();
};

describe('acquireDataLock', () => {
  it('takes a free folder, refuses while held, and is free again once released', () => {
    const lock = acquireDataLock(dir);
    // The same process asking again counts as a stale file (a restarted container reuses its pid), so
    // a live holder is simulated with the parent process.
    lock.release();
    holder({ pid: process.ppid });
    expect(() => acquireDataLock(dir)).toThrow(DataLockError);
    expect(() => acquireDataLock(dir)).toThrow(
      `A pasta de dados ${dir} já está em uso pelo processo ${process.ppid}`,
    );
  });

  it('takes over the lock of a process that no longer runs (kill -9)', () => {
    holder({ pid: 2 ** 22 + 12_345 });
    takesIt();
  });

  it('takes over when the pid now belongs to another process (started at another time)', () => {
    holder({ pid: process.ppid, startTicks: '1' });
    takesIt();
  });

  it('takes over a lock from before the last boot', () => {
    holder({ pid: process.ppid, bootId: 'another-boot' });
    takesIt();
  });

  it('on another host, trusts a refreshed lock and takes over a stale one', () => {
    holder({ pid: 1, host: 'outro-servidor' });
    expect(() => acquireDataLock(dir)).toThrow('pelo processo 1 no servidor outro-servidor');
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    takesIt();
  });

  it('treats an unreadable lock as held until it is old', () => {
    writeFileSync(file, 'lixo');
    expect(() => acquireDataLock(dir)).toThrow(DataLockError);
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    takesIt();
  });
});
