import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { acquireDataLock, DataLockError } from './data-lock';
import { openDatabase } from './db/client';
import { demoAccounts, seedDemoData } from './demo/seed';
import { backfillNameSkeletons } from './modules/accounts/usernames';
import { createStorage } from './storage';

async function main() {
  const config = loadConfig();
  // The embedded database allows one process per DATA_DIR; with PostgreSQL, many processes may share
  // one (uploads in DATA_DIR/media are written under unique names, and the sweep only checks rows).
  if (!config.databaseUrl) acquireDataLock(config.dataDir);
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
  await database.migrate();
  await backfillNameSkeletons(database.db);
  const storage = createStorage(config.media);
  const seeded = config.seedDemo ? await seedDemoData(database.db, config, storage) : 'skipped';
  // PGlite runs no autovacuum: refresh the planner's statistics once per start.
  if (database.kind === 'pglite') await database.db.execute(sql`analyze`);

  const app = await buildApp(config, { database, storage });
  app.addHook('onClose', () => database.close());

  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal}: encerrando (aguardando requisições em andamento)`);
      // close() stops accepting, lets in-flight requests finish, then runs onClose (the database).
      app.close().then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'erro ao encerrar');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  printBanner(config, seeded);
  // The periodic and queued jobs (decision 021); app.close() stops them before the database closes.
  await app.jobs.start();
}

function printBanner(config: ReturnType<typeof loadConfig>, seeded: 'seeded' | 'skipped') {
  const accounts = Object.values(demoAccounts(config));
  const lines = [
    '',
    `  Mercado Gamer rodando em ${config.publicUrl}`,
    `  Banco: ${config.databaseUrl ? 'PostgreSQL' : `PGlite embutido em ${config.pgliteDir}`}${seeded === 'seeded' ? ' (dados de demonstração criados)' : ''}`,
    `  API: ${config.publicUrl}/api/docs`,
  ];
  if (config.seedDemo) {
    lines.push('', '  Contas de demonstração:');
    for (const a of accounts) {
      const password = a === accounts[0] && config.admin.password ? '(a de ADMIN_PASSWORD)' : a.password;
      lines.push(`    ${a.label.padEnd(24)} ${a.email.padEnd(32)} senha: ${password}`);
    }
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataLockError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
