import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appsWithoutExpectedEnv, clusterConfig } from '../../bench/load/target';
import { readOrCreateSecrets } from '../../scripts/cluster/secrets';
import { type ClusterState, makePrivateDir, writeClusterState } from '../../scripts/cluster/state';
import { loadConfig } from '../../src/server/config';

// `npm run bench:load -- --cluster --state=.cluster`, as bench/README gives it, from a shell that loaded nothing.
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
const folder = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mg-bench-cluster-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const databaseUrl = 'postgres://postgres:segredo@127.0.0.1:5432/mg_cluster';
const startedCluster = () => {
  const state = path.join(folder(), '.cluster');
  makePrivateDir(state);
  writeClusterState(state, { url: 'http://127.0.0.1:8080', databaseUrl } as ClusterState);
  return { state, secrets: readOrCreateSecrets(state) };
};

describe("the load bench's settings for a cluster", () => {
  it("take the cluster's own secrets, so the shell needs none of them", () => {
    const { state, secrets } = startedCluster();
    const dataDir = folder();
    const shell = { PATH: process.env.PATH };
    // What the bench did before: the shell's variables and the database URL alone.
    expect(() => loadConfig({ ...shell, DATA_DIR: dataDir, DATABASE_URL: databaseUrl })).toThrow(
      'DATABASE_URL exige DELIVERY_SECRET',
    );
    const config = clusterConfig(state, dataDir, shell);
    expect([config.databaseUrl, config.deliverySecret, config.sessionSecret]).toEqual([
      databaseUrl,
      secrets.DELIVERY_SECRET,
      secrets.SESSION_SECRET,
    ]);
    // A shell holding another cluster's secrets does not seal with the wrong key.
    const stale = { ...shell, DELIVERY_SECRET: 'x'.repeat(43), SESSION_SECRET: 'y'.repeat(43) };
    expect(clusterConfig(state, dataDir, stale).deliverySecret).toBe(secrets.DELIVERY_SECRET);
  });

  it('say which state folder has no secrets when the cluster was started elsewhere', () => {
    const state = folder();
    writeClusterState(state, { url: 'http://127.0.0.1:8080', databaseUrl } as ClusterState);
    expect(() => clusterConfig(state, folder(), {})).toThrow(
      `${path.join(state, 'secrets.env')} is missing or has no DELIVERY_SECRET`,
    );
  });
});

describe("the load bench's check of a cluster's rate limits", () => {
  const running = (env: NodeJS.ProcessEnv) => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { env });
    cleanups.push(() => child.kill());
    return child.pid as number;
  };

  it('names each app started without the raised limits, read from the running processes', () => {
    const apps = [
      { name: 'app-1', pid: running({ RATE_LIMIT_MAX: '100000' }) },
      { name: 'app-2', pid: running({}) },
      { name: 'app-3', pid: running({ RATE_LIMIT_MAX: '300' }) },
    ];
    expect(appsWithoutExpectedEnv(apps)).toEqual([
      'app-2 RATE_LIMIT_MAX=não definido',
      'app-3 RATE_LIMIT_MAX=300',
    ]);
    expect(appsWithoutExpectedEnv(apps.slice(0, 1))).toEqual([]);
  });
});
