import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Seals what a seller types into a trade (account logins, codes) with AES-256-GCM: a fresh 12-byte IV per
 * message, the trade's id as additional data so a sealed text copied onto another trade does not open there.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url; the key never touches the database. An instant listing's
 * vault (issue 37) seals its codes with the same key and scheme, the listing's id as additional data.
 */
export function createSealer(secret: string) {
  const key = createHash('sha256').update(`delivery:${secret}`).digest();
  // A separate key for the codes' keyed hash: equal codes compare equal, and the hash opens nothing.
  const hashKey = createHash('sha256').update(`code-hash:${secret}`).digest();

  function seal(aad: string, text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(aad));
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }
  function open(aad: string, sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('sealed: unknown format');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  return {
    seal: (tradeId: number, text: string) => seal(`trade:${tradeId}`, text),
    open: (tradeId: number, sealed: string) => open(`trade:${tradeId}`, sealed),
    /** A code of a listing's vault, at rest until a trade receives it. */
    sealCode: (listingId: number, code: string) => seal(`listing-code:${listingId}`, code),
    openCode: (listingId: number, sealed: string) => open(`listing-code:${listingId}`, sealed),
    /** HMAC-SHA-256 (hex) of an already normalized code (listing-codes/normalize.ts). */
    hashCode: (normalized: string) => createHmac('sha256', hashKey).update(normalized, 'utf8').digest('hex'),
  };
}

export type Sealer = ReturnType<typeof createSealer>;
