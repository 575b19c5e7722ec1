import path from 'node:path';

/** Names in the archive: the database's dump for each kind, and the media folder. */
export const archiveNames = {
  manifest: 'manifest.json',
  postgres: 'database.pgdump',
  pglite: 'pglite-data.tar',
  media: 'media',
} as const;

export const secretFiles = ['session-secret', 'delivery-secret'] as const;

/**
 * Where the data is, read from the same variables as the server (config.ts) but only those: a backup needs neither
 * the secrets nor the rest, and reading the full configuration would generate secrets into an empty DATA_DIR.
 */
export function readBackupSettings(source: NodeJS.ProcessEnv = process.env) {
  const dataDir = path.resolve(source.DATA_DIR?.trim() || './data');
  return {
    dataDir,
    databaseUrl: source.DATABASE_URL?.trim() || undefined,
    pgliteDir: path.join(dataDir, 'pglite'),
    mediaDir: path.join(dataDir, 'media'),
    s3Bucket: source.S3_BUCKET?.trim() || null,
  };
}

export type BackupSettings = ReturnType<typeof readBackupSettings>;

/** A refusal or failure the operator reads (pt-BR); the scripts print it and exit 1. */
export class BackupError extends Error {}
