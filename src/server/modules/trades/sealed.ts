import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Seals what a seller types into a trade (account logins, codes) with AES-256-GCM: a fresh 12-byte IV per
 * message, the trade's id as additional data so a sealed text copied onto another trade does not open there.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url; the key never touches the database.
 */
export function createSealer(secret: string) {
  const key = createHash('sha256').update(`delivery:${secret}`).digest();
  return {
    seal(tradeId: number, text: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(`trade:${tradeId}`));
      const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(tradeId: number, sealed: string): string {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('sealed: unknown format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(`trade:${tradeId}`));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

export type Sealer = ReturnType<typeof createSealer>;
