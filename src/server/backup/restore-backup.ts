import { randomBytes } from 'node:crypto';
import { existsSync, openAsBlob, readdirSync } from 'node:fs';
import { chmod, copyFile, mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { extract as extractTar, list as listTar } from 'tar';
import { acquireDataLock, DataLockError } from '../data-lock';
import { type Database, openDatabase } from '../db/client';
import {
  type BackupCounts,
  knownMigrations,
  listMediaFiles,
  type Manifest,
  manifestSchema,
  readDatabaseFigures,
} from './manifest';
import { runPostgresTool } from './postgres-tools';
import { archiveNames, BackupError, type BackupSettings, secretFiles } from './settings';

export interface RestoreResult {
  manifest: Manifest;
  /** What the restored database and media folder hold, to compare with `manifest.counts`. */
  found: BackupCounts & { lastMigration: string | null };
}

/**
 * Restores an archive of `createBackup` into the place `settings` names: PGlite into DATA_DIR/pglite (the server
 * stopped), or PostgreSQL into DATABASE_URL with `pg_restore --clean --if-exists --no-owner` in one transaction;
 * the media folder and, embedded, the generated secrets into DATA_DIR. A target that already holds data is refused
 * unless `force`, which replaces it. The archive's manifest is checked before anything is touched.
 */
export async function restoreBackup(
  settings: BackupSettings,
  { file, force = false }: { file: string; force?: boolean },
): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BackupError(`Arquivo de backup não encontrado: ${file}`);
  await ensureOnlyFilesAndFolders(file);
  const kind = settings.databaseUrl ? 'postgres' : 'pglite';
  await mkdir(settings.dataDir, { recursive: true });
  const lock = kind === 'pglite' ? lockForRestore(settings.dataDir) : null;
  const staging = path.join(settings.dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  try {
    const occupied = [
      ...(kind === 'pglite'
        ? [
            ...filled(settings.pgliteDir),
            ...secretFiles.map((name) => path.join(settings.dataDir, name)).filter(existsSync),
          ]
        : await filledDatabase(settings.databaseUrl as string)),
      ...filled(settings.mediaDir),
    ];
    if (occupied.length > 0 && !force) {
      throw new BackupError(
        `O destino já tem dados (${occupied.join(', ')}). Restaure numa pasta de dados e num banco vazios, ` +
          'ou use --force para substituí-los pelo conteúdo do backup.',
      );
    }
    await mkdir(staging);
    await extractTar({
      file,
      cwd: staging,
      strict: true,
      filter: (_path, entry) => 'type' in entry && restorableTypes.has(entry.type),
    });
    const manifest = await readManifest(staging, kind);

    const database =
      kind === 'postgres'
        ? await restorePostgres(settings.databaseUrl as string, path.join(staging, archiveNames.postgres))
        : await restorePglite(settings, staging, manifest);
    try {
      await rm(settings.mediaDir, { recursive: true, force: true });
      if (existsSync(path.join(staging, archiveNames.media))) {
        await rename(path.join(staging, archiveNames.media), settings.mediaDir);
      }
      const figures = await readDatabaseFigures(database.db);
      return {
        manifest,
        found: { ...figures, mediaFiles: (await listMediaFiles(settings.mediaDir)).length },
      };
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
    await rm(staging, { recursive: true, force: true });
  }
}

/** What an archive of `createBackup` holds: files and folders; the media folder is packed without its links. */
const restorableTypes = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

/**
 * Refuses, before anything is touched, an archive holding a link (a symbolic or hard one) or a device, FIFO…:
 * restored under media/, a link pointing at DATA_DIR/session-secret was served by /media to anyone.
 */
async function ensureOnlyFilesAndFolders(file: string): Promise<void> {
  const refused: string[] = [];
  await listTar({
    file,
    strict: true,
    onReadEntry: (entry) => {
      if (!restorableTypes.has(entry.type)) refused.push(entry.path);
    },
  });
  if (refused.length > 0) {
    throw new BackupError(
      `O backup contém links ou arquivos especiais (${refused.slice(0, 5).join(', ')}${refused.length > 5 ? '…' : ''}): ` +
        'um backup do Mercado Gamer só tem arquivos e pastas. Nada foi restaurado.',
    );
  }
}

function lockForRestore(dataDir: string) {
  try {
    return acquireDataLock(dataDir);
  } catch (error) {
    if (!(error instanceof DataLockError)) throw error;
    throw new BackupError(
      `O servidor está rodando em ${dataDir}: pare-o antes de restaurar.\nDetalhe: ${error.message.split('\n')[0]}`,
    );
  }
}

async function readManifest(staging: string, kind: Manifest['kind']): Promise<Manifest> {
  let parsed: ReturnType<typeof manifestSchema.safeParse>;
  try {
    parsed = manifestSchema.safeParse(
      JSON.parse(await readFile(path.join(staging, archiveNames.manifest), 'utf8')),
    );
  } catch {
    throw new BackupError(
      'O arquivo não é um backup do Mercado Gamer: falta o manifest.json ou ele está ilegível.',
    );
  }
  if (!parsed.success) {
    throw new BackupError(
      'O arquivo não é um backup do Mercado Gamer: o manifest.json não tem o formato esperado.',
    );
  }
  const manifest = parsed.data;
  if (manifest.kind !== kind) {
    throw new BackupError(
      manifest.kind === 'postgres'
        ? 'Este backup é de um PostgreSQL: defina DATABASE_URL com o banco de destino.'
        : 'Este backup é do banco embutido (PGlite): restaure-o sem DATABASE_URL, numa DATA_DIR vazia.',
    );
  }
  if (manifest.lastMigration && !knownMigrations().includes(manifest.lastMigration)) {
    throw new BackupError(
      `O backup vem de uma versão mais nova do app (migração ${manifest.lastMigration}): atualize o app antes de restaurá-lo.`,
    );
  }
  const missing = [
    kind === 'postgres' ? archiveNames.postgres : archiveNames.pglite,
    ...manifest.secrets,
  ].filter((name) => !existsSync(path.join(staging, name)));
  if (missing.length > 0) throw new BackupError(`O backup está incompleto: falta ${missing.join(', ')}.`);
  return manifest;
}

/** The folder's name when it holds anything. */
function filled(dir: string): string[] {
  try {
    return readdirSync(dir).length > 0 ? [dir] : [];
  } catch {
    return [];
  }
}

/** The database's name when it holds tables of its own (the schemas PostgreSQL makes are not counted). */
async function filledDatabase(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return (rows[0]?.n ?? 0) > 0 ? [`o banco ${new URL(url).pathname.slice(1)}`] : [];
  } finally {
    await client.end();
  }
}

/** In one transaction: a failure leaves the target database as it was. */
async function restorePostgres(url: string, dump: string): Promise<Database> {
  await runPostgresTool('pg_restore', url, [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--single-transaction',
    dump,
  ]);
  return openDatabase({ url, pgliteDir: '' });
}

/** A new PGlite started from the archived data directory, and the generated secrets beside it. */
async function restorePglite(
  settings: BackupSettings,
  staging: string,
  manifest: Manifest,
): Promise<Database> {
  await rm(settings.pgliteDir, { recursive: true, force: true });
  for (const name of secretFiles) await rm(path.join(settings.dataDir, name), { force: true });
  for (const name of manifest.secrets) {
    const target = path.join(settings.dataDir, name);
    await copyFile(path.join(staging, name), target);
    await chmod(target, 0o600);
  }
  return openDatabase({
    pgliteDir: settings.pgliteDir,
    pgliteDataDir: await openAsBlob(path.join(staging, archiveNames.pglite)),
  });
}
