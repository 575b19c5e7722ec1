import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { injectAs, type Method } from './api';

/**
 * A request as the web app sends it, through `inject`: same origin, the member's cookies when given, the body
 * (JSON unless a string or buffer, the form when `multipart(…)`) when given. For an app that is no TestApp (a
 * process built by hand); the suites send through tests/helpers/api.ts.
 */
export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  cookie?: string,
  payload?: unknown,
  options: { remoteAddress?: string } = {},
) {
  return injectAs(app, method, url, cookie, payload, options);
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesOf(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await injectAs(app, 'POST', '/api/accounts/login', undefined, { email, password });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookiesOf(response);
}

export function errorOf(response: LightMyRequestResponse): {
  code: string;
  message: string;
  fields?: Record<string, string>;
} {
  return response.json().error;
}

/** A browser's cookie jar: later Set-Cookie headers replace earlier ones, emptied cookies are dropped. */
export class Jar {
  private readonly cookies = new Map<string, string>();
  constructor(initial = '') {
    for (const pair of initial.split('; ').filter(Boolean)) {
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }
  take(response: LightMyRequestResponse) {
    for (const c of response.cookies) {
      const expired = c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now());
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }
  has(name: string) {
    return [...this.cookies.keys()].some((key) => key.endsWith(name));
  }
  get header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
