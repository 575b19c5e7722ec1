import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { redactQueryValues } from '../../src/server/request-log';
import { injectAs } from '../helpers/api';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The request log keeps no secret a URL carries (security round 3, finding 8): the PIX webhook's `hmac`, the
// password-reset link's `token`.
const WEBHOOK_SECRET = 'segredo-do-webhook-9f8e7d6c';
const RESET_TOKEN = 'token-de-redefinicao-1a2b3c4d';
let t: TestApp;
let app: Awaited<ReturnType<typeof buildApp>>;
let logged = '';

beforeAll(async () => {
  t = await createTestApp();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged += String(chunk);
      done();
    },
  });
  // The app as main.ts builds it, at info level, writing to this stream.
  app = await buildApp(
    { ...t.config, pix: { ...t.config.pix, webhookSecret: WEBHOOK_SECRET } },
    {
      database: t.database,
      logger: { level: 'info', stream },
      indexHtml: '<!doctype html><title>MG</title>',
    },
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe('the request log', () => {
  it('logs the webhook and the reset page without their secrets, naming the query parameters', async () => {
    const webhook = await injectAs(app, 'POST', `/api/pix/webhook?hmac=${WEBHOOK_SECRET}/pix`, undefined, {
      pix: [{ endToEndId: 'E0000000020261129000000000000001', txid: 'a'.repeat(26) }],
    });
    expect(webhook.statusCode).toBe(200);
    const page = await app.inject({ method: 'GET', url: `/redefinir-senha?token=${RESET_TOKEN}&x=1` });
    expect(page.statusCode).toBe(200);

    expect(logged).toContain('"url":"/api/pix/webhook?hmac=[…]"');
    expect(logged).toContain('"url":"/redefinir-senha?token=[…]&x=[…]"');
    expect(logged).not.toContain(WEBHOOK_SECRET);
    expect(logged).not.toContain(RESET_TOKEN);
  });

  it('leaves a URL without a query as it is', () => {
    expect(redactQueryValues('/api/listings/12')).toBe('/api/listings/12');
    expect(redactQueryValues('/api/listings?flag&q=a=b')).toBe('/api/listings?flag&q=[…]');
  });
});
