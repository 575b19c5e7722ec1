import { readFileSync, rmSync, writeFileSync } from 'node:fs';
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

export function writeClusterState(stateDir: string, state: ClusterState) {
  writeFileSync(stateFile(stateDir), `${JSON.stringify(state, null, 2)}\n`);
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
