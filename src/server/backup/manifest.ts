import { type Dirent, readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../db/client';
import { migrationsDir } from '../paths';

/** What an archive holds, written as its `manifest.json` and checked before a restore touches anything. */
export const manifestSchema = z.object({
  format: z.literal(1),
  app: z.literal('mercadogamer'),
  kind: z.enum(['pglite', 'postgres']),
  createdAt: z.iso.datetime(),
  /** The last migration applied to the database backed up (`drizzle/`), e.g. `0036_server_secrets`. */
  lastMigration: z.string().nullable(),
  counts: z.object({
    listings: z.number().int(),
    trades: z.number().int(),
    ledgerEntries: z.number().int(),
    mediaFiles: z.number().int(),
  }),
  /** The generated secrets copied from DATA_DIR (embedded mode only). */
  secrets: z.array(z.enum(['session-secret', 'delivery-secret'])),
  /** With S3 the photos are in this bucket, not in the archive. */
  s3Bucket: z.string().nullable(),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type BackupCounts = Manifest['counts'];

/** The migrations this code knows, by the instant drizzle records for each (`when`). */
function journal(): { when: number; tag: string }[] {
  const file = path.join(migrationsDir, 'meta', '_journal.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { entries: { when: number; tag: string }[] }).entries;
}

export const knownMigrations = () => journal().map((entry) => entry.tag);

/** The figures a restore is compared on: rows that matter, and the last migration applied. */
export async function readDatabaseFigures(db: Db) {
  const [counts] = await queryRows<{ listings: number; trades: number; ledger_entries: number }>(
    db,
    sql`select (select count(*) from listings)::int as listings, (select count(*) from trades)::int as trades,
        (select count(*) from ledger_entries)::int as ledger_entries`,
  );
  const [last] = await queryRows<{ created_at: string }>(
    db,
    sql`select created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const applied = last ? journal().find((entry) => String(entry.when) === last.created_at) : undefined;
  return {
    listings: counts?.listings ?? 0,
    trades: counts?.trades ?? 0,
    ledgerEntries: counts?.ledger_entries ?? 0,
    lastMigration: applied?.tag ?? (last ? `desconhecida (${last.created_at})` : null),
  };
}

/**
 * The files under `dir` the archive carries, as paths relative to it: dot entries (the local store's temp folder,
 * uploads half-written) are left out. A missing folder has none.
 */
export async function listMediaFiles(dir: string, prefix = ''): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listMediaFiles(dir, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}
