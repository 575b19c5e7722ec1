import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a browser's push service (FCM, Mozilla autopush, Apple): an HTTP server on 127.0.0.1 that takes
 * pushes for the subscriptions it made and checks each request as a real one does, from the public specs:
 * - VAPID (RFC 8292): `Authorization: vapid t=<JWT>, k=<key>`; the JWT is ES256-signed by `k` (a P-256 point), its
 *   `aud` is the endpoint's origin, its `exp` is in the future and at most 24 h away, its `sub` is mailto: or
 *   https:. When the subscription was made with an application server key, `k` must be that key (403, like FCM).
 * - RFC 8030: `TTL` present (a non-negative integer), `Urgency` one of very-low/low/normal/high, `Topic` at most 32
 *   base64url characters; a body over 4096 bytes is 413.
 * - Encryption (RFC 8291 over RFC 8188): `Content-Encoding: aes128gcm`; the body is decrypted with the
 *   subscription's private key and auth secret (ECDH, HKDF, AES-128-GCM) and must end in the last record's
 *   padding delimiter. The decrypted JSON is what the tests assert.
 * Answers 201 (accepted) unless told otherwise per subscription (`answerNext`), 404 for an unknown endpoint.
 */
export interface MockSubscription {
  /** What the browser's `PushSubscription.toJSON()` gives, to POST to /api/push/subscriptions. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  endpoint: string;
}

export interface ReceivedPush {
  endpoint: string;
  status: number;
  payload: unknown;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  claims: { aud: string; exp: number; sub: string };
  at: number;
}

interface Holder {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  applicationServerKey: string | null;
  answers: number[];
}

const b64 = (buf: Buffer) => buf.toString('base64url');
const fromB64 = (text: string) => Buffer.from(text, 'base64url');

/** The P-256 public key `k` (an uncompressed point) as a key object, for the JWT's signature. */
function publicKeyOf(raw: Buffer) {
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k não é um ponto P-256 não comprimido');
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33)) },
    format: 'jwk',
  });
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 §3.4 + RFC 8188 §2: one aes128gcm message decrypted with the user agent's keys. */
export function decryptAes128gcm(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): Buffer {
  if (body.length < 21 + 65 + 17) throw new Error('corpo curto demais para aes128gcm');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20] ?? 0;
  if (idlen !== 65) throw new Error(`keyid deve ser a chave pública do servidor (65 bytes), veio ${idlen}`);
  const asPublic = body.subarray(21, 21 + idlen);
  const records = body.subarray(21 + idlen);
  // One push is one record (web-push writes one): no more than rs bytes.
  if (records.length > rs) throw new Error('mais de um registro');
  const uaPublic = ecdh.getPublicKey();
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(auth, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('falta o delimitador do último registro (0x02)');
  return padded.subarray(0, end);
}

