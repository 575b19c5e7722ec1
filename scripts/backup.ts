// `npm run backup [-- --dir backups]`: one archive of the database, the media folder and (embedded) the generated
// secrets; see README, Operations › Backups.
import { parseArgs } from 'node:util';
import { createBackup } from '../src/server/backup/create-backup';
import { BackupError, readBackupSettings } from '../src/server/backup/settings';

const usage = 'Uso: npm run backup [-- --dir <pasta>]';

try {
  const { values } = parseArgs({ options: { dir: { type: 'string', default: 'backups' } } });
  const { file, manifest, notes } = await createBackup(readBackupSettings(), { outDir: values.dir });
  const c = manifest.counts;
  console.log(
    [
      `Backup criado: ${file}`,
      `  banco: ${manifest.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embutido)'}, migração ${manifest.lastMigration ?? '–'}`,
      `  ${c.listings} anúncios, ${c.trades} negociações, ${c.ledgerEntries} lançamentos no razão, ${c.mediaFiles} arquivos de mídia`,
      ...notes.map((note) => `Atenção: ${note}`),
    ].join('\n'),
  );
} catch (error) {
  // parseArgs names an unknown option in English: the usage says it in Portuguese.
  const badArguments = String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
  console.error(badArguments ? usage : error instanceof BackupError ? error.message : error);
  process.exit(1);
}
