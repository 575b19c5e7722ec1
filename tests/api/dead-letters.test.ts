import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../src/server/db/client';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * What an admin does with a payload job's dead letter (decision 021): 'Tentar de novo' sends the job again with its
 * payload, 'Descartar' drops it; both admin-only, audited, and at most once per dead letter.
 */

describe('a dead letter on Sistema', () => {
  /** The SMTP server refuses every mail until the test lets them through. */
  let refusing = true;
  const delivered: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(_address, _session, callback) {
      if (refusing) callback(Object.assign(new Error('Caixa indisponível'), { responseCode: 450 }));
      else callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        delivered.push(...session.envelope.rcptTo.map((to) => to.address));
        callback();
      });
    },
  });
  let t: TestApp;
  const api = apiOf(() => t);
  let adminCookie: string;
  let admin: TestUser;
  let ana: TestUser;
  let bia: TestUser;
  const letters = async () =>
    (await api.as(adminCookie).get('/api/admin/system')).json().deadLetters as {
      id: string;
      about: string;
    }[];
  const letterFor = async (user: TestUser) => {
    const letter = (await letters()).find((l) => l.about.includes(user.email));
    if (!letter) throw new Error(`no dead letter for ${user.email}`);
    return letter;
  };
  const auditOf = (action: string) =>
    queryRows<{ actor_id: string; target_id: string; details: { label: string; about: string } }>(
      t.db,
      sql`select actor_id, target_id, details from audit_log where action = ${action}`,
    );

  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_SECONDS: '1' });
    admin = await createStaff(t.db, 'admin');
    adminCookie = await signIn(t.app, admin.email, admin.password);
    ana = await createUser(t.db);
    bia = await createUser(t.db);
    let ip = 0;
    for (const user of [ana, bia]) {
      const reset = await api
        .as(null)
        .post('/api/accounts/password-reset', { email: user.email }, { remoteAddress: `10.8.0.${++ip}` });
      expect(reset.statusCode).toBe(202);
    }
    // Five refused tries each, with waits of about 1–2, 2–4, 4–8 and 8–16 s.
    await vi.waitFor(async () => expect(await letters()).toHaveLength(2), { timeout: 60_000, interval: 500 });
    refusing = false;
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('is for admins only: a guest, a member and a moderator are refused and nothing is sent', async () => {
    const { id } = await letterFor(ana);
    const member = await createUser(t.db);
    const moderator = await createStaff(t.db, 'moderator');
    const memberCookie = await signIn(t.app, member.email, member.password);
    const moderatorCookie = await signIn(t.app, moderator.email, moderator.password);

    expect((await api.as(null).post(`/api/admin/dead-letters/${id}/retry`)).statusCode).toBe(401);
    expect((await api.as(memberCookie).post(`/api/admin/dead-letters/${id}/retry`)).statusCode).toBe(403);
    expect((await api.as(moderatorCookie).post(`/api/admin/dead-letters/${id}/retry`)).statusCode).toBe(403);
    expect((await api.as(moderatorCookie).delete(`/api/admin/dead-letters/${id}`)).statusCode).toBe(403);

    expect(await letters()).toHaveLength(2);
    expect(delivered).toEqual([]);
    expect(await auditOf('dead_letter.retry')).toEqual([]);
  });

  it('"Tentar de novo" sends the mail once, removes the dead letter and is audited; a second try is a conflict', async () => {
    const { id } = await letterFor(ana);
    const [first, second] = await Promise.all([
      api.as(adminCookie).post(`/api/admin/dead-letters/${id}/retry`),
      api.as(adminCookie).post(`/api/admin/dead-letters/${id}/retry`),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([204, 409]);
    const conflict = first.statusCode === 409 ? first : second;
    expect(errorOf(conflict).message).toBe(
      'Esta tarefa já foi tentada de novo ou descartada por alguém da equipe. Atualize a página para ver a lista atual.',
    );

    await vi.waitFor(() => expect(delivered).toEqual([ana.email]), { timeout: 20_000, interval: 50 });
    expect((await letters()).map((l) => l.about)).toEqual([expect.stringContaining(bia.email)]);
    expect(await auditOf('dead_letter.retry')).toMatchObject([
      {
        actor_id: admin.id,
        target_id: id,
        details: {
          label: 'E-mails avulsos',
          about: `para ${ana.email}: Redefina sua senha no Mercado Gamer`,
        },
      },
    ]);

    const again = await api.as(adminCookie).post(`/api/admin/dead-letters/${id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('CONFLICT');
    // One job was sent again, not two: the mail queue holds the two failed originals and one new run.
    const runs = await queryRows<{ state: string }>(
      t.db,
      sql`select state from pgboss.job where name = 'mail' and state <> 'failed'`,
    );
    expect(runs).toEqual([{ state: 'completed' }]);
  });

  it('"Descartar" drops the dead letter without sending it, audited; then it cannot be retried', async () => {
    const { id } = await letterFor(bia);
    const discard = await api.as(adminCookie).delete(`/api/admin/dead-letters/${id}`);
    expect(discard.statusCode).toBe(204);
    expect(await letters()).toEqual([]);
    expect(await auditOf('dead_letter.discard')).toMatchObject([{ actor_id: admin.id, target_id: id }]);

    const retry = await api.as(adminCookie).post(`/api/admin/dead-letters/${id}/retry`);
    expect(retry.statusCode).toBe(409);
    expect((await api.as(adminCookie).delete(`/api/admin/dead-letters/${id}`)).statusCode).toBe(409);
    expect(delivered).not.toContain(bia.email);
  });

  it('answers a malformed id with a validation error, not a 500', async () => {
    const response = await api.as(adminCookie).post('/api/admin/dead-letters/nao-e-um-id/retry');
    expect(response.statusCode).toBe(400);
  });
});
