import { type Managed, waitFor } from './processes';

/**
 * Asks nginx for /api/health until every app process has answered through it, as the cluster's X-Upstream header
 * (nginx.ts, writeNginxConfig) names: proof that the balancer reaches each one, not just one of them.
 */
export async function waitForEveryUpstream(url: string, appPorts: number[], nginx: Managed) {
  const missing = new Set(appPorts.map((port) => `127.0.0.1:${port}`));
  await waitFor(
    `nginx → ${[...missing].join(', ')}`,
    async () => {
      const response = await fetch(`${url}/api/health`);
      const upstream = response.headers.get('x-upstream');
      if (response.ok && upstream) missing.delete(upstream);
      return missing.size === 0;
    },
    nginx,
    30_000,
  );
}
