import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openAsBlob,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { platformAccounts } from '@shared/ledger';
import { asc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { create as createTar, extract as extractTar } from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createBackup } from '../../src/server/backup/create-backup';
import { restoreBackup } from '../../src/server/backup/restore-backup';
import { BackupError, type BackupSettings, readBackupSettings } from '../../src/server/backup/settings';
import { type Config, loadConfig } from '../../src/server/config';
import { type Db, openDatabase, queryRows } from '../../src/server/db/client';
import { listings, tradeChatMessages } from '../../src/server/db/schema';
import { createLedger } from '../../src/server/modules/ledger/service';
import { createUser } from '../factories/accounts';
import { createGames, listingForm, photo, postListing } from '../factories/listings';
import { createTradeRow } from '../factories/trades';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, TEST_ORIGIN } from '../helpers/test-app';
import { createPostgresDatabase } from '../helpers/test-database';

/**
 * One round trip per database: a server with a listing and its photo, a paid and released trade (money in the
 * ledger) and a chat line is backed up, restored into an empty place, and the restored database and media folder
 * are read as the server would (PGlite; PostgreSQL with TEST_DATABASE_URL, restored into a new empty database).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const folders: string[] = [];
const cleanups: (() => Promise<void>)[] = [];

function folder(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

/** The server backed up: PostgreSQL runs on (the backup is online); PGlite is stopped before (it is one process's). */
async function startSource(): Promise<{
  app: FastifyInstance;
  db: Db;
  config: Config;
  settings: BackupSettings;
  stop: () => Promise<void>;
}> {
  if (adminUrl) {
    const t = await createTestApp();
    cleanups.push(t.close);
    const settings = readBackupSettings({ DATA_DIR: t.config.dataDir, DATABASE_URL: t.database.url });
    return { app: t.app, db: t.db, config: t.config, settings, stop: async () => {} };
  }
  const settings = readBackupSettings({ DATA_DIR: folder('mg-backup-source-') });
  const migrated = inject('migratedPgliteDataDir');
  const database = await openDatabase({
    pgliteDir: settings.pgliteDir,
    pgliteDataDir: migrated ? await openAsBlob(migrated) : undefined,
  });
  if (!migrated) await database.migrate();
  const config = loadConfig({
    DATA_DIR: settings.dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
  });
  const app = await buildApp(config, { database, logger: false, indexHtml: null });
  await app.ready();
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await app.close();
    await database.close();
  };
  cleanups.push(stop);
  return { app, db: database.db, config, settings, stop };
}

/** Every file of a media folder (relative path → bytes), as the archive carries them. */
function mediaFiles(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(dir, file);
    if (relative.split(path.sep).some((part) => part.startsWith('.'))) continue;
    files.set(relative, readFileSync(file));
  }
  return files;
}

/** What a user or the money desk would see of the data. */
async function readState(db: Db) {
  const ledger = createLedger(db);
  return {
    listings: await db
      .select({
        id: listings.id,
        title: listings.title,
        priceCents: listings.priceCents,
        status: listings.status,
      })
      .from(listings)
      .orderBy(asc(listings.id)),
    balances: await ledger.balances(),
    problems: (await ledger.reconcile()).problems,
    chat: await db
      .select({ tradeId: tradeChatMessages.tradeId, body: tradeChatMessages.body })
      .from(tradeChatMessages)
      .orderBy(asc(tradeChatMessages.id)),
  };
}

let source: Awaited<ReturnType<typeof startSource>>;
let before: Awaited<ReturnType<typeof readState>>;
/** The archive the first test makes, which the next one tampers with. */
let archive: string;

