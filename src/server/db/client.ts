import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir as migrationsFolder } from '../paths';
import { createQueryTiming, type QueryObserver } from './query-timing';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Calls `onPayload` with each NOTIFY on `channel` that any connection commits; answers the unsubscribe.
   * PGlite delivers in-process; PostgreSQL through one dedicated connection per `Database` (not the pool), which
   * reconnects with backoff if it drops and then calls `onReconnect`: what was sent meanwhile is lost.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<Unlisten>;
  /** The jobs runner's way in (decision 021): PostgreSQL's URL (pg-boss opens a small pool), or the PGlite itself. */
  url?: string;
  pglite?: PGlite;
  /** PostgreSQL only: the app's pool, whose use the metrics read. */
  pool?: pg.Pool;
  /** Calls `observer` with the duration of every query the app runs (not pg-boss's own pool); answers its removal. */
  observeQueries(observer: QueryObserver): () => void;
  /** PGlite only: its whole data directory as a tarball, which `openDatabase({ pgliteDataDir })` starts from. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export type Unlisten = () => Promise<void>;

/**
 * PostgreSQL when a URL is given, else PGlite: in `pgliteDir`, or in memory when it is 'memory://'.
 * The same schema and migrations serve both. `pgliteDataDir`, a `dumpDataDir()` tarball, gives a new PGlite
 * its starting data directory (the tests start each file's database from one migrated once per run).
 */
export async function openDatabase(options: {
  url?: string;
  pgliteDir: string;
  pgliteDataDir?: Blob;
}): Promise<Database> {
  const timing = createQueryTiming();
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    timing.timePool(pool);
    const db = drizzlePg(pool, { schema });
    const listener = createPgListener(options.url);
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      url: options.url,
      pool,
      observeQueries: timing.observe,
      migrate: () => migratePg(db, { migrationsFolder }),
      listen: listener.listen,
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  const inMemory = options.pgliteDir === 'memory://';
  if (!inMemory) mkdirSync(options.pgliteDir, { recursive: true });
  // Search needs these (migration 0001 creates them); PGlite must be handed their code first.
  const client = await PGlite.create(inMemory ? undefined : options.pgliteDir, {
    extensions: { pg_trgm, unaccent },
    loadDataDir: options.pgliteDataDir,
  });
  timing.timePglite(client);
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    pglite: client,
    observeQueries: timing.observe,
    migrate: () => migratePglite(db, { migrationsFolder }),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/** Longest wait between two attempts to bring the LISTEN connection back. */
const LISTEN_RETRY_MAX_MS = 30_000;

/**
 * LISTEN on one dedicated `pg.Client`, opened on the first `listen`. A dropped connection is replaced after
 * 0.25 s, 0.5 s, 1 s … up to 30 s (with jitter), listening again on every channel.
 */
function createPgListener(url: string) {
  type Listener = { onPayload: (payload: string) => void; onReconnect?: () => void };
  const channels = new Map<string, Set<Listener>>();
  let client: pg.Client | null = null;
  let opening: Promise<pg.Client> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let attempt = 0;
  let closed = false;

  async function open(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: url, application_name: 'realtime-listen' });
    next.on('notification', ({ channel, payload }) => {
      for (const listener of channels.get(channel) ?? []) listener.onPayload(payload ?? '');
    });
    // 'error' then 'end' both arrive for one drop; `lost` acts once per client.
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    await next.connect();
    for (const channel of channels.keys()) await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
    return next;
  }

  function connection(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    opening ??= open().then(
      (opened) => {
        client = opened;
        opening = null;
        return opened;
      },
      (error) => {
        opening = null;
        throw error;
      },
    );
    return opening;
  }

  function lost(which: pg.Client) {
    if (client !== which || closed) return;
    client = null;
    which.end().catch(() => {});
    scheduleRetry();
  }

  function scheduleRetry() {
    if (closed || retry) return;
    const base = Math.min(LISTEN_RETRY_MAX_MS, 250 * 2 ** attempt);
    attempt += 1;
    retry = setTimeout(
      () => {
        retry = null;
        connection().then(
          () => {
            attempt = 0;
            for (const set of channels.values()) for (const listener of set) listener.onReconnect?.();
          },
          () => scheduleRetry(),
        );
      },
      base / 2 + Math.random() * (base / 2),
    );
  }

  return {
    async listen(
      channel: string,
      onPayload: (payload: string) => void,
      onReconnect?: () => void,
    ): Promise<Unlisten> {
      const listener: Listener = { onPayload, onReconnect };
      const known = channels.get(channel);
      if (known) known.add(listener);
      else channels.set(channel, new Set([listener]));
      // LISTEN twice is harmless; a connection that reopens later listens on every channel by itself.
      const open = await connection();
      if (!known) await open.query(`LISTEN ${open.escapeIdentifier(channel)}`);
      return async () => {
        const set = channels.get(channel);
        set?.delete(listener);
        if (!set || set.size > 0) return;
        channels.delete(channel);
        await client?.query(`UNLISTEN ${client.escapeIdentifier(channel)}`).catch(() => {});
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = client ?? (await opening?.catch(() => null));
      client = null;
      await open?.end();
    },
  };
}

/** The rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
