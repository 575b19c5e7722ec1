// `npm run restore -- <arquivo.tar.gz> [--force]`: an archive of `npm run backup` into DATA_DIR (and DATABASE_URL);
// see README, Operations › Backups.
import { parseArgs } from 'node:util';
import type { BackupCounts } from '../src/server/backup/manifest';
import { restoreBackup } from '../src/server/backup/restore-backup';
import { BackupError, readBackupSettings } from '../src/server/backup/settings';

const usage = 'Uso: npm run restore -- <arquivo.tar.gz> [--force]';

try {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const [file, ...extra] = positionals;
  if (!file || extra.length > 0) throw new BackupError(usage);
  const { manifest, found } = await restoreBackup(readBackupSettings(), { file, force: values.force });
  const rows: [string, keyof BackupCounts][] = [
    ['anúncios', 'listings'],
    ['negociações', 'trades'],
    ['lançamentos no razão', 'ledgerEntries'],
    ['arquivos de mídia', 'mediaFiles'],
  ];
  const differ = rows.some(([, key]) => found[key] !== manifest.counts[key]);
  console.log(
    [
      `Backup de ${manifest.createdAt} restaurado (${manifest.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, migração ${found.lastMigration ?? '–'}).`,
      '                        no backup   restaurado',
      ...rows.map(
        ([label, key]) =>
          `  ${label.padEnd(22)}${String(manifest.counts[key]).padStart(9)}${String(found[key]).padStart(13)}`,
      ),
      differ ? 'Atenção: as contagens diferem do manifest.' : 'As contagens conferem com o manifest.',
      ...(manifest.kind === 'postgres'
        ? ['Use o mesmo DELIVERY_SECRET de antes: sem ele, as credenciais entregues ficam ilegíveis.']
        : []),
      ...(manifest.s3Bucket
        ? [`As mídias do bucket S3 "${manifest.s3Bucket}" não vêm do backup: restaure-as à parte.`]
        : []),
    ].join('\n'),
  );
  if (differ) process.exit(1);
} catch (error) {
  // parseArgs names an unknown option in English: the usage says it in Portuguese.
  const badArguments = String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
  console.error(badArguments ? usage : error instanceof BackupError ? error.message : error);
  process.exit(1);
}
