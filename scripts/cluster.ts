// `npm run cluster`: PostgreSQL database, S3-compatible store, N app processes and nginx in front, on this
// machine (README: Operations → Cluster). Ctrl-C or SIGTERM stops them in order.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type AppSpec, clusterAppEnvironment, launchApp, superviseApp, waitForApp } from './cluster/apps';
import { buildIfNeeded } from './cluster/build';
import {
  databaseUrlFor,
  dropDatabase,
  isValidDatabaseName,
  prepareDatabase,
  withMaskedPassword,
} from './cluster/database';
import { ensureNginx, startNginx } from './cluster/nginx';
import { isPidAlive, type Managed, stopProcess } from './cluster/processes';
import { S3_BUCKET, startS3 } from './cluster/s3';
import { readOrCreateSecrets } from './cluster/secrets';
import {
  type ClusterState,
  makePrivateDir,
  readClusterState,
  removeClusterState,
  stateFile,
  writeClusterState,
} from './cluster/state';
import { waitForEveryUpstream } from './cluster/upstreams';

const root = path.resolve(import.meta.dirname, '..');

const usage = `Uso: npm run cluster -- [opções]
  --apps N         processos do app (padrão 3)
  --port P         porta do nginx (padrão 8080); os apps usam P+1…P+N e o s3rver P+N+1
  --db NOME        banco no PostgreSQL local (padrão mg_cluster)
  --postgres URL   servidor PostgreSQL (padrão postgres://postgres@127.0.0.1:5432/postgres)
  --state PASTA    pasta de estado, logs e segredos (padrão .cluster)
  --keep           reaproveita banco, fotos e segredos da última vez e não apaga nada ao parar
  --no-restart     não reinicia um app que morrer`;

function readOptions() {
  try {
    return checkOptions();
  } catch (error) {
    // parseArgs: an unknown option, or one without its value.
    console.error(`Opção inválida (${(error as Error).message}).\n\n${usage}`);
    process.exit(2);
  }
}