/** Checks the VAPID header; answers the JWT's claims or throws with what is wrong. */
function checkVapid(header: string | undefined, origin: string, expectedKey: string | null) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error('Authorization não é "vapid t=…, k=…"');
  const [token, key] = [match[1], match[2]];
  if (expectedKey && key !== expectedKey) throw new Error('k não é a chave com que a inscrição foi feita');
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) throw new Error('JWT malformado');
  const header_ = JSON.parse(fromB64(head).toString()) as { alg?: string; typ?: string };
  if (header_.alg !== 'ES256') throw new Error(`alg ${header_.alg} (esperado ES256)`);
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKeyOf(fromB64(key)), dsaEncoding: 'ieee-p1363' },
    fromB64(signature),
  );
  if (!ok) throw new Error('assinatura do JWT não confere com k');
  const claims = JSON.parse(fromB64(body).toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} (esperado ${origin})`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now)) throw new Error('JWT expirado');
  if (claims.exp > now + 24 * 3600) throw new Error('exp a mais de 24 h');
  if (!/^(mailto:[^\s@]+@\S+|https:\/\/\S+)$/.test(claims.sub ?? ''))
    throw new Error(`sub inválido: ${claims.sub}`);
  return claims;
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export async function startPushServiceMock() {
  const holders = new Map<string, Holder>();
  /** Every request that reached a known endpoint, accepted or not, in order. */
  const requests: ReceivedPush[] = [];
  /** Requests refused for breaking the protocol (a bug in the sender): the tests expect none. */
  const violations: string[] = [];
  let origin = '';

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
    const holder = id ? holders.get(id) : undefined;
    const body = await readBody(req);
    const refuse = (status: number, why: string) => {
      violations.push(`${status} ${why}`);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(why);
    };
    if (req.method !== 'POST') return refuse(405, `método ${req.method}`);
    if (!id || !holder) return res.writeHead(404).end();
    let claims: ReceivedPush['claims'];
    try {
      claims = checkVapid(req.headers.authorization, origin, holder.applicationServerKey);
    } catch (err) {
      return refuse(403, (err as Error).message);
    }
    const ttl = req.headers.ttl;
    if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) return refuse(400, 'TTL ausente ou inválido');
    const urgency = (req.headers.urgency as string | undefined) ?? null;
    if (urgency !== null && !['very-low', 'low', 'normal', 'high'].includes(urgency))
      return refuse(400, `Urgency inválida: ${urgency}`);
    const topic = (req.headers.topic as string | undefined) ?? null;
    if (topic !== null && !/^[A-Za-z0-9_-]{1,32}$/.test(topic))
      return refuse(400, `Topic inválido: ${topic}`);
    if (body.length > 4096) return refuse(413, 'corpo acima de 4096 bytes');
    if (req.headers['content-encoding'] !== 'aes128gcm')
      return refuse(415, 'Content-Encoding não é aes128gcm');
    let payload: unknown;
    try {
      payload = JSON.parse(decryptAes128gcm(body, holder.ecdh, holder.auth).toString('utf8'));
    } catch (err) {
      return refuse(400, `não decifra: ${(err as Error).message}`);
    }
    const status = holder.answers.shift() ?? 201;
    requests.push({
      endpoint: `${origin}/push/${id}`,
      status,
      payload,
      ttl: Number(ttl),
      urgency,
      topic,
      claims,
      at: Date.now(),
    });
    if (status === 410 || status === 404) holders.delete(id);
    res.writeHead(status, status === 201 ? { location: `${origin}/message/${randomUUID()}` } : {}).end();
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    /** The host to allow in PUSH_SERVICE_HOSTS. */
    host: '127.0.0.1',
    requests,
    violations,
    /** The pushes it accepted (201), in order. */
    accepted: () => requests.filter((push) => push.status === 201),
    /** Accepted pushes for one subscription. */
    acceptedFor: (sub: MockSubscription) =>
      requests.filter((push) => push.status === 201 && push.endpoint === sub.endpoint),
    /**
     * A browser's subscription: a real P-256 key pair and a 16-byte auth secret, as `pushManager.subscribe` makes.
     * With `applicationServerKey`, pushes must be signed by that VAPID key.
     */
    subscribe(applicationServerKey: string | null = null): MockSubscription {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      holders.set(id, { ecdh, auth, applicationServerKey, answers: [] });
      const endpoint = `${origin}/push/${id}`;
      return { endpoint, json: { endpoint, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } } };
    },
    /** The next answers to this subscription's pushes (then 201 again): 404, 410, 429, 500… */
    answerNext(sub: MockSubscription, ...statuses: number[]) {
      const id = sub.endpoint.split('/').at(-1) ?? '';
      holders.get(id)?.answers.push(...statuses);
    },
    /** Encrypts nothing; exposes a subscription's keys for a caller that decrypts itself (the e2e's CDP push). */
    forget(sub: MockSubscription) {
      holders.delete(sub.endpoint.split('/').at(-1) ?? '');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushServiceMock = Awaited<ReturnType<typeof startPushServiceMock>>;
