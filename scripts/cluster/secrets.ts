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

/**
 * `<state>/secrets.env` (mode 0600, the `.env` format compose.yaml reads): made once per cluster and read
 * again on a restart with `--keep`, so the sessions and the sealed credentials in the kept database stay valid.
 * A secret missing from it (a file of an older cluster) is added; those present are kept.
 */
export function readOrCreateSecrets(stateDir: string): ClusterSecrets {
  const file = path.join(stateDir, 'secrets.env');
  let values: Record<string, string> = {};
  try {
    values = Object.fromEntries(
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
  } catch {
    // none yet
  }
  if (names.every((name) => values[name])) return values as unknown as ClusterSecrets;
  const secrets = Object.fromEntries(
    names.map((name) => [name, values[name] || randomBytes(32).toString('base64url')]),
  ) as unknown as ClusterSecrets;
  writeFileSync(file, names.map((name) => `${name}=${secrets[name]}\n`).join(''), { mode: 0o600 });
  return secrets;
}
