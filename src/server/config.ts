import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { formatCnpj } from '@brazilian-utils/brazilian-utils/format-cnpj';
import { getPixKeyInfo } from '@brazilian-utils/brazilian-utils/get-pix-key-info';
import { isValidCnpj } from '@brazilian-utils/brazilian-utils/is-valid-cnpj';
import { isValidWhatsapp } from '@shared/whatsapp';
import { z } from 'zod';

/** The demo admin's password, printed in the README: seeded by default only into the embedded database. */
export const DEMO_ADMIN_PASSWORD = 'Admin@12345';

const optional = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .optional();

const env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional.pipe(z.url().optional()),
  SESSION_SECRET: optional.pipe(z.string().min(32).optional()),
  DELIVERY_SECRET: optional.pipe(z.string().min(32).optional()),
  TRADE_TIMER_SECONDS: z.coerce.number().int().positive().default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: optional.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('Mercado Gamer <nao-responda@mercadogamer.local>'),
  /** A one-off mail that failed is tried again after about this, then twice as long each time (jobs/mail.ts). */
  MAIL_RETRY_SECONDS: z.coerce.number().int().positive().default(60),
  ADMIN_EMAIL: optional.pipe(z.email().optional()),
  ADMIN_PASSWORD: optional.pipe(z.string().min(6).optional()),
  /** Unset: true in the embedded mode, false with DATABASE_URL (readSeedDemo). */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  DISCORD_CLIENT_ID: optional,
  DISCORD_CLIENT_SECRET: optional,
  DISCORD_AUTHORIZATION_URL: z.url().default('https://discord.com/api/oauth2/authorize'),
  DISCORD_TOKEN_URL: z.url().default('https://discord.com/api/oauth2/token'),
  DISCORD_USERINFO_URL: z.url().default('https://discord.com/api/users/@me'),
  DISCORD_INVITE_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** Support channels shown on /ajuda and the policies; without them the pages point to the ticket form. */
  SUPPORT_EMAIL: optional.pipe(z.email().optional()),
  SUPPORT_WHATSAPP: optional.pipe(
    z.string().refine(isValidWhatsapp, 'não é um WhatsApp com DDD (ex.: (11) 91234-5678)').optional(),
  ),
  /** Security incidents and vulnerability reports (/seguranca); unset, SUPPORT_EMAIL, then the ticket form. */
  SECURITY_EMAIL: optional.pipe(z.email().optional()),
  /** Who runs the site, shown in the footer and on /sobre; nothing is shown for what is unset. */
  COMPANY_NAME: optional.pipe(z.string().max(120).optional()),
  COMPANY_CNPJ: optional.pipe(
    z
      .string()
      .refine((cnpj) => isValidCnpj(cnpj, { version: 2 }), 'não é um CNPJ válido (ex.: 12.345.678/0001-95)')
      .transform((cnpj) => formatCnpj(cnpj, { version: 2 }))
      .optional(),
  ),
  TRUST_PROXY: optional,
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  S3_BUCKET: optional,
  S3_ENDPOINT: optional.pipe(z.url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  PIX_PROVIDER: z.enum(['manual', 'api-pix']).default('manual'),
  /** The platform's key; the default is the Banco Central manual's example random key, clearly fake. */
  PIX_KEY: z
    .string()
    .trim()
    .default('123e4567-e12b-12d1-a456-426655440000')
    .refine((key) => getPixKeyInfo(key) !== null, 'não é uma chave PIX válida'),
  // The BR Code holds a name of at most 25 characters and a city of at most 15 (ASCII; accents are dropped).
  PIX_MERCHANT_NAME: z.string().trim().min(1).max(25).default('Mercado Gamer'),
  PIX_MERCHANT_CITY: z.string().trim().min(1).max(15).default('SAO PAULO'),
  PIX_CHARGE_EXPIRATION_SECONDS: z.coerce.number().int().positive().default(3600),
  PIX_API_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PIX_OAUTH_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PIX_CLIENT_ID: optional,
  PIX_CLIENT_SECRET: optional,
  PIX_CERT_PATH: optional,
  PIX_KEY_PATH: optional,
  PIX_CA_PATH: optional,
  /** Travels in the webhook's URL as `?hmac=<secret>`, followed by the PSP's `/pix`: only characters a URL keeps. */
  PIX_WEBHOOK_SECRET: optional.pipe(
    z
      .string()
      .min(16)
      .regex(/^[A-Za-z0-9._~-]+$/, 'só letras sem acento, dígitos e . _ ~ - (vai na URL do webhook)')
      .optional(),
  ),
  // Payouts through Efí (issue 36): read only with PAYOUT_PROVIDER=efi (readEfiConfig).
  EFI_API_URL: z.url({ protocol: /^https?$/ }).default('https://pix.api.efipay.com.br'),
  EFI_OAUTH_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  EFI_CLIENT_ID: optional,
  EFI_CLIENT_SECRET: optional,
  EFI_CERT_PATH: optional,
  EFI_KEY_PATH: optional,
  EFI_CA_PATH: optional,
  /** The platform's key at Efí, paying every payout (`pagador.chave`). */
  EFI_PAYER_KEY: optional.pipe(
    z
      .string()
      .refine((key) => getPixKeyInfo(key) !== null, 'não é uma chave PIX válida')
      .optional(),
  ),
  /** Travels in the webhook's URL as `?hmac=<secret>`, followed by Efí's `/pix`: only characters a URL keeps. */
  EFI_WEBHOOK_SECRET: optional.pipe(
    z
      .string()
      .min(16)
      .regex(/^[A-Za-z0-9._~-]+$/, 'só letras sem acento, dígitos e . _ ~ - (vai na URL do webhook)')
      .optional(),
  ),
  /** The voice call's STUN servers, comma-separated; set but empty means none (tests, a closed network). */
  STUN_URLS: z.string().default('stun:stun.l.google.com:19302,stun:stun1.l.google.com:19302'),
  /** A coturn (or other TURN) server with `use-auth-secret`: its URLs, comma-separated, and the shared secret. */
  TURN_URLS: optional,
  TURN_SECRET: optional.pipe(z.string().min(16).optional()),
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  /** Below this much free space in DATA_DIR's file system, every upload is refused (issue 25). */
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(1024),
  /** Opens GET /metrics to whoever sends it as `Authorization: Bearer <token>`; unset, /metrics answers 404. */
  METRICS_TOKEN: optional.pipe(z.string().min(16).optional()),
  /** On SIGTERM, how long requests in flight and the jobs' current run may take before the process exits 1. */
  // Payouts (issue 36, decision 028): who sends them, how often the sender runs, the risk holds.
  PAYOUT_PROVIDER: z.enum(['manual', 'efi']).default('manual'),
  PAYOUT_SWEEP_SECONDS: z.coerce.number().int().positive().default(15),
  PAYOUT_SENDS_PER_RUN: z.coerce.number().int().positive().default(200),
  PAYOUT_READ_BACK_SECONDS: z.coerce.number().int().positive().default(120),
  PAYOUT_HOLD_FIRST_SALES: z.coerce.number().int().min(0).default(3),
  PAYOUT_HOLD_FIRST_SALES_HOURS: z.coerce.number().int().min(0).default(24),
  PAYOUT_HOLD_ABOVE_CENTS: z.coerce.number().int().min(0).default(200_000),
  PAYOUT_HOLD_ABOVE_HOURS: z.coerce.number().int().min(0).default(24),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(25),
  // Web Push (issue 38): the VAPID key pair (both or neither; unset, generated once into the database) and whom
  // the push services may contact; the hosts a subscription's endpoint may name.
  VAPID_PUBLIC_KEY: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'não é uma chave pública P-256 em base64url')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'não é uma chave privada P-256 em base64url')
      .optional(),
  ),
  VAPID_SUBJECT: optional.pipe(
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'use mailto:… ou https://…')
      .optional(),
  ),
  /** A push the push service refused for now (429, 5xx) is tried again after about this, then twice as long each time. */
  PUSH_RETRY_SECONDS: z.coerce.number().int().positive().default(10),
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,notify.windows.com'),
});