function checkOptions() {
  const { values } = parseArgs({
    options: {
      apps: { type: 'string', default: '3' },
      port: { type: 'string', default: '8080' },
      db: { type: 'string', default: 'mg_cluster' },
      postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      state: { type: 'string', default: path.join(root, '.cluster') },
      keep: { type: 'boolean', default: false },
      'no-restart': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const apps = Number(values.apps);
  const port = Number(values.port);
  const problems = [
    !(Number.isInteger(apps) && apps >= 1 && apps <= 16) && '--apps: um número de 1 a 16',
    !(Number.isInteger(port) && port >= 1 && port + apps + 1 <= 65535) && '--port: uma porta válida',
    !isValidDatabaseName(values.db) && '--db: letras minúsculas, dígitos e _',
  ].filter(Boolean);
  if (values.help || problems.length > 0) {
    console.error(problems.length > 0 ? `${problems.join('\n')}\n\n${usage}` : usage);
    process.exit(values.help ? 0 : 2);
  }
  return { ...values, apps, port, state: path.resolve(values.state) };
}

const options = readOptions();
const { state: stateDir, keep } = options;
const logsDir = path.join(stateDir, 'logs');
const url = `http://localhost:${options.port}`;

// One cluster per state folder: its pids are in cluster.json.
const earlier = readClusterState(stateDir);
if (earlier && isPidAlive(earlier.pid)) {
  console.error(
    `Já há um cluster rodando com a pasta ${stateDir} (npm run cluster, pid ${earlier.pid}, ${earlier.url}).\n` +
      `Pare-o antes: Ctrl-C no terminal dele ou kill ${earlier.pid}.`,
  );
  process.exit(1);
}
// Its processes outlive it only if it was killed with SIGKILL; they would hold the ports.
const leftOver = earlier
  ? [earlier.nginx.pid, ...earlier.apps.map((app) => app.pid), earlier.s3.pid].filter(isPidAlive)
  : [];
if (leftOver.length > 0) {
  console.error(
    `Processos de um cluster anterior (${stateFile(stateDir)}) ainda rodando: ${leftOver.join(', ')}.\n` +
      `Pare-os (kill ${leftOver.join(' ')}) e rode de novo.`,
  );
  process.exit(1);
}

/** Everything started so far, stopped front to back: nginx, the apps, s3rver. */
const running: { nginx?: Managed; apps: (Managed | undefined)[]; s3?: Managed } = { apps: [] };
let stopping = false;
/** Only a database this run made (or emptied) is dropped on the way out. */
let databaseMade = false;

async function stop(exitCode: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nEncerrando o cluster: nginx, apps (SIGTERM), s3rver...');
  if (running.nginx) await stopProcess(running.nginx);
  await Promise.all(running.apps.map((app) => app && stopProcess(app)));
  if (running.s3) await stopProcess(running.s3);
  removeClusterState(stateDir);
  if (keep) {
    console.log(`Banco ${options.db}, fotos e segredos mantidos (--keep). Logs em ${logsDir}`);
  } else {
    for (const dir of ['apps', 's3', 'nginx', 'secrets.env'])
      rmSync(path.join(stateDir, dir), { recursive: true, force: true });
    if (databaseMade) {
      await dropDatabase(options.postgres, options.db).then(
        () => console.log(`Banco ${options.db} apagado.`),
        (error: Error) => console.error(`Não foi possível apagar o banco ${options.db}: ${error.message}`),
      );
    }
    console.log(`Logs em ${logsDir}`);
  }
  process.exit(exitCode);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));

const bootStart = performance.now();
try {
  const nginxBinary = ensureNginx();
  buildIfNeeded(root);

  if (!keep) {
    for (const dir of ['apps', 's3', 'nginx', 'logs', 'secrets.env'])
      rmSync(path.join(stateDir, dir), { recursive: true, force: true });
  }
  makePrivateDir(stateDir);
  makePrivateDir(logsDir);
  const secrets = readOrCreateSecrets(stateDir);

  console.log(`Banco ${options.db} ${keep ? '(mantido)' : '(novo)'} em ${new URL(options.postgres).host}...`);
  await prepareDatabase(options.postgres, options.db, !keep);
  databaseMade = true;
  const databaseUrl = databaseUrlFor(options.postgres, options.db);

  const s3Port = options.port + options.apps + 1;
  console.log(`s3rver na porta ${s3Port}...`);
  const s3 = await startS3({
    directory: path.join(stateDir, 's3'),
    port: s3Port,
    log: path.join(logsDir, 's3rver.log'),
    root,
  });
  running.s3 = s3.process;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...clusterAppEnvironment({ url, databaseUrl, secrets, s3Endpoint: s3.endpoint }),
  };
  const specs: AppSpec[] = Array.from({ length: options.apps }, (_, i) => ({
    name: `app-${i + 1}`,
    port: options.port + i + 1,
    dataDir: path.join(stateDir, 'apps', `app-${i + 1}`),
    log: path.join(logsDir, `app-${i + 1}.log`),
  }));

  // The first migrates and seeds alone; the others start together once it answers.
  const [first, ...others] = specs as [AppSpec, ...AppSpec[]];
  console.log(`${first.name} na porta ${first.port} (migra o banco e cria os dados de demonstração)...`);
  running.apps[0] = launchApp(root, first, { ...env, SEED_DEMO: 'true' });
  await waitForApp(first, running.apps[0]);
  console.log(`${others.map((a) => `${a.name} na porta ${a.port}`).join(', ') || 'nenhum outro app'}...`);
  const othersEnv = { ...env, SEED_DEMO: 'false' };
  others.forEach((app, i) => {
    running.apps[i + 1] = launchApp(root, app, othersEnv);
  });
  await Promise.all(others.map((app, i) => waitForApp(app, running.apps[i + 1] as Managed)));

  console.log(`nginx na porta ${options.port}...`);
  running.nginx = await startNginx({
    binary: nginxBinary,
    root,
    prefix: path.join(stateDir, 'nginx'),
    port: options.port,
    appPorts: specs.map((a) => a.port),
    log: path.join(logsDir, 'nginx.log'),
    upstreamHeader: true,
  });
  await waitForEveryUpstream(
    url,
    specs.map((a) => a.port),
    running.nginx,
  );

  const state: ClusterState = {
    url,
    pid: process.pid,
    startedAt: new Date().toISOString(),
    databaseUrl,
    s3: { endpoint: s3.endpoint, bucket: S3_BUCKET, pid: s3.process.pid },
    nginx: {
      pid: running.nginx.pid,
      port: options.port,
      config: path.join(stateDir, 'nginx', 'conf', 'nginx.conf'),
    },
    apps: specs.map((app, i) => ({
      name: app.name,
      pid: (running.apps[i] as Managed).pid,
      port: app.port,
      url: `http://127.0.0.1:${app.port}`,
      dataDir: app.dataDir,
      log: app.log,
      restarts: 0,
    })),
    logsDir,
  };
  writeClusterState(stateDir, state);

  if (!options['no-restart']) {
    specs.forEach((app, i) => {
      superviseApp({
        root,
        app,
        env: i === 0 ? { ...env, SEED_DEMO: 'true' } : othersEnv,
        first: running.apps[i] as Managed,
        isStopping: () => stopping,
        onRestart: (next) => {
          running.apps[i] = next;
          const entry = state.apps[i] as ClusterState['apps'][number];
          entry.pid = next.pid;
          entry.restarts += 1;
          writeClusterState(stateDir, state);
        },
      });
    });
  }

  const rows = [
    ['nginx', String(running.nginx.pid), String(options.port), path.join(logsDir, 'nginx.log')],
    ...state.apps.map((a) => [a.name, String(a.pid), String(a.port), a.log]),
    ['s3rver', String(s3.process.pid), String(s3Port), path.join(logsDir, 's3rver.log')],
  ];
  console.log(
    [
      '',
      `  Mercado Gamer em cluster: ${url} (no ar em ${((performance.now() - bootStart) / 1000).toFixed(0)} s)`,
      `  Banco: ${withMaskedPassword(databaseUrl)}`,
      `  Fotos: ${s3.endpoint}/${S3_BUCKET} (s3rver)`,
      '',
      `  ${'processo'.padEnd(8)} ${'pid'.padStart(7)} ${'porta'.padStart(6)}  log`,
      ...rows.map(
        ([name, pid, port, log]) => `  ${name?.padEnd(8)} ${pid?.padStart(7)} ${port?.padStart(6)}  ${log}`,
      ),
      '',
      `  Estado: ${path.join(stateDir, 'cluster.json')}`,
      `  Contas de demonstração: as do README; a do admin (admin@mercadogamer.local) com a senha ADMIN_PASSWORD de ${path.join(stateDir, 'secrets.env')}`,
      '  Ctrl-C para parar tudo.',
      '',
    ].join('\n'),
  );
} catch (error) {
  console.error(`\nO cluster não subiu: ${(error as Error).message}`);
  await stop(1);
}
