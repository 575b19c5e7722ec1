import webpush from 'web-push';
import type { Db } from '../../db/client';
import { readOrCreateSharedSecret } from '../../db/server-secrets';

export interface VapidKeys {
  /** The uncompressed P-256 point, base64url: the browser's `applicationServerKey`. */
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair every process signs pushes with: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when given, else the pair
 * generated once into `server_secrets` (decision 025's way: the first process to ask inserts it, everyone reads
 * the row that won), in both modes. A browser's subscription is bound to the public key: changing it makes every
 * device subscribe again. Kept beside the subscriptions: whoever reads the database can read those too, and the
 * key only lets one push to them.
 */
export async function resolveVapidKeys(given: VapidKeys | null, db: Db): Promise<VapidKeys> {
  if (given) return given;
  const stored = await readOrCreateSharedSecret(db, 'vapid', () =>
    JSON.stringify(webpush.generateVAPIDKeys()),
  );
  const { publicKey, privateKey } = JSON.parse(stored) as VapidKeys;
  return { publicKey, privateKey };
}
