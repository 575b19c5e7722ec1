import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { create as createTar } from 'tar';
import { acquireDataLock, DataLockError } from '../data-lock';
import { type Db, openDatabase } from '../db/client';
import { listMediaFiles, type Manifest, readDatabaseFigures } from './manifest';
import { runPostgresTool } from './postgres-tools';
import { archiveNames, BackupError, type BackupSettings, secretFiles } from './settings';

export interface BackupResult {
  file: string;
  manifest: Manifest;
  /** What the operator must know about what is not in the archive (pt-BR), printed by `npm run backup`. */
  notes: string[];
}

/**
 * One archive, `<outDir>/mercadogamer-<kind>-<Brasília time>.tar.gz`: `manifest.json`, the database (PostgreSQL:
 * `pg_dump -Fc`, online; PGlite: its data directory, with the server stopped), the generated secrets (embedded
 * only) and the media folder. Written under a temporary name and renamed once whole. The archive holds the
 * sessions and (embedded) the keys: it is the owner's alone (0600), in a folder only the owner enters (0700).
 */
export async function createBackup(
  settings: BackupSettings,
  { outDir, now = new Date() }: { outDir: string; now?: Date },
): Promise<BackupResult> {
  const kind = settings.databaseUrl ? 'postgres' : 'pglite';
  const tightened = await ownerOnlyFolder(outDir);
  const lock = kind === 'pglite' ? lockForBackup(settings.dataDir) : null;
  const staging = path.join(outDir, `.staging-${randomBytes(6).toString('hex')}`);
  try {
    await mkdir(staging, { mode: 0o700 });
    const figures =
      kind === 'postgres'
        ? await dumpPostgres(settings.databaseUrl as string, path.join(staging, archiveNames.postgres))
        : await dumpPglite(settings.pgliteDir, path.join(staging, archiveNames.pglite));
    const secrets =
      kind === 'pglite' ? secretFiles.filter((name) => existsSync(path.join(settings.dataDir, name))) : [];
    for (const name of secrets) await copyFile(path.join(settings.dataDir, name), path.join(staging, name));
    // The media folder goes in through a link, no copy of what may be gigabytes; as the files listed now, so the
    // manifest counts what is packed even while uploads go on (PostgreSQL's backup is online).
    const mediaFiles = await listMediaFiles(settings.mediaDir);
    if (mediaFiles.length > 0)
      await symlink(settings.mediaDir, path.join(staging, archiveNames.media), 'dir');

    const manifest: Manifest = {
      format: 1,
      app: 'mercadogamer',
      kind,
      createdAt: now.toISOString(),
      lastMigration: figures.lastMigration,
      counts: {
        listings: figures.listings,
        trades: figures.trades,
        ledgerEntries: figures.ledgerEntries,
        mediaFiles: mediaFiles.length,
      },
      secrets: [...secrets],
      s3Bucket: settings.s3Bucket,
    };
    await writeFile(path.join(staging, archiveNames.manifest), `${JSON.stringify(manifest, null, 2)}\n`);

    const file = path.join(outDir, `mercadogamer-${kind}-${brasiliaStamp(now)}.tar.gz`);
    if (existsSync(file)) throw new BackupError(`Já existe um backup com este nome: ${file}`);
    const partial = `${file}.partial`;
    const entries = [
      archiveNames.manifest,
      kind === 'postgres' ? archiveNames.postgres : archiveNames.pglite,
      ...secrets,
      ...mediaFiles.map((file) => `${archiveNames.media}/${file}`),
    ];
    await createTar({ gzip: true, file: partial, mode: 0o600, cwd: staging, portable: true }, entries);
    // The mode asked for is narrowed by the umask, never widened; this makes it exactly the owner's.
    await chmod(partial, 0o600);
    await rename(partial, file);
    const notes = notesFor(kind, settings.s3Bucket);
    if (tightened)
      notes.unshift(`A pasta ${outDir} podia ser lida por outros usuários: agora só o dono a acessa (0700).`);
    return { file, manifest, notes };
  } finally {
    lock?.release();
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * Makes `dir` a folder only its owner may enter (0700) whatever the umask; an existing one open to others is
 * tightened (the archives before it were readable by every local user). True when it was.
 */
async function ownerOnlyFolder(dir: string): Promise<boolean> {
  const created = (await mkdir(dir, { recursive: true, mode: 0o700 })) !== undefined;
  const mode = (await stat(dir)).mode & 0o777;
  if (mode !== 0o700) await chmod(dir, 0o700);
  return !created && (mode & 0o077) !== 0;
}

/** PGlite is one process's: the backup takes the data folder's lock, so it runs only with the server stopped. */
function lockForBackup(dataDir: string) {
  try {
    return acquireDataLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataLockError)) throw error;
    throw new BackupError(
      `O servidor está rodando com o banco embutido (PGlite) em ${dataDir}: pare-o antes do backup ` +
        '(o PGlite só aceita um processo por vez) e inicie-o de novo depois.\n' +
        `Detalhe: ${error.message.split('\n')[0]}`,
    );
  }
}

/**
 * Online: pg_dump reads the snapshot this transaction exports, the one the manifest's counts are read in, so they
 * describe exactly what was dumped however busy the server is. pg-boss's schema is left out: pg-boss recreates it
 * at start and every periodic job is offered again then (decision 021); its rows are only queue state.
 */
async function dumpPostgres(url: string, file: string) {
  const client = new pg.Client({ connectionString: url, application_name: 'backup' });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const figures = await readDatabaseFigures(drizzle(client) as unknown as Db);
    await runPostgresTool('pg_dump', url, [
      '--format=custom',
      '--exclude-schema=pgboss',
      `--snapshot=${rows[0]?.snapshot}`,
      '--file',
      file,
    ]);
    await client.query('commit');
    return figures;
  } finally {
    await client.end();
  }
}

async function dumpPglite(pgliteDir: string, file: string) {
  if (!existsSync(pgliteDir)) throw new BackupError(`Não há banco embutido em ${pgliteDir} para copiar.`);
  const database = await openDatabase({ pgliteDir });
  try {
    const tarball = await database.dumpDataDir?.();
    if (!tarball) throw new Error('PGlite não entregou a pasta de dados');
    await writeFile(file, Buffer.from(await tarball.arrayBuffer()));
    return await readDatabaseFigures(database.db);
  } finally {
    await database.close();
  }
}

function notesFor(kind: 'pglite' | 'postgres', s3Bucket: string | null): string[] {
  const notes: string[] = [];
  if (kind === 'postgres') {
    notes.push(
      'DELIVERY_SECRET não está no backup (vem do ambiente): guarde-o à parte. Sem ele, as credenciais ' +
        'entregues nas negociações restauradas ficam ilegíveis.',
    );
  } else {
    notes.push(
      'O arquivo contém as chaves geradas (session-secret, delivery-secret): guarde-o como um segredo.',
    );
  }
  if (s3Bucket) {
    notes.push(
      `As fotos e gravações no bucket S3 "${s3Bucket}" não estão no backup: ative o versionamento do bucket ` +
        'ou copie-o para um segundo bucket (aws s3 sync s3://origem s3://copia, ou mc mirror).',
    );
  }
  return notes;
}

/** 2026-11-27_083015 in Brasília time (UTC−3, no daylight saving since 2019), sortable and readable. */
export function brasiliaStamp(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}_${parts.hour}${parts.minute}${parts.second}`;
}