beforeAll(async () => {
  source = await startSource();
  const { app, db } = source;
  const [seller, buyer] = [await createUser(db), await createUser(db)];
  const gameId = Object.values(await createGames(db))[0] as number;
  const cookie = await sessionCookie(source, seller.id);
  const published = await postListing(app, cookie, listingForm(gameId, { title: 'Conta com skin rara' }), [
    await photo(),
  ]);
  expect(published.statusCode, published.body).toBe(201);

  const trade = await createTradeRow(db, { sellerId: seller.id, buyerId: buyer.id, amountCents: 12_345 });
  const ledger = createLedger(db);
  await db.transaction((tx) => ledger.paymentConfirmed(tx as unknown as Db, trade));
  await db.transaction((tx) => ledger.released(tx as unknown as Db, trade));
  await db
    .insert(tradeChatMessages)
    .values({ tradeId: trade.id, authorId: buyer.id, kind: 'text', body: 'Pix feito!' });
  before = await readState(db);
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe(`backup and restore (${adminUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('restores into an empty place the same listings, photo bytes, ledger and chat, and refuses a filled one', async () => {
    const sourceMedia = mediaFiles(source.settings.mediaDir);
    expect(sourceMedia.size).toBeGreaterThan(0);
    await source.stop();

    // A backups folder every local user could read, and a umask that lets the group write: the archive and its
    // folder are the owner's alone all the same (the archive holds the sessions and, embedded, the keys).
    const outDir = folder('mg-backups-');
    chmodSync(outDir, 0o755);
    const umask = process.umask(0o002);
    let backup: Awaited<ReturnType<typeof createBackup>>;
    try {
      backup = await createBackup(source.settings, { outDir });
    } finally {
      process.umask(umask);
    }
    const { file, manifest, notes } = backup;
    archive = file;
    expect(statSync(outDir).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(notes[0]).toBe(
      `A pasta ${outDir} podia ser lida por outros usuários: agora só o dono a acessa (0700).`,
    );
    expect(path.basename(file)).toMatch(
      new RegExp(`^mercadogamer-${adminUrl ? 'postgres' : 'pglite'}-\\d{4}-\\d{2}-\\d{2}_\\d{6}\\.tar\\.gz$`),
    );
    expect(manifest.counts).toEqual({
      listings: before.listings.length,
      trades: 1,
      ledgerEntries: expect.any(Number),
      mediaFiles: sourceMedia.size,
    });
    expect(manifest.counts.ledgerEntries).toBeGreaterThan(0);
    expect(manifest.lastMigration).toMatch(/^\d{4}_/);
    if (adminUrl) expect(notes.join('\n')).toMatch(/DELIVERY_SECRET não está no backup/);
    else expect(manifest.secrets).toEqual(['session-secret', 'delivery-secret']);

    const target = adminUrl ? await createPostgresDatabase(adminUrl) : null;
    if (target) cleanups.push(target.drop);
    const settings = readBackupSettings({ DATA_DIR: folder('mg-restore-'), DATABASE_URL: target?.url });
    const restored = await restoreBackup(settings, { file });
    expect(restored.found).toEqual({ ...manifest.counts, lastMigration: manifest.lastMigration });

    const database = await openDatabase({ url: settings.databaseUrl, pgliteDir: settings.pgliteDir });
    try {
      const after = await readState(database.db);
      expect(after).toEqual(before);
      expect(after.problems).toEqual([]);
      expect(after.chat).toEqual([expect.objectContaining({ body: 'Pix feito!' })]);
      expect(after.balances[platformAccounts.escrow]).toBe(0);
    } finally {
      await database.close();
    }
    expect(mediaFiles(settings.mediaDir)).toEqual(sourceMedia);
    if (!adminUrl) {
      for (const name of ['session-secret', 'delivery-secret']) {
        expect(readFileSync(path.join(settings.dataDir, name), 'utf8')).toBe(
          readFileSync(path.join(source.settings.dataDir, name), 'utf8'),
        );
      }
    }

    // A second restore meets data: refused before anything is touched.
    await expect(restoreBackup(settings, { file })).rejects.toThrow(BackupError);
    await expect(restoreBackup(settings, { file })).rejects.toThrow(/O destino já tem dados .*--force/);
    expect(mediaFiles(settings.mediaDir)).toEqual(sourceMedia);
  });

  it('refuses an archive holding a link (one under media/ pointing at the session secret): nothing is restored', async () => {
    const unpacked = folder('mg-tampered-');
    await extractTar({ file: archive, cwd: unpacked });
    mkdirSync(path.join(unpacked, 'media', 'listings'), { recursive: true });
    symlinkSync('../../session-secret', path.join(unpacked, 'media', 'listings', 'chave.webp'));
    const tampered = path.join(folder('mg-backups-'), path.basename(archive));
    await createTar({ gzip: true, file: tampered, cwd: unpacked, portable: true }, readdirSync(unpacked));

    const target = adminUrl ? await createPostgresDatabase(adminUrl) : null;
    if (target) cleanups.push(target.drop);
    const settings = readBackupSettings({ DATA_DIR: folder('mg-restore-'), DATABASE_URL: target?.url });
    await expect(restoreBackup(settings, { file: tampered })).rejects.toThrow(
      'O backup contém links ou arquivos especiais (media/listings/chave.webp): um backup do Mercado Gamer só tem ' +
        'arquivos e pastas. Nada foi restaurado.',
    );
    expect(readdirSync(settings.dataDir)).toEqual([]);
    if (target) {
      const database = await openDatabase({ url: target.url, pgliteDir: '' });
      try {
        const tables = await queryRows(
          database.db,
          sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
        );
        expect(tables).toEqual([{ n: 0 }]);
      } finally {
        await database.close();
      }
    }
    expect(existsSync(path.join(settings.mediaDir, 'listings', 'chave.webp'))).toBe(false);
  });
});
