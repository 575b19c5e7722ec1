import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Managed, startProcess, waitFor } from './processes';

/** Debian keeps nginx in /usr/sbin, which is not on every user's PATH. */
export function findNginx(): string | null {
  const which = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return which.stdout.trim();
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : null;
}

/** nginx from Debian's packages: installed here when we are root, else the command to do it is printed. */
export function ensureNginx(): string {
  const found = findNginx();
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error(
      'O nginx não está instalado. Instale com:\n  sudo apt-get update && sudo apt-get install -y nginx-light\n' +
        '(no Debian 13 em diante, o pacote é só `nginx`) e rode `npm run cluster` de novo.',
    );
  }
  console.log('Instalando o nginx (apt-get install nginx-light)...');
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  // nginx-light until Debian 12; Debian 13 ships one `nginx` package.
  const hasLight = spawnSync('apt-cache', ['show', 'nginx-light'], { stdio: 'ignore' }).status === 0;
  execFileSync('apt-get', ['install', '-y', hasLight ? 'nginx-light' : 'nginx'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const installed = findNginx();
  if (!installed) throw new Error('O nginx foi instalado mas não foi encontrado no PATH nem em /usr/sbin.');
  return installed;
}

/**
 * A copy of deploy/nginx.conf in `prefix/conf/` beside this cluster's listen.conf and upstream-servers.conf;
 * the pid file and temp folders go under `prefix`, so nginx needs no system folder and no root (on a port above
 * 1023). `upstreamHeader`: the cluster's own addition, an X-Upstream header naming the process that answered
 * (its checks read it; production has none). Returns the arguments that run nginx with it.
 */
export function writeNginxConfig(options: {
  root: string;
  prefix: string;
  port: number;
  appPorts: number[];
  upstreamHeader?: boolean;
}) {
  const conf = path.join(options.prefix, 'conf');
  mkdirSync(path.join(conf, 'cluster.d'), { recursive: true });
  copyFileSync(path.join(options.root, 'deploy', 'nginx.conf'), path.join(conf, 'nginx.conf'));
  writeFileSync(path.join(conf, 'listen.conf'), `listen 127.0.0.1:${options.port};\n`);
  writeFileSync(
    path.join(conf, 'upstream-servers.conf'),
    options.appPorts.map((port) => `server 127.0.0.1:${port} max_fails=2 fail_timeout=10s;\n`).join(''),
  );
  if (options.upstreamHeader) {
    writeFileSync(
      path.join(conf, 'cluster.d', 'upstream-header.conf'),
      'add_header X-Upstream $upstream_addr always;\n',
    );
  }
  return ['-p', `${options.prefix}/`, '-c', 'conf/nginx.conf', '-e', 'stderr'];
}

/** `nginx -t`: whether the configuration loads, and what nginx said. */
export function testNginxConfig(binary: string, args: string[]) {
  // stdout not a pipe: node's are sockets, which nginx cannot open again as /dev/stdout (the access log).
  const test = spawnSync(binary, [...args, '-t'], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  return { ok: test.status === 0, output: test.stderr };
}

/** nginx in front of the app processes, checked with `nginx -t` before it starts. */
export async function startNginx(options: {
  binary: string;
  root: string;
  prefix: string;
  port: number;
  appPorts: number[];
  log: string;
  upstreamHeader?: boolean;
}) {
  const args = writeNginxConfig(options);
  const test = testNginxConfig(options.binary, args);
  if (!test.ok) throw new Error(`A configuração do nginx não passou em nginx -t:\n${test.output}`);
  const nginx = startProcess(options.binary, [...args, '-g', 'daemon off;'], {
    cwd: options.root,
    log: options.log,
  });
  await waitFor(
    'nginx',
    async () => (await fetch(`http://127.0.0.1:${options.port}/api/health`)).status > 0,
    nginx,
    15_000,
  );
  return nginx satisfies Managed;
}
