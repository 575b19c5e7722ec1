import { isMailedKind } from '@shared/notification-mail';
import { type NotificationKind, type NotificationPage, notificationKinds } from '@shared/notifications';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../src/server/db/schema';
import { createMailer, type Mail } from '../../src/server/mail/mailer';
import { deletedEmailOf } from '../../src/server/modules/accounts/lifecycle';
import {
  createNotificationMailSender,
  MAX_MAIL_ATTEMPTS,
} from '../../src/server/modules/notifications/mail-sender';
import { notify } from '../../src/server/modules/notifications/service';
import { createUser, type TestUser } from '../factories/accounts';
import { createGames, createListing } from '../factories/listings';
import { apiOf } from '../helpers/api';
import { readOutbox } from '../helpers/outbox';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

let t: TestApp;
const api = apiOf(() => t);
let gameId: number;

beforeAll(async () => {
  t = await createTestApp();
  gameId = (await createGames(t.db)).valorant as number;
});
afterAll(() => t?.close());

const mailsTo = (email: string) => readOutbox(t.config.dataDir).filter((mail) => mail.to === email);
const silentLog = () =>
  ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() }) as unknown as FastifyBaseLogger & {
    warn: ReturnType<typeof vi.fn>;
    error: ReturnType<typeof vi.fn>;
  };
/** Another sender over the same database, as a second process would run. */
const senderWith = (sendMail: (mail: Mail) => Promise<void>, log = silentLog()) =>
  createNotificationMailSender({ db: t.db, sendMail, log, publicUrl: TEST_ORIGIN });

const member = async () => {
  const user = await createUser(t.db);
  return { user, cookie: await sessionCookie(t, user.id) };
};
const rowsOf = (userId: string) =>
  t.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id));

let sequence = 0;
/** The seller's listing gets the buyer's offer through the API: the seller is notified. */
async function offer(seller: TestUser, buyerCookie: string, title = `Conta Imortal ${++sequence}`) {
  const listingId = await createListing(t.db, seller.id, { gameId, title, priceCents: 50_000 });
  const res = await api.as(buyerCookie).post(`/api/listings/${listingId}/offers`, { amount: '400,00' });
  expect(res.statusCode, res.body).toBe(201);
  return { offerId: (res.json() as { id: number }).id, title };
}
const noteFor = (userId: string, kind: NotificationKind, n: number) =>
  t.db.transaction((tx) =>
    notify(tx, { userId, kind, title: `Aviso ${n}`, body: `Corpo ${n}`, link: `/intermediacao/${n}` }),
  );

