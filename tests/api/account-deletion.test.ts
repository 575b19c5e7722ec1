import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { adminMessages } from '@shared/admin-messages';
import { payableAccountCode } from '@shared/ledger';
import { settingsMessages as m } from '@shared/settings-messages';
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import {
  accounts,
  adminRoles,
  auditLog,
  favorites,
  ledgerEntries,
  ledgerTransactions,
  listings,
  loginHistory,
  notifications,
  offers,
  pixKeys,
  profiles,
  reviews,
  sessions,
  tradeEvents,
  trades,
  userSettings,
  users,
} from '../../src/server/db/schema';
import { deletedEmailOf } from '../../src/server/modules/accounts/lifecycle';
import { createLedger } from '../../src/server/modules/ledger/service';
import { createStaff, createUser, type TestUser } from '../factories/accounts';
import { createPost } from '../factories/community';
import { createGames, createListing, listingForm, photo, postListing } from '../factories/listings';
import { createTradeRow } from '../factories/trades';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { makeImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
const api = apiOf(() => t);
let gameId: number;
beforeAll(async () => {
  t = await createTestApp();
  gameId = Object.values(await createGames(t.db))[0] as number;
});
afterAll(() => t.close());

const remove = (cookie: string | undefined, password: string) =>
  api.as(cookie).post('/api/accounts/me/delete', { password });
const login = (email: string, password: string) => api.as().post('/api/accounts/login', { email, password });
const whoIs = async (cookie: string) =>
  (await api.as(cookie).get('/api/accounts/me')).json().user?.id ?? null;
const avatarFiles = (userId: string) => {
  const dir = path.join(t.config.media.dir, 'avatars', userId);
  return existsSync(dir) ? readdirSync(dir) : [];
};

const listingFiles = (listingId: number) => {
  const dir = path.join(t.config.media.dir, 'listings', String(listingId));
  return existsSync(dir) ? readdirSync(dir, { recursive: true }) : [];
};

async function member() {
  const user = await createUser(t.db);
  return { user, cookie: await signIn(t.app, user.email, user.password) };
}

/** A trade through its money's whole life: paid, released, paid out, so it ends `completed` with ledger rows. */
async function completedTrade(db: Db, sellerId: string, buyerId: string, amountCents: number) {
  const ledger = createLedger(db);
  const trade = await createTradeRow(db, { sellerId, buyerId, amountCents });
  await db.transaction(async (tx) => {
    await ledger.paymentConfirmed(tx, trade);
    await ledger.released(tx, trade);
    await ledger.payoutRecorded(tx, trade);
  });
  await db.update(trades).set({ state: 'completed', releasedAt: new Date() }).where(eq(trades.id, trade.id));
  return trade;
}

/** Everything personal the member has, as counts, so 'nothing changed' and 'all gone' can be compared. */
async function personalData(user: TestUser) {
  const rows = async (query: Promise<unknown[]>) => (await query).length;
  const db = t.db;
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, user.id));
  return {
    email: row?.email,
    name: row?.name,
    username: profile?.username,
    fullName: profile?.fullName,
    phone: profile?.phone,
    bio: profile?.bio,
    avatarUrl: profile?.avatarUrl,
    sessions: await rows(db.select().from(sessions).where(eq(sessions.userId, user.id))),
    accounts: await rows(db.select().from(accounts).where(eq(accounts.userId, user.id))),
    pixKeys: await rows(db.select().from(pixKeys).where(eq(pixKeys.userId, user.id))),
    settings: await rows(db.select().from(userSettings).where(eq(userSettings.userId, user.id))),
    favorites: await rows(db.select().from(favorites).where(eq(favorites.userId, user.id))),
    notifications: await rows(db.select().from(notifications).where(eq(notifications.userId, user.id))),
    loginHistory: await rows(db.select().from(loginHistory).where(eq(loginHistory.userId, user.id))),
    listings: await rows(db.select().from(listings).where(eq(listings.sellerId, user.id))),
    pendingOffers: (await db.select().from(offers).where(eq(offers.buyerId, user.id))).filter(
      (o) => o.status === 'pending',
    ).length,
  };
}

