import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { clusterAppEnvironment } from '../../scripts/cluster/apps';
import { findNginx, testNginxConfig, writeNginxConfig } from '../../scripts/cluster/nginx';

// The load balancer's configuration and the compose stack, without running them (the full cluster is run by
// hand: README, Operations → Cluster). nginx -t only where nginx is installed.
const root = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const nginx = findNginx();

interface ComposeService {
  image?: string;
  environment?: Record<string, string>;
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
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

  it("sends compose's traffic to every app service compose.yaml runs, on its port", () => {
    const servers = [...read('deploy/compose/upstream-servers.conf').matchAll(/^server ([\w-]+):(\d+) /gm)];
    expect(servers.map(([, host, port]) => `${host}:${port}`)).toEqual(
      appServices.map(([name]) => `${name}:3000`),
    );
  });
});

describe('compose.yaml', () => {
  it('gives each app process the variables npm run cluster gives it', () => {
    const clusterNames = [
      ...Object.keys(
        clusterAppEnvironment({
          url: 'u',
          databaseUrl: 'd',
          secrets: { SESSION_SECRET: 's', DELIVERY_SECRET: 'd' },
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
