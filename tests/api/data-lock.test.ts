import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../helpers/server-bundle';

/**
 * One data folder, one server: the real server (the production bundle of src/server/main.ts) started twice on one
 * DATA_DIR. The second refuses with a message naming the folder and the first one's pid; after a
 * kill -9 of the first, a new start comes up.
 */
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-lock-'));
const server = buildServer();
const started: ChildProcess[] = [];

interface Run {
  child: ChildProcess;
  output: () => string;
  /** 'up' once the banner is printed, else the exit code. */
  outcome: Promise<'up' | number>;
}

function start(): Run {
  const child = spawn(process.execPath, [server.entry], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  const outcome = new Promise<'up' | number>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Mercado Gamer rodando em')) resolve('up');
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
  return { child, output: () => output, outcome };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

afterAll(async () => {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited(child);
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
  server.remove();
});

describe('one server per data folder (embedded database)', () => {
  it('refuses a second server, and lets a new one start after a kill -9', { timeout: 240_000 }, async () => {
    const first = start();
    expect(await first.outcome, first.output()).toBe('up');

    const second = start();
    const outcome = await second.outcome;
    expect(outcome, second.output()).not.toBe('up');
    expect(outcome).not.toBe(0);
    expect(second.output()).toContain(
      `A pasta de dados ${dataDir} já está em uso pelo processo ${first.child.pid}`,
    );

    // A crash: no exit handler runs, the lock file stays behind.
    first.child.kill('SIGKILL');
    await exited(first.child);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);

    const third = start();
    expect(await third.outcome, third.output()).toBe('up');
    // A clean stop releases the lock.
    third.child.kill('SIGTERM');
    await exited(third.child);
    expect(third.child.exitCode).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });
});
