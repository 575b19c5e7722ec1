import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The secrets every process of one cluster shares: same cookies everywhere, same sealed deliveries. */
export interface ClusterSecrets {
  SESSION_SECRET: string;
  DELIVERY_SECRET: string;
}

/**
 * `<state>/secrets.env` (mode 0600, the `.env` format compose.yaml reads): made once per cluster and read
 * again on a restart with `--keep`, so the sessions and the sealed credentials in the kept database stay valid.
 */
export function readOrCreateSecrets(stateDir: string): ClusterSecrets {
  const file = path.join(stateDir, 'secrets.env');
  try {
    const values = Object.fromEntries(
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    if (values.SESSION_SECRET && values.DELIVERY_SECRET) return values as unknown as ClusterSecrets;
  } catch {
    // none yet
  }
  const secrets = {
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    DELIVERY_SECRET: randomBytes(32).toString('base64url'),
  };
  writeFileSync(
    file,
    `SESSION_SECRET=${secrets.SESSION_SECRET}\nDELIVERY_SECRET=${secrets.DELIVERY_SECRET}\n`,
    {
      mode: 0o600,
    },
  );
  return secrets;
}
