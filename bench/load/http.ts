import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import type { Stats } from './stats';

export interface Call {
  /** The route template the figures are kept under, e.g. 'GET /api/listings/:id'. */
  route: string;
  path: string;
  cookie?: string;
  /** A JSON body makes it a POST unless `method` says otherwise. */
  body?: object;
  method?: 'GET' | 'POST' | 'PUT';
  /** The statuses the mix expects from this call (default: 200 for a GET, 200 or 201 for a write). */
  expect?: number[];
}

export interface Answer {
  ok: boolean;
  status: number;
  json: () => unknown;
  setCookies: string[];
}

/**
 * The virtual users' HTTP client: one undici agent with enough connections for every user, each request timed
 * and recorded under its route template. Writes carry the site's origin (the server refuses a write without it).
 */
export function createClient(baseUrl: string, origin: string, stats: Stats, connections: number) {
  const dispatcher = new Agent({ connections, keepAliveTimeout: 30_000 });
  return {
    async call(c: Call): Promise<Answer> {
      const method = c.method ?? (c.body ? 'POST' : 'GET');
      const expect = c.expect ?? (method === 'GET' ? [200] : [200, 201]);
      const headers: Record<string, string> = { 'user-agent': 'mercado-gamer-bench-load' };
      if (c.cookie) headers.cookie = c.cookie;
      if (method !== 'GET') {
        headers.origin = origin;
        headers['content-type'] = 'application/json';
      }
      const started = performance.now();
      try {
        const res = await request(`${baseUrl}${c.path}`, {
          method,
          headers,
          body: method === 'GET' ? undefined : JSON.stringify(c.body ?? {}),
          dispatcher,
        });
        const text = await res.body.text();
        const ok = expect.includes(res.statusCode);
        stats.record(c.route, started, ok, res.statusCode, ok ? '' : `${method} ${c.path}: ${text}`);
        const raw = res.headers['set-cookie'];
        return {
          ok,
          status: res.statusCode,
          json: () => JSON.parse(text),
          setCookies: raw === undefined ? [] : Array.isArray(raw) ? raw : [raw],
        };
      } catch (error) {
        stats.record(
          c.route,
          started,
          false,
          'sem resposta',
          `${method} ${c.path}: ${(error as Error).message}`,
        );
        return { ok: false, status: 0, json: () => null, setCookies: [] };
      }
    },
    close: () => dispatcher.close(),
  };
}

export type Client = ReturnType<typeof createClient>;

/** The Cookie header a browser would send after these Set-Cookie lines. */
export const cookieFrom = (setCookies: string[]) => setCookies.map((line) => line.split(';')[0]).join('; ');
