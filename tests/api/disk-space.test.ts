import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { SystemStatus } from '@shared/status';
import { statusMessages } from '@shared/status-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  tradeChatMessages,
  tradePresence,
  tradeRecordingChunks,
  tradeRecordings,
} from '../../src/server/db/schema';
import { createStaff, createUser } from '../factories/accounts';
import { createTradeRow } from '../factories/trades';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { makeImage } from '../helpers/images';
import { multipart } from '../helpers/multipart';
import { chromiumWebmChunks } from '../helpers/recording-audio';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Issue 25: the data folder also holds the database, so every upload is refused with a clear message while its
 * file system has less free space than MIN_FREE_DISK_MB; the status page shows the free space. Two apps on one
 * machine: one asks for more free space than any disk has (uploads refused), the other for none (accepted).
 */
let full: TestApp;
let roomy: TestApp;

beforeAll(async () => {
  // 100 TB free: no test machine has it.
  full = await createTestApp({ RATE_LIMIT_MAX: '1000', MIN_FREE_DISK_MB: String(100 * 1024 * 1024) });
  roomy = await createTestApp({ RATE_LIMIT_MAX: '1000', MIN_FREE_DISK_MB: '0' });
});
afterAll(async () => {
  await full?.close();
  await roomy?.close();
});

/** A buyer and seller in a trade, the buyer in its call. */
async function tradeIn(t: TestApp) {
  const buyer = await createUser(t.db);
  const seller = await createUser(t.db);
  const trade = await createTradeRow(t.db, { buyerId: buyer.id, sellerId: seller.id, amountCents: 5_000 });
  await t.db.insert(tradePresence).values({
    connectionId: randomUUID(),
    tradeId: trade.id,
    userId: buyer.id,
    role: 'comprador',
    inCall: true,
    expiresAt: new Date(Date.now() + 45_000),
  });
  return { id: trade.id, cookie: await sessionCookie(t, buyer.id), buyerId: buyer.id };
}

async function recordChunk(t: TestApp) {
  const api = apiOf(() => t);
  const { id, cookie } = await tradeIn(t);
  const started = await api
    .as(cookie)
    .post(`/api/trades/${id}/recordings`, { mimeType: 'audio/webm;codecs=opus' });
  expect(started.statusCode, started.body).toBe(201);
  const recordingId = (started.json() as { id: number }).id;
  const res = await api
    .as(cookie)
    .put(`/api/trades/${id}/recordings/${recordingId}/chunks/0`, chromiumWebmChunks[0], {
      headers: { 'content-type': 'audio/webm;codecs=opus' },
    });
  return { res, id, recordingId };
}

async function chatPhoto(t: TestApp) {
  const api = apiOf(() => t);
  const { id, cookie } = await tradeIn(t);
  const form = multipart({ body: 'print' }, [{ filename: 'print.png', data: await makeImage() }]);
  const res = await api.as(cookie).post(`/api/trades/${id}/chat`, form);
  return { res, id };
}

async function avatar(t: TestApp) {
  const api = apiOf(() => t);
  const user = await createUser(t.db);
  const cookie = await signIn(t.app, user.email, user.password);
  const form = multipart({}, [{ filename: 'eu.png', data: await makeImage() }]);
  const res = await api.as(cookie).put('/api/accounts/me/avatar', form);
  const dir = path.join(t.config.media.dir, 'avatars', user.id);
  return { res, files: existsSync(dir) ? readdirSync(dir) : [] };
}

describe('below MIN_FREE_DISK_MB every upload is refused, with nothing stored', () => {
  it('a call recording chunk', async () => {
    const { res, recordingId } = await recordChunk(full);
    expect(res.statusCode).toBe(507);
    expect(errorOf(res).message).toBe(statusMessages.diskFull);
    const [row] = await full.db.select().from(tradeRecordings).where(eq(tradeRecordings.id, recordingId));
    expect(row?.chunkCount).toBe(0);
    expect(
      await full.db
        .select()
        .from(tradeRecordingChunks)
        .where(eq(tradeRecordingChunks.recordingId, recordingId)),
    ).toEqual([]);
  });

  it("a photo in the trade's chat", async () => {
    const { res, id } = await chatPhoto(full);
    expect(res.statusCode).toBe(507);
    expect(errorOf(res).message).toBe(statusMessages.diskFull);
    expect(await full.db.select().from(tradeChatMessages).where(eq(tradeChatMessages.tradeId, id))).toEqual(
      [],
    );
  });

  it('an avatar', async () => {
    const { res, files } = await avatar(full);
    expect(res.statusCode).toBe(507);
    expect(errorOf(res).message).toBe(statusMessages.diskFull);
    expect(files).toEqual([]);
  });

  it('and the status page says the free space is low, with the figures for an admin', async () => {
    const status = (await full.app.inject('/api/status')).json() as SystemStatus;
    expect(status.disk).toEqual({ low: true });
    expect(status.state).not.toBe('operational');
    const admin = await createStaff(full.db, 'admin');
    const res = await apiOf(() => full)
      .as(admin)
      .get('/api/status');
    const seen = res.json() as SystemStatus;
    expect(seen.disk).toMatchObject({ low: true, minFreeBytes: 100 * 1024 ** 4 });
    expect(seen.disk?.freeBytes).toBeGreaterThan(0);
  });
});

describe('with room, the same uploads go through', () => {
  it('recording, chat photo and avatar', async () => {
    expect((await recordChunk(roomy)).res.statusCode).toBe(200);
    expect((await chatPhoto(roomy)).res.statusCode).toBe(201);
    const ok = await avatar(roomy);
    expect(ok.res.statusCode, ok.res.body).toBe(200);
    expect(ok.files).toHaveLength(1);
    const status = (await roomy.app.inject('/api/status')).json() as SystemStatus;
    expect(status.disk).toEqual({ low: false });
  });
});