describe('notification e-mails', () => {
  it('mails the seller an offer once, with the subject, the text and a link to the page; then the buyer the acceptance', async () => {
    const seller = await member();
    const buyer = await member();
    const { offerId, title } = await offer(seller.user, buyer.cookie);
    // The offer answered before any mail: the mail is due, not sent.
    expect(mailsTo(seller.user.email)).toHaveLength(0);

    expect(await t.app.notificationMails.sendDue()).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = mailsTo(seller.user.email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Nova oferta recebida');
    expect(mail?.link).toBe(`${TEST_ORIGIN}/minhas-ofertas`);
    expect(mail?.text).toContain(`Olá, ${seller.user.nickname}!`);
    expect(mail?.text).toMatch(new RegExp(`${buyer.user.nickname} ofereceu R\\$\\s400,00 em "${title}"\\.`));
    expect(mail?.text).toContain(`${TEST_ORIGIN}/configuracoes`);
    expect(mail?.html).toContain(`href="${TEST_ORIGIN}/minhas-ofertas"`);
    const [row] = await rowsOf(seller.user.id);
    expect(row).toMatchObject({ kind: 'offer_received', mailDueAt: null, mailAttempts: 1 });
    expect(row?.mailedAt).toBeInstanceOf(Date);

    // Sending again sends nothing new.
    await t.app.notificationMails.sendDue();
    expect(mailsTo(seller.user.email)).toHaveLength(1);

    const accepted = await api.as(seller.cookie).post(`/api/offers/${offerId}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    await t.app.notificationMails.sendDue();
    const [note] = await rowsOf(buyer.user.id);
    expect(note?.kind).toBe('offer_accepted');
    const [toBuyer] = mailsTo(buyer.user.email);
    expect(toBuyer?.subject).toBe('Oferta aceita!');
    expect(toBuyer?.link).toBe(`${TEST_ORIGIN}${note?.link}`);
    expect(note?.link).toMatch(/^\/intermediacao\/\d+$/);
  });

  it('sends nothing when the switch is off, while the bell still shows the notification', async () => {
    const seller = await member();
    const buyer = await member();
    const off = await api
      .as(seller.cookie)
      .put('/api/accounts/me/settings', { notifications: { email: false } });
    expect(off.statusCode, off.body).toBe(200);
    await offer(seller.user, buyer.cookie);
    await t.app.notificationMails.sendDue();

    expect(mailsTo(seller.user.email)).toHaveLength(0);
    const bell = await api.as(seller.cookie).get('/api/notifications');
    const page = bell.json() as NotificationPage;
    expect(page.items.map((n) => n.title)).toEqual(['Nova oferta recebida']);
    expect(page.unread).toBe(1);
    const [row] = await rowsOf(seller.user.id);
    expect(row).toMatchObject({ mailDueAt: null, mailedAt: null });
  });

  it('asks the switch when sending: turned off after the notification, the queued mail does not go', async () => {
    const seller = await member();
    const buyer = await member();
    await offer(seller.user, buyer.cookie);
    await api.as(seller.cookie).put('/api/accounts/me/settings', { notifications: { email: false } });
    await t.app.notificationMails.sendDue();
    expect(mailsTo(seller.user.email)).toHaveLength(0);
  });

  it('puts a mail due only for the kinds in the table; a deadline warning stays in the bell', async () => {
    const { user } = await member();
    for (const [i, kind] of notificationKinds.entries()) await noteFor(user.id, kind, i);
    const rows = await rowsOf(user.id);
    for (const row of rows) expect(row.mailDueAt !== null, row.kind).toBe(isMailedKind[row.kind]);
    expect(isMailedKind.timer_warning).toBe(false);

    await t.app.notificationMails.sendDue();
    const subjects = mailsTo(user.email).map((mail) => mail.subject);
    const mailed = notificationKinds.filter((kind) => isMailedKind[kind]);
    expect(subjects).toHaveLength(mailed.length);
    const warning = notificationKinds.indexOf('timer_warning');
    expect(subjects).not.toContain(`Aviso ${warning}`);
  });

  it('two senders racing send each mail once', async () => {
    const { user } = await member();
    const count = 12;
    for (let i = 0; i < count; i++) await noteFor(user.id, 'trade_step', 1000 + i);
    const other = senderWith(
      createMailer({ from: 'teste', outboxDir: `${t.config.dataDir}/outbox` }, t.app.log),
    );
    // On PostgreSQL a second process with its own pool races too.
    const sibling = await t.sibling();
    const sent = await Promise.all([
      t.app.notificationMails.sendDue(),
      other.sendDue(),
      ...(sibling ? [sibling.notificationMails.sendDue()] : []),
    ]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(count);
    const links = mailsTo(user.email).map((mail) => mail.link);
    expect(links).toHaveLength(count);
    expect(new Set(links).size).toBe(count);
  });

  it('retries a failing mail with backoff, then gives up and logs it, leaving the notification as it was', async () => {
    const { user, cookie } = await member();
    await noteFor(user.id, 'dispute_opened', 77);
    const [before] = await rowsOf(user.id);
    const log = silentLog();
    let tries = 0;
    const failing = senderWith(async () => {
      tries++;
      throw new Error('SMTP fora do ar');
    }, log);

    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
      expect(await failing.sendDue()).toBe(0);
      expect(tries).toBe(attempt);
      const [row] = await rowsOf(user.id);
      expect(row?.mailAttempts).toBe(attempt);
      if (attempt < MAX_MAIL_ATTEMPTS) {
        // Backoff: not due again yet, so another run does not try.
        expect(row?.mailDueAt?.getTime()).toBeGreaterThan(Date.now() + 30_000);
        await failing.sendDue();
        expect(tries).toBe(attempt);
        // As if the backoff had passed.
        await t.db
          .update(notifications)
          .set({ mailDueAt: sql`now()` })
          .where(eq(notifications.id, before?.id ?? 0));
      }
    }
    const [after] = await rowsOf(user.id);
    expect(after).toMatchObject({ mailDueAt: null, mailedAt: null, mailAttempts: MAX_MAIL_ATTEMPTS });
    expect(log.warn).toHaveBeenCalledTimes(MAX_MAIL_ATTEMPTS - 1);
    expect(log.error).toHaveBeenCalledTimes(1);
    await failing.sendDue();
    expect(tries).toBe(MAX_MAIL_ATTEMPTS);
    expect(mailsTo(user.email)).toHaveLength(0);
    // The bell's notification is untouched.
    const page = (await api.as(cookie).get('/api/notifications')).json() as NotificationPage;
    expect(page.items).toEqual([
      expect.objectContaining({ id: before?.id, title: before?.title, body: before?.body, read: false }),
    ]);
  });

  it('a crashed claim is sent again when its lease ends (at least once)', async () => {
    const { user } = await member();
    await noteFor(user.id, 'trade_started', 88);
    // A sender claimed it and died before marking: the lease is in the future.
    await t.db
      .update(notifications)
      .set({ mailDueAt: sql`now() + interval '5 minutes'`, mailAttempts: 1 })
      .where(eq(notifications.userId, user.id));
    await t.app.notificationMails.sendDue();
    expect(mailsTo(user.email)).toHaveLength(0);
    await t.db.update(notifications).set({ mailDueAt: sql`now()` }).where(eq(notifications.userId, user.id));
    await t.app.notificationMails.sendDue();
    expect(mailsTo(user.email).map((mail) => mail.subject)).toEqual(['Aviso 88']);
  });

  it('mails nothing to a deleted account, neither its queued mails nor a later trade step', async () => {
    const { user, cookie } = await member();
    await noteFor(user.id, 'review_received', 90);
    const removed = await api.as(cookie).post('/api/accounts/me/delete', { password: user.password });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    // The other party of an old trade still notifies the tombstone.
    await noteFor(user.id, 'trade_step', 91);
    await t.app.notificationMails.sendDue();
    expect(mailsTo(user.email)).toHaveLength(0);
    expect(mailsTo(deletedEmailOf(user.id))).toHaveLength(0);
    const rows = await rowsOf(user.id);
    expect(rows.map((row) => [row.title, row.mailDueAt, row.mailedAt])).toEqual([['Aviso 91', null, null]]);
  });

  it('the running jobs runner is woken by the new notification and mails it without a call', async () => {
    const seller = await member();
    const buyer = await member();
    await t.app.jobs.start();
    try {
      await offer(seller.user, buyer.cookie);
      // An upper bound: the wake, pg-boss's fetch and the mail job on a machine busy with other suites.
      await vi.waitFor(() => expect(mailsTo(seller.user.email)).toHaveLength(1), { timeout: 60_000 });
    } finally {
      await t.app.jobs.stop();
    }
  });
});
