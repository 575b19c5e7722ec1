import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { test } from 'vitest';
import type WebSocket from 'ws';
import { sessionCookie } from './sessions';
import { TEST_ORIGIN, type TestApp } from './test-app';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who sends a request: a member (a session is made for them once per file, tests/helpers/sessions.ts), a Cookie
 * header as a sign-in answered it, or nobody (a guest).
 */
export type Who = { id: string } | string | null | undefined;

/** What a request adds to the browser's: headers (a user agent…), the client's address. */
export interface Extra {
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** A multipart/form-data body as tests/helpers/multipart.ts builds it. */
interface Form {
  payload: Buffer;
  headers: { 'content-type': string };
}
const isForm = (body: unknown): body is Form =>
  typeof body === 'object' &&
  body !== null &&
  Buffer.isBuffer((body as Form).payload) &&
  (body as Form).headers?.['content-type']?.startsWith('multipart/form-data;') === true;

export interface Client {
  /** The body goes as JSON, as is when a string or a buffer, as the form when `multipart(…)`. */
  request(method: Method, url: string, body?: unknown, extra?: Extra): Promise<LightMyRequestResponse>;
  get(url: string, extra?: Extra): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, extra?: Extra): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown, extra?: Extra): Promise<LightMyRequestResponse>;
  patch(url: string, body?: unknown, extra?: Extra): Promise<LightMyRequestResponse>;
  delete(url: string, body?: unknown, extra?: Extra): Promise<LightMyRequestResponse>;
  /** A WebSocket opened as the web app opens it (same origin, the sender's cookies); `onInit` hears from frame one. */
  socket(path: string, onInit?: (socket: WebSocket) => void): Promise<WebSocket>;
}

/**
 * A request as the web app sends it to `app`: same origin, `cookie` when given, the body (JSON, as is when a
 * string or a buffer, the form when `multipart(…)`). `apiOf` sends through it; so do helpers given a bare app.
 */
export function injectAs(
  app: FastifyInstance,
  method: Method,
  url: string,
  cookie: string | undefined,
  body?: unknown,
  extra: Extra = {},
) {
  const form = isForm(body) ? body : null;
  return app.inject({
    method,
    url,
    ...(extra.remoteAddress && { remoteAddress: extra.remoteAddress }),
    headers: { origin: TEST_ORIGIN, ...(cookie && { cookie }), ...form?.headers, ...extra.headers },
    ...(body !== undefined && { payload: form ? form.payload : (body as object) }),
  });
}

/** The app under test, and its requests as the web app sends them: same origin, the sender's cookies. */
export interface Api {
  readonly app: FastifyInstance;
  as(who?: Who): Client;
}

/**
 * The `Api` of a test file's app, read when each request goes out (the app is built in `beforeAll`):
 * `const api = apiOf(() => t)`, for helpers and hooks; tests take it from `apiTest`'s context.
 * `defaults.remoteAddress` gives requests that name none their client's address (one per request, or one
 * address for the file).
 */
export function apiOf(t: () => TestApp, defaults: { remoteAddress?: () => string } = {}): Api {
  const sessions = new Map<string, Promise<string>>();
  const cookieOf = async (who: Who) => {
    if (!who) return '';
    if (typeof who === 'string') return who;
    let session = sessions.get(who.id);
    if (!session) {
      session = sessionCookie(t(), who.id);
      sessions.set(who.id, session);
    }
    return session;
  };
  return {
    get app() {
      return t().app;
    },
    as(who) {
      const request: Client['request'] = async (method, url, body, extra = {}) => {
        const remoteAddress = extra.remoteAddress ?? defaults.remoteAddress?.();
        return injectAs(t().app, method, url, await cookieOf(who), body, { ...extra, remoteAddress });
      };
      return {
        request,
        get: (url, extra) => request('GET', url, undefined, extra),
        post: (url, body, extra) => request('POST', url, body, extra),
        put: (url, body, extra) => request('PUT', url, body, extra),
        patch: (url, body, extra) => request('PATCH', url, body, extra),
        delete: (url, body, extra) => request('DELETE', url, body, extra),
        socket: async (path, onInit) => {
          const cookie = await cookieOf(who);
          return t().app.injectWS(
            path,
            { headers: { origin: TEST_ORIGIN, ...(cookie && { cookie }) } } as never,
            { ...(onInit && { onInit }) } as never,
          );
        },
      };
    },
  };
}

/**
 * vitest's `test` with the fixture `api` (`apiOf` of the file's app):
 * `const it = apiTest(() => t)`, then `it('…', async ({ api }) => { await api.as(seller).post(url, body) })`.
 */
export const apiTest = (t: () => TestApp) => test.extend('api', apiOf(t));