/** A member with something of everything: profile, avatar, settings, PIX key, favourite, offer, listing. */
async function busyMember() {
  const { user, cookie } = await member();
  const seller = await createUser(t.db);
  const put = (url: string, payload: object) => api.as(cookie).put(url, payload);
  expect(
    (
      await put('/api/accounts/me/profile', {
        username: `excluir${Date.now().toString(36)}`,
        fullName: 'Maria da Silva',
        phone: '(11) 98765-4321',
        bio: 'Jogo desde 2010.',
      })
    ).statusCode,
  ).toBe(200);
  const form = multipart({}, [{ filename: 'eu.png', data: await makeImage({ width: 400, height: 300 }) }]);
  const avatar = await api.as(cookie).put('/api/accounts/me/avatar', form);
  expect(avatar.statusCode).toBe(200);
  expect((await put('/api/accounts/me/settings', { marketing: true })).statusCode).toBe(200);
  await t.db.insert(pixKeys).values({ userId: user.id, type: 'email', key: user.email, isDefault: true });
  const theirs = await createListing(t.db, seller.id, { gameId, title: 'Conta de Valorant' });
  await t.db.insert(favorites).values({ userId: user.id, listingId: theirs });
  await t.db.insert(offers).values({ listingId: theirs, buyerId: user.id, amountCents: 1000 });
  // A listing through the real route, so its photos are real files.
  const published = await postListing(t.app, cookie, listingForm(gameId), [await photo()]);
  expect(published.statusCode).toBe(201);
  const listingId = published.json().id as number;
  expect(listingFiles(listingId).length).toBeGreaterThan(0);
  await createListing(t.db, user.id, { gameId, title: 'Skin rara de CS2', status: 'sold' });
  const postId = await createPost(t.db, user.id);
  return { user, cookie, seller, listingId, postId };
}