/** A comma-separated list of ICE server URLs (stun:, turn:, turns:). */
const iceUrls = (value: string | undefined, name: string): string[] => {
  const urls = (value ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  const bad = urls.filter((url) => !/^(stun|stuns|turn|turns):[^\s]+$/.test(url));
  if (bad.length > 0)
    throw new ConfigError(`Configuração inválida:\n  ${name}: ${bad.join(', ')} não é stun:/turn:`);
  return urls;
};

/** The voice call's ICE servers (docs/decisions/014-voice-call.md): STUN as given, TURN only with its secret. */
function readCallConfig(e: z.infer<typeof env>) {
  const turnUrls = iceUrls(e.TURN_URLS, 'TURN_URLS');
  if (turnUrls.length > 0 && !e.TURN_SECRET)
    throw new ConfigError(
      'Configuração inválida:\n  TURN_URLS exige TURN_SECRET (static-auth-secret do coturn)',
    );
  return {
    stunUrls: iceUrls(e.STUN_URLS, 'STUN_URLS'),
    turn:
      turnUrls.length > 0 && e.TURN_SECRET
        ? { urls: turnUrls, secret: e.TURN_SECRET, ttlSeconds: e.TURN_TTL_SECONDS }
        : undefined,
  };
}

export type Config = ReturnType<typeof loadConfig>;

/**
 * Parses the environment once. A bad value throws a ConfigError naming every wrong variable;
 * main.ts prints it and exits.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env) {
  const parsed = env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const pix = readPixConfig(e);
  const payout = readPayoutConfig(e);
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const secrets = readSecrets(e, dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    /** Origins whose pages may call the API: the public URL and, for localhost, its 127.0.0.1 twin. */
    trustedOrigins: [...new Set([publicUrl, publicUrl.replace('//localhost', '//127.0.0.1')])],
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'pglite'),
    /** Signs the session cookies; null: the one kept in the database, which buildApp reads (db/server-secrets.ts). */
    sessionSecret: secrets.session,
    /** Seals the credentials sellers deliver inside trades (modules/trades/sealed.ts). */
    deliverySecret: secrets.delivery,
    payout,
    /** How often each process sweeps the trades' due timers. */
    tradeTimerSeconds: e.TRADE_TIMER_SECONDS,
    logLevel: e.LOG_LEVEL,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: path.join(dataDir, 'outbox'),
      retrySeconds: e.MAIL_RETRY_SECONDS,
    },
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    seedDemo: readSeedDemo(e),
    discordInviteUrl: e.DISCORD_INVITE_URL ?? null,
    /** Public: GET /api/contact. */
    support: {
      email: e.SUPPORT_EMAIL ?? null,
      whatsapp: e.SUPPORT_WHATSAPP ?? null,
      security: e.SECURITY_EMAIL ?? e.SUPPORT_EMAIL ?? null,
      companyName: e.COMPANY_NAME ?? null,
      companyCnpj: e.COMPANY_CNPJ ?? null,
    },
    discord:
      e.DISCORD_CLIENT_ID && e.DISCORD_CLIENT_SECRET
        ? {
            clientId: e.DISCORD_CLIENT_ID,
            clientSecret: e.DISCORD_CLIENT_SECRET,
            authorizationUrl: e.DISCORD_AUTHORIZATION_URL,
            tokenUrl: e.DISCORD_TOKEN_URL,
            userInfoUrl: e.DISCORD_USERINFO_URL,
          }
        : undefined,
    /** The proxies whose X-Forwarded-For names the client (Fastify's trustProxy); false: the socket's address. */
    trustProxy: readTrustedProxies(e.TRUST_PROXY ?? 'false'),
    rateLimit: { max: e.RATE_LIMIT_MAX, windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS },
    /** Uploads go to DATA_DIR/media unless an S3-compatible bucket is configured. */
    media: {
      dir: path.join(dataDir, 'media'),
      s3: e.S3_BUCKET
        ? {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
          }
        : undefined,
    },
    pix,
    call: readCallConfig(e),
    /** Uploads are refused while DATA_DIR's file system has less free space than this (storage/disk.ts). */
    minFreeDiskBytes: e.MIN_FREE_DISK_MB * 1024 * 1024,
    /** The scraper's bearer token (metrics/routes.ts); without one the metrics are off. */
    metricsToken: e.METRICS_TOKEN,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    push: readPushConfig(e, publicUrl),
  };
}

