import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { clusterAppEnvironment } from '../../scripts/cluster/apps';
import { findNginx, startNginx, testNginxConfig, writeNginxConfig } from '../../scripts/cluster/nginx';
import { type Managed, stopProcess } from '../../scripts/cluster/processes';

// The load balancer's configuration and the compose stack, without running them (the full cluster is run by
// hand: README, Operations → Cluster). nginx -t only where nginx is installed.
const root = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const nginx = findNginx();

interface ComposeService {
  image?: string;
  environment?: Record<string, string>;
  volumes?: string[];
  entrypoint?: string[];
  networks?: Record<string, { ipv4_address?: string }>;
}
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, ComposeService>;
  networks: { default: { ipam: { config: { subnet: string }[] } } };
};
const appServices = Object.entries(compose.services).filter(
  ([, service]) => service.image === 'mercado-gamer',
);

describe('deploy/nginx.conf', () => {
  it.skipIf(!nginx)('loads in nginx -t with the includes npm run cluster writes', () => {
    const prefix = mkdtempSync(path.join(tmpdir(), 'mg-nginx-'));
    try {
      const args = writeNginxConfig({ root, prefix, port: 8080, appPorts: [8081, 8082, 8083] });
      const result = testNginxConfig(nginx as string, args);
      expect(result.output).toContain('test is successful');
      expect(result.ok).toBe(true);
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });

  it("gives the X-Upstream header (the apps' internal addresses) to npm run cluster only", () => {
    const prefix = mkdtempSync(path.join(tmpdir(), 'mg-nginx-'));
    try {
      expect(read('deploy/nginx.conf')).not.toMatch(/^\s*add_header X-Upstream/m);
      writeNginxConfig({ root, prefix, port: 8080, appPorts: [8081], upstreamHeader: true });
      const clusterOnly = path.join(prefix, 'conf', 'cluster.d', 'upstream-header.conf');
      expect(readFileSync(clusterOnly, 'utf8')).toContain('add_header X-Upstream $upstream_addr always;');
      const other = path.join(prefix, 'other');
      writeNginxConfig({ root, prefix: other, port: 8080, appPorts: [8081] });
      expect(existsSync(path.join(other, 'conf', 'cluster.d', 'upstream-header.conf'))).toBe(false);
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });

  it('passes a request to the next process only when its connection failed, never after a timeout', () => {
    const directives = [...read('deploy/nginx.conf').matchAll(/^\s*proxy_next_upstream (.+);/gm)].map(
      ([, v]) => v,
    );
    expect(directives).toEqual(['error']);
  });

  it("sends compose's traffic to every app service compose.yaml runs, on its port", () => {
    const servers = [...read('deploy/compose/upstream-servers.conf').matchAll(/^server ([\w-]+):(\d+) /gm)];
    expect(servers.map(([, host, port]) => `${host}:${port}`)).toEqual(
      appServices.map(([name]) => `${name}:3000`),
    );
  });
});

/** A port nothing listens on now. */
async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe.skipIf(!nginx)('deploy/nginx.conf running in front of an app', () => {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  let app: Server;
  let proxy: Managed;
  let url: string;
  let prefix: string;
  let log: string;

  beforeAll(async () => {
    // Stands in for an app process: answers everything, and remembers what reached it.
    app = createServer((request, response) => {
      seen.push({ url: request.url ?? '', headers: request.headers });
      response.setHeader('content-type', 'application/json');
      response.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    prefix = mkdtempSync(path.join(tmpdir(), 'mg-nginx-run-'));
    log = path.join(prefix, 'nginx.log');
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    proxy = await startNginx({
      binary: nginx as string,
      root,
      prefix,
      port,
      appPorts: [(app.address() as AddressInfo).port],
      log,
    });
  });
  afterAll(async () => {
    if (proxy) await stopProcess(proxy);
    await new Promise((resolve) => app?.close(resolve));
    if (prefix) rmSync(prefix, { recursive: true, force: true });
  });

  it('names no internal address in its answers', async () => {
    const response = await fetch(`${url}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-upstream')).toBeNull();
  });

  it('keeps /metrics from the public, token or not', async () => {
    const before = seen.length;
    for (const route of ['/metrics', '/metrics?x=1', '//metrics', '/%6detrics']) {
      const response = await fetch(`${url}${route}`, {
        headers: { authorization: 'Bearer a-token-16-chars' },
      });
      expect([route, response.status]).toEqual([route, 404]);
    }
    expect(seen.slice(before).map((request) => request.url)).toEqual([]);
  });

  it("replaces the client's own X-Forwarded-For with the address it saw", async () => {
    await fetch(`${url}/api/games`, { headers: { 'x-forwarded-for': '8.8.8.8' } });
    expect(seen.at(-1)?.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('logs no value of a query string (the webhook secret, a reset token)', async () => {
    const secret = 'segredo-do-webhook-nginx-5e4d3c';
    await fetch(`${url}/api/pix/webhook?hmac=${secret}/pix`, { method: 'POST', body: '{}' });
    await fetch(`${url}/redefinir-senha?token=${secret}`);
    // nginx writes its access log line once the answer is sent.
    await expect.poll(() => readFileSync(log, 'utf8'), { timeout: 5000 }).toContain('/redefinir-senha?[...]');
    const written = readFileSync(log, 'utf8');
    expect(written).toContain('"POST /api/pix/webhook?[...] HTTP/1.1" 200');
    expect(written).not.toContain(secret);
  });
});

describe('compose.yaml', () => {
  it('gives each app process the variables npm run cluster gives it', () => {
    const clusterNames = [
      ...Object.keys(
        clusterAppEnvironment({
          url: 'u',
          databaseUrl: 'd',
          secrets: { SESSION_SECRET: 's', DELIVERY_SECRET: 'd', ADMIN_PASSWORD: 'a' },
          s3Endpoint: 'e',
        }),
      ),
      'PORT',
      'DATA_DIR',
      'SEED_DEMO',
    ].sort();
    // What the image sets (NODE_ENV, HOST, PORT, DATA_DIR) plus what compose sets per service.
    const imageNames = [...read('Dockerfile').matchAll(/^\s*(?:ENV )?([A-Z_]+)=\S+/gm)].map(
      ([, name]) => name,
    );
    expect(appServices.length).toBeGreaterThanOrEqual(2);
    for (const [, service] of appServices) {
      const names = new Set([...imageNames, ...Object.keys(service.environment ?? {})]);
      expect(clusterNames.filter((name) => !names.has(name))).toEqual([]);
    }
  });
});

describe('compose.yaml: each piece with the least it needs', () => {
  const services = compose.services;
  const apps = appServices.map(([, service]) => service.environment ?? {});

  it("believes X-Forwarded-For from nginx alone, at its fixed address in the stack's subnet", () => {
    const address = services.nginx?.networks?.default?.ipv4_address;
    expect(compose.networks.default.ipam.config[0]?.subnet).toBe('172.30.250.0/24');
    expect(address).toMatch(/^172\.30\.250\.\d+$/);
    for (const env of apps) expect(env.TRUST_PROXY).toBe(address);
  });

  it('connects the apps to PostgreSQL as a role that owns their database and is no superuser', () => {
    const postgres = services.postgres?.environment ?? {};
    const init = read('deploy/compose/postgres-app-role.sh');
    for (const env of apps) {
      const url = new URL((env.DATABASE_URL ?? '').replace(/\$\{(\w+):\?[^}]*\}/, '$1'));
      expect(url.username).not.toBe(postgres.POSTGRES_USER);
      expect(url.password).toBe('APP_DB_PASSWORD');
      expect(init).toContain(
        `CREATE ROLE ${url.username} LOGIN PASSWORD :'app_password' NOSUPERUSER NOCREATEDB`,
      );
      expect(init).toContain(`CREATE DATABASE ${url.pathname.slice(1)} OWNER ${url.username};`);
    }
    expect(services.postgres?.volumes).toContain(
      './deploy/compose/postgres-app-role.sh:/docker-entrypoint-initdb.d/10-app-role.sh:ro',
    );
  });

  it('connects the apps to MinIO as a user whose policy covers only their bucket, not the root account', () => {
    const root = services.minio?.environment ?? {};
    const setup = (services['minio-setup']?.entrypoint ?? []).join('\n');
    const policy = JSON.parse(read('deploy/compose/minio-app-policy.json')) as {
      Statement: { Resource: string[] }[];
    };
    for (const env of apps) {
      expect(env.S3_ACCESS_KEY_ID).not.toBe(root.MINIO_ROOT_USER);
      expect(env.S3_SECRET_ACCESS_KEY).toContain('MINIO_APP_PASSWORD');
      expect(setup).toContain(`mc admin user add store ${env.S3_ACCESS_KEY_ID} "$$MINIO_APP_PASSWORD"`);
      expect(setup).toContain(
        `mc admin policy attach store mercado-gamer-app --user ${env.S3_ACCESS_KEY_ID}`,
      );
      const resources = policy.Statement.flatMap((statement) => statement.Resource);
      expect(resources.sort()).toEqual([`arn:aws:s3:::${env.S3_BUCKET}`, `arn:aws:s3:::${env.S3_BUCKET}/*`]);
    }
  });

  it('builds an image that seeds no demo account unless asked', () => {
    expect(read('Dockerfile')).toMatch(/^\s*SEED_DEMO=false$/m);
  });
});