describe('POST /api/accounts/me/delete', () => {
  it('asks a guest to sign in', async () => {
    const res = await remove(undefined, 'Senha@123');
    expect(res.statusCode).toBe(401);
  });

  it('refuses a wrong password and changes nothing', async () => {
    const { user, cookie } = await busyMember();
    const before = await personalData(user);
    const res = await remove(cookie, 'outra-senha');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(m.deleteAccountPasswordWrong);
    expect(await personalData(user)).toEqual(before);
    expect(avatarFiles(user.id)).toHaveLength(1);
    expect(await whoIs(cookie)).toBe(user.id);
  });

  it('refuses while a trade is open, as buyer or as seller, and changes nothing', async () => {
    for (const role of ['buyer', 'seller'] as const) {
      const { user, cookie } = await busyMember();
      const other = await createUser(t.db);
      const trade = await createTradeRow(t.db, {
        sellerId: role === 'seller' ? user.id : other.id,
        buyerId: role === 'buyer' ? user.id : other.id,
        amountCents: 5000,
      });
      const before = await personalData(user);
      const res = await remove(cookie, user.password);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).message).toBe(m.deleteAccountOpenTrade);
      expect(await personalData(user)).toEqual(before);
      expect(avatarFiles(user.id)).toHaveLength(1);
      // Once the trade ends, the same request goes through.
      await t.db.update(trades).set({ state: 'cancelled' }).where(eq(trades.id, trade.id));
      expect((await remove(cookie, user.password)).statusCode).toBe(204);
    }
  });

  it('hands the trades a staff member held back to the desk, in the same transaction, with a history line', async () => {
    const staff = await createStaff(t.db, 'moderator');
    const cookie = await signIn(t.app, staff.email, staff.password);
    const seller = await createUser(t.db);
    const buyer = await createUser(t.db);
    const held = await createTradeRow(t.db, { sellerId: seller.id, buyerId: buyer.id, amountCents: 8_000 });
    const take = await api.as(cookie).post(`/api/trades/${held.id}/take`, {});
    expect(take.statusCode, take.body).toBe(200);

    const res = await remove(cookie, staff.password);
    expect(res.statusCode, res.body).toBe(204);
    const [row] = await t.db.select().from(trades).where(eq(trades.id, held.id));
    expect(row).toMatchObject({ intermediaryId: null, state: 'awaiting_payment' });
    const history = await t.db.select().from(tradeEvents).where(eq(tradeEvents.tradeId, held.id));
    expect(history.at(-1)).toMatchObject({
      kind: 'staff_unassigned',
      detail: `Intermediação devolvida à equipe: ${adminMessages.handBackAccountDeleted}`,
    });
    expect(await t.db.select().from(adminRoles).where(eq(adminRoles.userId, staff.id))).toEqual([]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.delete'), eq(auditLog.targetId, staff.id)));
    expect(audit?.details).toMatchObject({ tradesHandedBack: 1 });
  });

  it("refuses the last admin's deletion and changes nothing; with another admin it goes through", async () => {
    const lastAdmin = await createStaff(t.db, 'admin');
    const cookie = await signIn(t.app, lastAdmin.email, lastAdmin.password);
    const admins = async () =>
      (await t.db.select().from(adminRoles)).filter((r) => r.role === 'admin').map((r) => r.userId);
    expect(await admins()).toEqual([lastAdmin.id]);
    const before = await personalData(lastAdmin);

    const refused = await remove(cookie, lastAdmin.password);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(adminMessages.staffLastAdminAccount);
    expect(await personalData(lastAdmin)).toEqual(before);
    expect(await admins()).toEqual([lastAdmin.id]);
    expect(await whoIs(cookie)).toBe(lastAdmin.id);

    const next = await createStaff(t.db, 'admin');
    expect((await remove(cookie, lastAdmin.password)).statusCode).toBe(204);
    expect(await admins()).toEqual([next.id]);
  });

  it('deletes everything personal, keeps the trades and the ledger balanced, and frees the e-mail', async () => {
    const { user, cookie, seller, listingId, postId } = await busyMember();
    const secondDevice = await signIn(t.app, user.email, user.password);
    const bystander = await member();
    // Finished trades on both sides, with money through the ledger, and reviews both ways.
    const bought = await completedTrade(t.db, seller.id, user.id, 12_345);
    const sold = await completedTrade(t.db, bystander.user.id, user.id, 6_789);
    const soon = new Date(Date.now() + 86_400_000);
    await t.db.insert(reviews).values([
      {
        tradeId: bought.id,
        authorId: user.id,
        subjectId: seller.id,
        authorRole: 'buyer',
        rating: 4,
        comment: 'Entrega rápida, recomendo.',
        periodEndsAt: soon,
        publishedAt: new Date(),
      },
      {
        tradeId: bought.id,
        authorId: seller.id,
        subjectId: user.id,
        authorRole: 'seller',
        rating: 5,
        comment: 'Ótimo comprador.',
        answer: 'Obrigada!',
        answeredAt: new Date(),
        periodEndsAt: soon,
        publishedAt: new Date(),
      },
    ]);
    await t.db.insert(notifications).values({
      userId: user.id,
      kind: 'offer_received',
      title: 'Nova oferta',
      body: 'Você recebeu uma oferta.',
      link: '/minhas-ofertas',
    });
    const ledgerRows = async () => ({
      transactions: (
        await t.db
          .select()
          .from(ledgerTransactions)
          .where(or(eq(ledgerTransactions.tradeId, bought.id), eq(ledgerTransactions.tradeId, sold.id)))
      ).length,
      entries: (await t.db.select().from(ledgerEntries)).length,
    });
    const ledgerBefore = await ledgerRows();
    const payableBefore = await createLedger(t.db).balanceOf(payableAccountCode(user.id));
    const bystanderBefore = await personalData(bystander.user);
    expect(avatarFiles(user.id)).toHaveLength(1);

    const res = await remove(cookie, user.password);
    expect(res.statusCode).toBe(204);
    // The browser's cookie is cleared, and neither device's session works any more.
    expect(String(res.headers['set-cookie'])).toMatch(/max-age=0/i);
    expect(await whoIs(cookie)).toBeNull();
    expect(await whoIs(secondDevice)).toBeNull();

    // Nothing personal is left.
    const after = await personalData(user);
    expect(after).toEqual({
      email: deletedEmailOf(user.id),
      name: m.removedUserName,
      username: m.removedUserName,
      fullName: null,
      phone: null,
      bio: null,
      avatarUrl: null,
      sessions: 0,
      accounts: 0,
      pixKeys: 0,
      settings: 0,
      favorites: 0,
      notifications: 0,
      loginHistory: 0,
      listings: 0,
      pendingOffers: 0,
    });
    expect(avatarFiles(user.id)).toEqual([]);
    expect(listingFiles(listingId)).toEqual([]);
    expect((await api.as().get(`/api/listings/${listingId}`)).statusCode).toBe(404);
    // The forum post stays, under the tombstone's name.
    const forum = await api.as().get('/api/community/posts');
    const post = (forum.json().posts as { id: number; author: { id: string; username: string } }[]).find(
      (p) => p.id === postId,
    );
    expect(post?.author).toMatchObject({ id: user.id, username: m.removedUserName });
    const [withdrawn] = await t.db.select().from(offers).where(eq(offers.buyerId, user.id));
    expect(withdrawn?.status).toBe('withdrawn');
    const profile = await api.as().get(`/api/profiles/${user.id}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.body).not.toContain('Maria da Silva');
    expect(profile.body).not.toContain('Jogo desde 2010.');
    expect(profile.json().username).toBe(m.removedUserName);
    expect(profile.json().avatarUrl).toBeNull();

    // Reviews keep their rating without the member's words; the other party's review of them stays.
    const kept = await t.db.select().from(reviews).where(eq(reviews.tradeId, bought.id));
    const written = kept.find((r) => r.authorId === user.id);
    const received = kept.find((r) => r.subjectId === user.id);
    expect(written).toMatchObject({ rating: 4, comment: null });
    expect(received).toMatchObject({ rating: 5, comment: 'Ótimo comprador.', answer: null });

    // The trades keep their ids and amounts; the ledger keeps its rows and reconciles.
    const tradeRows = await t.db
      .select()
      .from(trades)
      .where(or(eq(trades.id, bought.id), eq(trades.id, sold.id)));
    expect(tradeRows.map((r) => [r.id, r.amountCents, r.buyerId]).sort()).toEqual(
      [
        [bought.id, 12_345, user.id],
        [sold.id, 6_789, user.id],
      ].sort(),
    );
    expect(await ledgerRows()).toEqual(ledgerBefore);
    expect(await createLedger(t.db).balanceOf(payableAccountCode(user.id))).toBe(payableBefore);
    expect((await createLedger(t.db).reconcile()).problems).toEqual([]);

    // The audit records it, with the member as the actor and nothing personal.
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(audit).toMatchObject({ actorId: user.id, action: 'account.delete', targetType: 'user' });
    expect(JSON.stringify(audit?.details)).not.toContain(user.email);

    // No way back in with the old password; the e-mail is free to register again.
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    const again = await api.as().post('/api/accounts/register', {
      email: user.email,
      nickname: 'VolteiAqui',
      password: 'segredo1',
      confirmPassword: 'segredo1',
    });
    expect(again.statusCode).toBe(201);

    // Another member is untouched.
    expect(await personalData(bystander.user)).toEqual(bystanderBefore);
    expect(await whoIs(bystander.cookie)).toBe(bystander.user.id);
  });

  it('leaves no seller page behind, under the old name or under "Usuário removido"', async () => {
    const { user, cookie } = await member();
    const page = (name: string) => api.as().get(`/api/users/${encodeURIComponent(name)}`);
    expect((await page(user.nickname)).statusCode).toBe(200);
    expect((await remove(cookie, user.password)).statusCode).toBe(204);
    for (const name of [user.nickname, 'Usuário removido']) {
      for (const path of ['', '/reviews', '/listings', '/activity']) {
        const res = await api.as().get(`/api/users/${encodeURIComponent(name)}${path}`);
        expect(res.statusCode, name + path).toBe(404);
      }
    }
  });
});
