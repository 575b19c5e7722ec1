import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `<state>/cluster.json`, written once everything answers and again when a process is restarted; removed when
 * the cluster stops. Other scripts read it (bench/load.ts: the pids to kill): add fields, never rename one.
 */
export interface ClusterState {
  /** The address users reach: nginx. Also every app's PUBLIC_URL. */
  url: string;
  /** The `npm run cluster` process: SIGTERM (or Ctrl-C in its terminal) stops everything in order. */
  pid: number;
  startedAt: string;
  databaseUrl: string;
  s3: { endpoint: string; bucket: string; pid: number };
  nginx: { pid: number; port: number; config: string };
  apps: ClusterApp[];
  /** One log file per process: app-1.log…, nginx.log, s3rver.log. */
  logsDir: string;
}

export interface ClusterApp {
  name: string;
  /** Changes when the process is restarted after dying (see `restarts`). */
  pid: number;
  port: number;
  /** Its own address, bypassing nginx. */
  url: string;
  dataDir: string;
  log: string;
  /** How many times the cluster started it again after it died on its own or was killed. */
  restarts: number;
}

export const stateFile = (stateDir: string) => path.join(stateDir, 'cluster.json');

/**
 * The state folder and one inside it, owner-only (0700): they hold the secrets, the database URL with its
 * password, and the logs, which name members and addresses.
 */
export function makePrivateDir(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // mkdir leaves a folder that was already there as it was.
  chmodSync(dir, 0o700);
}

/** Owner-only (0600): it holds the database URL, password included. */
export function writeClusterState(stateDir: string, state: ClusterState) {
  const file = stateFile(stateDir);
  writeFileSync(file, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/** The state of the cluster that was started with this folder, or null when none is (or was left) there. */
export function readClusterState(stateDir: string): ClusterState | null {
  try {
    return JSON.parse(readFileSync(stateFile(stateDir), 'utf8')) as ClusterState;
  } catch {
    return null;
  }
}

export function removeClusterState(stateDir: string) {
  rmSync(stateFile(stateDir), { force: true });
}
