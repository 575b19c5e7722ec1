import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

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
  ADMIN_EMAIL: optional.pipe(z.email().optional()),
  ADMIN_PASSWORD: optional.pipe(z.string().min(6).optional()),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  DISCORD_CLIENT_ID: optional,
  DISCORD_CLIENT_SECRET: optional,
  DISCORD_AUTHORIZATION_URL: z.url().default('https://discord.com/api/oauth2/authorize'),
  DISCORD_TOKEN_URL: z.url().default('https://discord.com/api/oauth2/token'),
  DISCORD_USERINFO_URL: z.url().default('https://discord.com/api/users/@me'),
  DISCORD_INVITE_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  S3_BUCKET: optional,
  S3_ENDPOINT: optional.pipe(z.url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
});

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
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
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
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir, 'session-secret'),
    /** Seals the credentials sellers deliver inside trades (modules/trades/sealed.ts). */
    deliverySecret: e.DELIVERY_SECRET ?? readOrCreateSecret(dataDir, 'delivery-secret'),
    /** How often each process sweeps the trades' due timers. */
    tradeTimerSeconds: e.TRADE_TIMER_SECONDS,
    logLevel: e.LOG_LEVEL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') },
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    seedDemo: e.SEED_DEMO === 'true',
    discordInviteUrl: e.DISCORD_INVITE_URL ?? null,
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
    trustProxy: e.TRUST_PROXY === 'true',
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
  };
}

export class ConfigError extends Error {}

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
