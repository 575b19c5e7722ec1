import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The secrets every process of one cluster shares: same cookies everywhere, same sealed deliveries; and the
 * password the first process gives the demo admin it seeds (with DATABASE_URL, never the README's).
 */
export interface ClusterSecrets {
  SESSION_SECRET: string;
  DELIVERY_SECRET: string;
  ADMIN_PASSWORD: string;
}
const names = ['SESSION_SECRET', 'DELIVERY_SECRET', 'ADMIN_PASSWORD'] as const;

const secretsFile = (stateDir: string) => path.join(stateDir, 'secrets.env');

/**
 * The secrets a cluster was started with, as `<state>/secrets.env` holds them (for another script talking to its
 * database: bench/load.ts), or null when there is no such file.
 */
export function readSecrets(stateDir: string): Partial<ClusterSecrets> | null {
  let text: string;
  try {
    text = readFileSync(secretsFile(stateDir), 'utf8');
  } catch {
    return null;
  }
  const pairs = text
    .split('\n')
    .filter((line) => line.includes('='))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const);
  return Object.fromEntries(pairs.filter(([name]) => (names as readonly string[]).includes(name)));
}

/**
 * `<state>/secrets.env` (mode 0600, the `.env` format compose.yaml reads): made once per cluster and read
 * again on a restart with `--keep`, so the sessions and the sealed credentials in the kept database stay valid.
 * A secret missing from it (a file of an older cluster) is added; those present are kept.
 */
export function readOrCreateSecrets(stateDir: string): ClusterSecrets {
  const file = secretsFile(stateDir);
  const values = readSecrets(stateDir) ?? {};
  if (names.every((name) => values[name])) return values as unknown as ClusterSecrets;
  const secrets = Object.fromEntries(
    names.map((name) => [name, values[name] || randomBytes(32).toString('base64url')]),
  ) as unknown as ClusterSecrets;
  writeFileSync(file, names.map((name) => `${name}=${secrets[name]}\n`).join(''), { mode: 0o600 });
  return secrets;
}
