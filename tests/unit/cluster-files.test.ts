import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withMaskedPassword } from '../../scripts/cluster/database';
import { startProcess } from '../../scripts/cluster/processes';
import { readOrCreateSecrets } from '../../scripts/cluster/secrets';
import { type ClusterState, makePrivateDir, writeClusterState } from '../../scripts/cluster/state';

// `npm run cluster` keeps secrets, a database URL with its password and logs that name members: owner-only
// (security round 3).
const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mg-cluster-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('the cluster state folder', () => {
  it('is owner-only, with its state file, secrets and logs', async () => {
    const state = path.join(folder(), '.cluster');
    const logs = path.join(state, 'logs');
    makePrivateDir(state);
    makePrivateDir(logs);
    expect([modeOf(state), modeOf(logs)]).toEqual([0o700, 0o700]);

    writeClusterState(state, { databaseUrl: 'postgres://postgres:segredo@127.0.0.1/mg' } as ClusterState);
    expect(modeOf(path.join(state, 'cluster.json'))).toBe(0o600);
    readOrCreateSecrets(state);
    expect(modeOf(path.join(state, 'secrets.env'))).toBe(0o600);

    const log = path.join(logs, 'app-1.log');
    const child = startProcess(process.execPath, ['-e', 'console.log("ok")'], { cwd: state, log });
    await child.exited;
    expect([readFileSync(log, 'utf8'), modeOf(log)]).toEqual(['ok\n', 0o600]);
  });

  it('makes a folder that was already there owner-only too', () => {
    const open = path.join(folder(), 'aberta');
    mkdirSync(open, { mode: 0o755 });
    chmodSync(open, 0o755);
    makePrivateDir(open);
    expect(modeOf(open)).toBe(0o700);
  });
});

describe('the cluster secrets', () => {
  it("give the demo admin a password of the cluster's own, kept with --keep, added to an older file", () => {
    const state = folder();
    writeFileSync(path.join(state, 'secrets.env'), 'SESSION_SECRET=sessao\nDELIVERY_SECRET=lacre\n');
    const secrets = readOrCreateSecrets(state);
    expect(secrets).toMatchObject({ SESSION_SECRET: 'sessao', DELIVERY_SECRET: 'lacre' });
    expect(secrets.ADMIN_PASSWORD).toMatch(/^[\w-]{43}$/);
    expect(readOrCreateSecrets(state)).toEqual(secrets);
  });
});

describe('the database URL the cluster prints', () => {
  it('shows no password', () => {
    expect(withMaskedPassword('postgres://postgres:segredo@127.0.0.1:5432/mg_cluster')).toBe(
      'postgres://postgres:***@127.0.0.1:5432/mg_cluster',
    );
    expect(withMaskedPassword('postgres://postgres@127.0.0.1:5432/mg_cluster')).toBe(
      'postgres://postgres@127.0.0.1:5432/mg_cluster',
    );
  });
});