/**
 * Web Push (issue 38). The VAPID pair given (both halves, the same in every process) or null: buildApp then reads
 * the one generated once into the database (db/server-secrets.ts). The subject is who the push services write to
 * about our pushes: VAPID_SUBJECT, else the support address, else the site when it is https. `serviceHosts`: the
 * push services a subscription may point at (a host or its subdomains): any other endpoint is refused, so a member
 * cannot make the server post to an address of its choosing.
 */
function readPushConfig(e: z.infer<typeof env>, publicUrl: string) {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    throw new ConfigError(
      'Configuração inválida:\n  VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY vão juntas (gere com npx web-push generate-vapid-keys)',
    );
  const fromAddress = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM;
  return {
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    subject:
      e.VAPID_SUBJECT ??
      (e.SUPPORT_EMAIL
        ? `mailto:${e.SUPPORT_EMAIL}`
        : publicUrl.startsWith('https://')
          ? publicUrl
          : `mailto:${fromAddress}`),
    retrySeconds: e.PUSH_RETRY_SECONDS,
    serviceHosts: e.PUSH_SERVICE_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  };
}

/** proxy-addr's names for ranges: loopback, link-local and private (10/8, 172.16/12, 192.168/16, fc00::/7). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, or an address with its prefix length (CIDR), IPv4 or IPv6. */
function isAddressOrCidr(entry: string) {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false`, or the proxies in front of the app by address, CIDR or range name, comma-separated. The
 * client is then the rightmost X-Forwarded-For entry that none of them added, so what a client writes in the header
 * itself never counts. `true` (trust any sender) and a hop count are refused: Fastify 5 turns a number into trusting
 * nobody, and neither checks that the request came from the proxy at all.
 */
function readTrustedProxies(value: string): false | string[] {
  if (value === 'false') return false;
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !PROXY_RANGE_NAMES.includes(entry) && !isAddressOrCidr(entry));
  if (bad.length === 0) return entries;
  const reason =
    value === 'true'
      ? 'true confiaria em qualquer X-Forwarded-For, até no que o próprio cliente escreve'
      : /^\d+$/.test(value)
        ? 'um número de proxies não confere se a requisição veio mesmo de um proxy'
        : `${bad.join(', ')} não é endereço IP, CIDR nem loopback/linklocal/uniquelocal`;
  throw new ConfigError(
    `Configuração inválida:\n  TRUST_PROXY: ${reason}; use false (sem proxy, o padrão) ou os endereços dos ` +
      'proxies à frente do app, separados por vírgula (ex.: 127.0.0.1 ou 10.0.0.0/8,fd00::/8)',
  );
}

/**
 * The demo data comes with the README's passwords: by default only into the embedded database (`npm start` on a
 * fresh machine). With PostgreSQL (a real deploy) it is seeded only when asked, and then never with the README's
 * admin password.
 */
function readSeedDemo(e: z.infer<typeof env>) {
  const seedDemo = e.SEED_DEMO ? e.SEED_DEMO === 'true' : !e.DATABASE_URL;
  if (e.DATABASE_URL && e.ADMIN_PASSWORD === DEMO_ADMIN_PASSWORD) {
    throw new ConfigError(
      'Configuração inválida:\n  ADMIN_PASSWORD com DATABASE_URL não pode ser a senha de demonstração do README: ' +
        'a conta de administrador criada não pode ter uma senha conhecida.',
    );
  }
  if (seedDemo && e.DATABASE_URL && (!e.ADMIN_PASSWORD || e.ADMIN_PASSWORD === DEMO_ADMIN_PASSWORD)) {
    throw new ConfigError(
      'Configuração inválida:\n  SEED_DEMO=true com DATABASE_URL exige ADMIN_PASSWORD, diferente da senha de ' +
        'demonstração do README: a conta de administrador criada não pode ter uma senha conhecida.',
    );
  }
  return seedDemo;
}

export type PixConfig = ReturnType<typeof readPixConfig>;

/**
 * The PIX side of protected trades. `manual`: a static BR Code to the platform key, confirmed by staff.
 * `api-pix`: charges at a PSP through the Banco Central's API Pix (OAuth2 client credentials over mTLS),
 * which needs its URLs and credentials, and the webhook's secret; the client certificate and its key come
 * together or not at all.
 */
function readPixConfig(e: z.infer<typeof env>) {
  const common = {
    key: e.PIX_KEY,
    merchantName: e.PIX_MERCHANT_NAME,
    merchantCity: e.PIX_MERCHANT_CITY,
    expirationSeconds: e.PIX_CHARGE_EXPIRATION_SECONDS,
    webhookSecret: e.PIX_WEBHOOK_SECRET,
  };
  if (e.PIX_PROVIDER === 'manual') return { ...common, provider: 'manual' as const };
  const { PIX_API_URL: baseUrl, PIX_OAUTH_URL: oauthUrl, PIX_CLIENT_ID: clientId } = e;
  const clientSecret = e.PIX_CLIENT_SECRET;
  // Without the webhook's secret the webhook would answer anyone, and look into every txid it is told of.
  const required = [
    'PIX_API_URL',
    'PIX_OAUTH_URL',
    'PIX_CLIENT_ID',
    'PIX_CLIENT_SECRET',
    'PIX_WEBHOOK_SECRET',
  ] as const;
  const missing = required.filter((name) => !e[name]);
  if (!baseUrl || !oauthUrl || !clientId || !clientSecret || missing.length > 0) {
    throw new ConfigError(`Configuração inválida:\n  PIX_PROVIDER=api-pix exige ${missing.join(', ')}`);
  }
  if (Boolean(e.PIX_CERT_PATH) !== Boolean(e.PIX_KEY_PATH)) {
    throw new ConfigError(
      'Configuração inválida:\n  PIX_CERT_PATH e PIX_KEY_PATH (certificado do cliente mTLS) vão juntos',
    );
  }
  return {
    ...common,
    provider: 'api-pix' as const,
    api: {
      baseUrl: baseUrl.replace(/\/$/, ''),
      oauthUrl,
      clientId,
      clientSecret,
      certPath: e.PIX_CERT_PATH,
      keyPath: e.PIX_KEY_PATH,
      caPath: e.PIX_CA_PATH,
    },
  };
}

export type PayoutConfig = ReturnType<typeof readPayoutConfig>;

/**
 * Payouts (decision 028). `manual`: due payouts wait on 'Repasses' for an admin (the default: nothing to set).
 * `efi`: the sender job sends them through Efí's "envio de Pix" (its EFI_* settings are read with it). The risk
 * holds apply only to an automatic provider (with `manual` the admin who pays is the check); 0 turns a rule off.
 */
function readPayoutConfig(e: z.infer<typeof env>) {
  return {
    provider: e.PAYOUT_PROVIDER,
    sweepSeconds: e.PAYOUT_SWEEP_SECONDS,
    sendsPerRun: e.PAYOUT_SENDS_PER_RUN,
    readBackSeconds: e.PAYOUT_READ_BACK_SECONDS,
    holds: {
      firstSales: e.PAYOUT_HOLD_FIRST_SALES,
      firstSalesHours: e.PAYOUT_HOLD_FIRST_SALES_HOURS,
      aboveCents: e.PAYOUT_HOLD_ABOVE_CENTS,
      aboveHours: e.PAYOUT_HOLD_ABOVE_HOURS,
    },
    /** With `efi`: Efí's settings and the payouts webhook's secret (readEfiConfig); null otherwise. */
    efi: readEfiConfig(e),
  };
}

export type EfiPayoutConfig = NonNullable<ReturnType<typeof readEfiConfig>>;

/**
 * Efí's send API for payouts (issue 36), read only with PAYOUT_PROVIDER=efi: its credentials, the account's
 * certificate (mTLS), the platform's key at Efí and the webhook's secret; a missing one stops the start, named.
 */
function readEfiConfig(e: z.infer<typeof env>) {
  if (e.PAYOUT_PROVIDER !== 'efi') return null;
  const required = [
    'EFI_CLIENT_ID',
    'EFI_CLIENT_SECRET',
    'EFI_CERT_PATH',
    'EFI_PAYER_KEY',
    'EFI_WEBHOOK_SECRET',
  ] as const;
  const missing = required.filter((name) => !e[name]);
  const { EFI_CLIENT_ID: clientId, EFI_CLIENT_SECRET: clientSecret, EFI_CERT_PATH: certPath } = e;
  const { EFI_PAYER_KEY: payerKey, EFI_WEBHOOK_SECRET: webhookSecret } = e;
  if (!clientId || !clientSecret || !certPath || !payerKey || !webhookSecret || missing.length > 0) {
    throw new ConfigError(`Configuração inválida:\n  PAYOUT_PROVIDER=efi exige ${missing.join(', ')}`);
  }
  const baseUrl = e.EFI_API_URL.replace(/\/$/, '');
  return {
    baseUrl,
    oauthUrl: e.EFI_OAUTH_URL ?? `${baseUrl}/oauth/token`,
    clientId,
    clientSecret,
    certPath,
    keyPath: e.EFI_KEY_PATH,
    caPath: e.EFI_CA_PATH,
    payerKey,
    webhookSecret,
  };
}

export class ConfigError extends Error {}

/**
 * The secrets (docs/decisions/025-shared-secrets.md). Embedded, one process owns DATA_DIR: a secret not given is
 * generated into it. With PostgreSQL, processes with their own DATA_DIR must agree: the session secret not given
 * is kept in the database (null here), and the delivery key must be given, since kept beside the data it seals it
 * would protect nothing.
 */
function readSecrets(e: z.infer<typeof env>, dataDir: string) {
  if (!e.DATABASE_URL) {
    return {
      session: e.SESSION_SECRET ?? readOrCreateSecret(dataDir, 'session-secret'),
      delivery: e.DELIVERY_SECRET ?? readOrCreateSecret(dataDir, 'delivery-secret'),
    };
  }
  if (!e.DELIVERY_SECRET) {
    throw new ConfigError(
      'Configuração inválida:\n  DATABASE_URL exige DELIVERY_SECRET (≥ 32 caracteres; ex.: openssl rand -base64 32): ' +
        'a chave que lacra as credenciais entregues nas negociações não pode ficar no mesmo banco que elas. ' +
        'Guarde-a fora do banco e dos backups, igual em todos os processos.',
    );
  }
  return { session: e.SESSION_SECRET ?? null, delivery: e.DELIVERY_SECRET };
}

/** A secret not given is generated once and kept in DATA_DIR, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
