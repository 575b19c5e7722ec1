import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiTest } from '../helpers/api';
import { readOutbox } from '../helpers/outbox';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A local SMTP server receives what the app sends when SMTP_URL is set.
const received: { to: string[]; body: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let body = '';
    stream.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
      callback();
    });
  },
});
let t: TestApp;
const it = apiTest(() => t);

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Mercado Gamer <nao-responda@teste.com>',
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

it('sends the confirmation e-mail through SMTP when SMTP_URL is set, not to the outbox', async ({ api }) => {
  const response = await api.as().post('/api/accounts/register', {
    email: 'smtp@teste.com',
    nickname: 'Carteiro',
    mainGame: 'outro',
    password: 'segredo1',
    confirmPassword: 'segredo1',
  });
  expect(response.statusCode).toBe(201);
  expect(received).toHaveLength(1);
  expect(received[0]?.to).toEqual(['smtp@teste.com']);
  expect(received[0]?.body).toContain('Subject: Confirme seu email no Mercado Gamer');
  // The branded mail's parts travel quoted-printable: read them as the mail client shows them.
  const readable = (received[0]?.body ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  expect(readable).toContain('/api/auth/verify-email?token=');
  expect(readOutbox(t.config.dataDir)).toHaveLength(0);
});
