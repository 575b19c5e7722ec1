import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { acquireDataLock, type DataLock, DataLockError } from './data-lock';
import { openDatabase } from './db/client';
import { refreshStaleStatistics } from './db/statistics';
import { demoAccounts, seedDemoData } from './demo/seed';
import { ensureFirstAdmin } from './modules/accounts/first-admin';
import { backfillNameSkeletons } from './modules/accounts/usernames';
import { ensureGameCatalogue } from './modules/games/catalogue';
import { createStorage } from './storage';

/** Each start-up phase's time, logged as one line once the server is up (bench/README.md reads it). */
function createStartupClock() {
  const phases: { name: string; ms: number }[] = [{ name: 'código', ms: performance.now() }];
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2).replace('.', ',')} s`;
  return {
    async time<T>(name: string, work: () => Promise<T> | T): Promise<T> {
      const started = performance.now();
      try {
        return await work();
      } finally {
        phases.push({ name, ms: performance.now() - started });
      }
    },
    /** `início em 1,52 s: código 0,45 s, trava 0,00 s, banco 0,61 s, …` and the figures in ms. */
    summary() {
      const totalMs = performance.now();
      const line = `início em ${seconds(totalMs)}: ${phases.map((p) => `${p.name} ${seconds(p.ms)}`).join(', ')}`;
      const startupMs = Object.fromEntries([
        ['total', Math.round(totalMs)],
        ...phases.map((p) => [p.name, Math.round(p.ms)]),
      ]);
      return { line, startupMs };
    },
  };
}

async function main() {
  const clock = createStartupClock();
  const config = loadConfig();
  // The embedded database allows one process per DATA_DIR; with PostgreSQL, many processes may share
  // one (uploads in DATA_DIR/media are written under unique names, and the sweep only checks rows).
  const lock = await clock.time('trava', () => (config.databaseUrl ? null : acquireDataLock(config.dataDir)));
  const database = await clock.time('banco', () =>
    openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir }),
  );
  await clock.time('migrações', () => database.migrate());
  await clock.time('nomes', () => backfillNameSkeletons(database.db));
  const storage = createStorage(config.media);
  const seeded = await clock.time('demonstração', () =>
    config.seedDemo ? seedDemoData(database.db, config, storage) : ('skipped' as const),
  );
  // Without demo data (production), the first start still gets the games and, when configured, its first admin.
  await ensureGameCatalogue(database.db);
  const firstAdmin = await ensureFirstAdmin(database.db, config.admin);
  // PGlite runs no autovacuum: the planner's statistics are refreshed at start where they went stale.
  if (database.kind === 'pglite') await clock.time('analyze', () => refreshStaleStatistics(database.db));

  const app = await clock.time('app', () => buildApp(config, { database, storage }));
  app.addHook('onClose', () => database.close());
  closeOnSignals(app, lock, config.shutdownTimeoutSeconds);

  await clock.time('escuta', () => app.listen({ port: config.port, host: config.host }));
  printBanner(config, seeded, firstAdmin);
  // The periodic and queued jobs (decision 021); app.close() stops them before the database closes.
  await clock.time('tarefas', () => app.jobs.start());
  const { line, startupMs } = clock.summary();
  app.log.info({ startupMs }, line);
}

/**
 * SIGTERM (an orchestrator, a deploy) or SIGINT (Ctrl-C): the readiness check turns 503 and new connections are
 * refused at once, open sockets are told to reconnect (1012), requests in flight and the jobs' current run
 * finish, the database closes, the data folder's lock is freed, exit 0 — or, past `timeoutSeconds`, exit 1.
 */
function closeOnSignals(app: FastifyInstance, lock: DataLock | null, timeoutSeconds: number) {
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      // A terminal's Ctrl-C reaches npm and this process both: one shutdown.
      if (closing) return;
      closing = true;
      const started = performance.now();
      app.log.info(`${signal}: encerrando (aguardando requisições em andamento, até ${timeoutSeconds} s)`);
      setTimeout(() => {
        app.log.error(
          `encerramento não terminou em ${timeoutSeconds} s (SHUTDOWN_TIMEOUT_SECONDS): saindo assim`,
        );
        process.exit(1);
      }, timeoutSeconds * 1000);
      // close(): the preClose hooks (app.ts), the requests in flight, then onClose (the database).
      app.close().then(
        () => {
          lock?.release();
          app.log.info(`encerrado em ${Math.round(performance.now() - started)} ms`);
          process.exit(0);
        },
        (err) => {
          app.log.error({ err }, 'erro ao encerrar');
          process.exit(1);
        },
      );
    });
  }
}

function printBanner(
  config: ReturnType<typeof loadConfig>,
  seeded: 'seeded' | 'skipped',
  firstAdmin: Awaited<ReturnType<typeof ensureFirstAdmin>>,
) {
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
  if (firstAdmin === 'created')
    lines.push('', `  Primeiro administrador criado: ${config.admin.email} (senha de ADMIN_PASSWORD)`);
  if (firstAdmin === 'email-taken') {
    lines.push(
      '',
      `  ADMIN_EMAIL (${config.admin.email}) já é de um membro: nenhum administrador foi criado.`,
    );
  }
  if (!config.seedDemo && firstAdmin === 'not-configured') {
    lines.push('', '  Nenhum administrador: defina ADMIN_EMAIL e ADMIN_PASSWORD para criar o primeiro.');
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
