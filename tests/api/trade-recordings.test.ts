import { errorMessages } from '@shared/errors';
import { tradeMessages } from '@shared/trade-messages';
import { tradeRecordingMessages as m } from '@shared/trade-recording-messages';
import { MAX_RECORDING_CHUNK_BYTES, type TradeRecordingList } from '@shared/trade-recordings';
import { RECORDING_RETENTION_DAYS } from '@shared/trade-rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tradeRecordingChunks, tradeRecordings, trades } from '../../src/server/db/schema';
import { sweepOrphanFiles } from '../../src/server/modules/media/sweep';
import { createLocalStorage } from '../../src/server/storage/local';
import type { Storage } from '../../src/server/storage/storage';
import { createStaff, createUser } from '../factories/accounts';
import { createTradeRow } from '../factories/trades';
import { errorOf, signIn } from '../helpers/http';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

/**
 * The recorded voice call (decision 015): the intermediary or the buyer records, chunks arrive strictly in order
 * and concatenate back into one file; staff play, the parties download, anyone else is told the trade does not
 * exist; a refused chunk stores nothing; recordings go after their retention.
 */
let t: TestApp;
let storage: Storage;
let staff: { id: string; cookie: string };
let otherStaff: { id: string; cookie: string };

async function member(role?: 'admin' | 'moderator') {
  const user = role ? await createStaff(t.db, role) : await createUser(t.db);
  return { id: user.id, cookie: await signIn(t.app, user.email, user.password) };
}

beforeAll(async () => {
  // Many members sign in from one address here.
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
  storage = createLocalStorage(t.config.media.dir);
  staff = await member('admin');
  // A moderator: an admin acts on every trade (decision 020), a moderator only on one nobody else holds.
  otherStaff = await member('moderator');
});
afterAll(() => t?.close());

const headers = (cookie?: string) => ({ origin: TEST_ORIGIN, ...(cookie && { cookie }) });
const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: headers(cookie) });
const sendChunk = (
  tradeId: number,
  recordingId: number,
  seq: number | string,
  cookie: string | undefined,
  body: Buffer,
  type = 'audio/webm;codecs=opus',
) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/trades/${tradeId}/recordings/${recordingId}/chunks/${seq}`,
    payload: body,
    headers: { ...headers(cookie), 'content-type': type },
  });

/** A trade between two fresh members, with a stranger beside them. */
async function trade() {
  const seller = await member();
  const buyer = await member();
  const stranger = await member();
  const row = await createTradeRow(t.db, { sellerId: seller.id, buyerId: buyer.id, amountCents: 5_000 });
  return { id: row.id, seller, buyer, stranger };
}

async function start(tradeId: number, cookie: string, mimeType = 'audio/webm;codecs=opus') {
  const res = await call('POST', `/api/trades/${tradeId}/recordings`, cookie, { mimeType });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; url: string };
}

/** A distinct chunk of `size` bytes (the server keeps bytes as they come: any content will do). */
const chunk = (label: string, size = 2000) => Buffer.alloc(size, label);

async function filesOf(tradeId: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list(`recordings/${tradeId}/`)) keys.push(file.key);
  return keys.sort();
}
const recordingRow = async (id: number) =>
  (await t.db.select().from(tradeRecordings).where(eq(tradeRecordings.id, id)))[0];
const chunkRows = (id: number) =>
  t.db.select().from(tradeRecordingChunks).where(eq(tradeRecordingChunks.recordingId, id));

describe('who records', () => {
  it('a guest is told to sign in, and nothing is created', async () => {
    const { id } = await trade();
    const res = await call('POST', `/api/trades/${id}/recordings`, undefined, { mimeType: 'audio/webm' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).message).toBe(tradeMessages.loginRequired);
    expect((await call('GET', `/api/trades/${id}/recordings`)).statusCode).toBe(401);
    expect(await t.db.select().from(tradeRecordings).where(eq(tradeRecordings.tradeId, id))).toEqual([]);
  });

  it("an outsider gets the trade room's not-found answer for every action", async () => {
    const { id, buyer, stranger } = await trade();
    const recording = await start(id, buyer.cookie);
    await sendChunk(id, recording.id, 0, buyer.cookie, chunk('a'));
    const answers = [
      await call('POST', `/api/trades/${id}/recordings`, stranger.cookie, { mimeType: 'audio/webm' }),
      await sendChunk(id, recording.id, 1, stranger.cookie, chunk('x')),
      await call('POST', `/api/trades/${id}/recordings/${recording.id}/end`, stranger.cookie, {}),
      await call('GET', `/api/trades/${id}/recordings`, stranger.cookie),
      await call('GET', recording.url, stranger.cookie),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe(tradeMessages.notFound);
    }
    expect((await recordingRow(recording.id))?.chunkCount).toBe(1);
    expect(await filesOf(id)).toHaveLength(1);
  });

  it('the seller does not record (the buyer does, without an intermediary)', async () => {
    const { id, seller } = await trade();
    const res = await call('POST', `/api/trades/${id}/recordings`, seller.cookie, { mimeType: 'audio/webm' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(m.notRecorder);
    expect(await t.db.select().from(tradeRecordings).where(eq(tradeRecordings.tradeId, id))).toEqual([]);
  });

  it('the intermediary who took the trade records; another staff member does not, but plays', async () => {
    const { id, buyer } = await trade();
    await t.db.update(trades).set({ intermediaryId: staff.id }).where(eq(trades.id, id));
    const refused = await call('POST', `/api/trades/${id}/recordings`, otherStaff.cookie, {
      mimeType: 'audio/webm',
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(m.notRecorder);

    const recording = await start(id, staff.cookie);
    expect((await sendChunk(id, recording.id, 0, staff.cookie, chunk('s'))).statusCode).toBe(200);
    expect((await recordingRow(recording.id))?.recorderRole).toBe('intermediador');
    // Only who started a recording sends its chunks.
    const foreign = await sendChunk(id, recording.id, 1, buyer.cookie, chunk('b'));
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign).message).toBe(m.notYourRecording);
    expect(await filesOf(id)).toHaveLength(1);

    const list = (await call('GET', `/api/trades/${id}/recordings`, otherStaff.cookie)).json();
    expect(list).toMatchObject({ canPlay: true, recordings: [{ id: recording.id, chunkCount: 1 }] });
    const played = await call('GET', recording.url, otherStaff.cookie);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-disposition']).toBeUndefined();
    expect(played.rawPayload).toEqual(chunk('s'));
  });

  it('staff act as intermediary and record while no one took the trade', async () => {
    const { id } = await trade();
    const recording = await start(id, otherStaff.cookie);
    expect((await recordingRow(recording.id))?.recorderRole).toBe('intermediador');
  });

  it('a finished trade is no longer recorded', async () => {
    const { id, buyer } = await trade();
    await t.db.update(trades).set({ state: 'completed' }).where(eq(trades.id, id));
    const res = await call('POST', `/api/trades/${id}/recordings`, buyer.cookie, { mimeType: 'audio/webm' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(m.tradeFinished);
  });
});

describe('chunks', () => {
  it('arrive in order; a replay is answered as before and stores nothing; the audio is their concatenation', async () => {
    const { id, buyer, seller } = await trade();
    const recording = await start(id, buyer.cookie);
    const parts = [chunk('a', 3000), chunk('b', 2500), chunk('c', 1200)];
    for (const [seq, part] of parts.entries()) {
      const res = await sendChunk(id, recording.id, seq, buyer.cookie, part);
      expect(res.statusCode, res.body).toBe(200);
    }
    const replay = await sendChunk(id, recording.id, 1, buyer.cookie, chunk('z', 10));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ chunkCount: 3, bytes: 6700 });
    expect(await filesOf(id)).toHaveLength(3);
    expect(await chunkRows(recording.id)).toHaveLength(3);

    const whole = Buffer.concat(parts);
    const played = await call('GET', recording.url, staff.cookie);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/webm');
    expect(played.headers['accept-ranges']).toBe('bytes');
    expect(Number(played.headers['content-length'])).toBe(whole.length);
    expect(played.rawPayload.equals(whole)).toBe(true);

    // Range across a chunk's border, a suffix, and one past the end.
    const ranged = await t.app.inject({
      method: 'GET',
      url: recording.url,
      headers: { ...headers(staff.cookie), range: 'bytes=2990-3009' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 2990-3009/${whole.length}`);
    expect(ranged.rawPayload.equals(whole.subarray(2990, 3010))).toBe(true);
    const suffix = await t.app.inject({
      method: 'GET',
      url: recording.url,
      headers: { ...headers(staff.cookie), range: 'bytes=-100' },
    });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(whole.subarray(whole.length - 100))).toBe(true);
    const past = await t.app.inject({
      method: 'GET',
      url: recording.url,
      headers: { ...headers(staff.cookie), range: `bytes=${whole.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${whole.length}`);

    // The parties download their own trade's recording.
    for (const party of [buyer, seller]) {
      const list = (
        await call('GET', `/api/trades/${id}/recordings`, party.cookie)
      ).json() as TradeRecordingList;
      expect(list.canPlay).toBe(false);
      expect(list.recordings.map((r) => r.id)).toEqual([recording.id]);
      const download = await call('GET', recording.url, party.cookie);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="gravacao-intermediacao-${id}-${recording.id}.webm"`,
      );
      expect(download.rawPayload.equals(whole)).toBe(true);
    }
  });

  it('two uploads of one chunk at once store it once', async () => {
    const { id, buyer } = await trade();
    const recording = await start(id, buyer.cookie);
    const answers = await Promise.all([
      sendChunk(id, recording.id, 0, buyer.cookie, chunk('a')),
      sendChunk(id, recording.id, 0, buyer.cookie, chunk('a')),
      sendChunk(id, recording.id, 0, buyer.cookie, chunk('a')),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ chunkCount: 1, bytes: 2000 });
    }
    expect(await chunkRows(recording.id)).toHaveLength(1);
    expect(await filesOf(id)).toHaveLength(1);
  });

  it('a gap, a wrong type, an empty or too large chunk are refused with nothing stored', async () => {
    const { id, buyer } = await trade();
    const recording = await start(id, buyer.cookie);
    expect((await sendChunk(id, recording.id, 0, buyer.cookie, chunk('a'))).statusCode).toBe(200);

    const gap = await sendChunk(id, recording.id, 2, buyer.cookie, chunk('c'));
    expect(gap.statusCode).toBe(409);
    expect(errorOf(gap)).toMatchObject({ message: m.chunkGap, fields: { expected: '1' } });

    for (const type of ['text/plain', 'application/json', 'audio/ogg', 'image/png']) {
      const res = await sendChunk(id, recording.id, 1, buyer.cookie, Buffer.from('{"a":1}'), type);
      expect(res.statusCode, type).toBe(400);
      expect(errorOf(res).message).toBe(m.chunkType);
    }
    const empty = await sendChunk(id, recording.id, 1, buyer.cookie, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe(m.chunkEmpty);
    const large = await sendChunk(
      id,
      recording.id,
      1,
      buyer.cookie,
      chunk('L', MAX_RECORDING_CHUNK_BYTES + 1),
    );
    expect(large.statusCode).toBe(400);
    expect(errorOf(large).message).toBe(m.chunkTooLarge);
    const badSeq = await sendChunk(id, recording.id, 'abc', buyer.cookie, chunk('b'));
    expect(badSeq.statusCode).toBe(400);

    expect((await recordingRow(recording.id))?.chunkCount).toBe(1);
    expect(await chunkRows(recording.id)).toHaveLength(1);
    expect(await filesOf(id)).toHaveLength(1);

    // A chunk of exactly the limit is taken.
    const limit = await sendChunk(id, recording.id, 1, buyer.cookie, chunk('M', MAX_RECORDING_CHUNK_BYTES));
    expect(limit.statusCode, limit.body).toBe(200);
  });

  it('an Ogg recording takes Ogg chunks; a start in another format is refused', async () => {
    const { id, buyer } = await trade();
    const bad = await call('POST', `/api/trades/${id}/recordings`, buyer.cookie, { mimeType: 'video/mp4' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe(m.chunkType);
    const recording = await start(id, buyer.cookie, 'audio/ogg;codecs=opus');
    expect((await sendChunk(id, recording.id, 0, buyer.cookie, chunk('o'), 'audio/ogg')).statusCode).toBe(
      200,
    );
    const played = await call('GET', recording.url, staff.cookie);
    expect(played.headers['content-type']).toBe('audio/ogg');
  });

  it('ending stops the chunks (a replay stays harmless); an empty recording is dropped', async () => {
    const { id, buyer } = await trade();
    const recording = await start(id, buyer.cookie);
    await sendChunk(id, recording.id, 0, buyer.cookie, chunk('a'));
    const ended = await call('POST', `/api/trades/${id}/recordings/${recording.id}/end`, buyer.cookie, {});
    expect(ended.statusCode).toBe(200);
    const endedAt = (await recordingRow(recording.id))?.endedAt;
    expect(endedAt).toBeInstanceOf(Date);
    // Ending twice changes nothing.
    await call('POST', `/api/trades/${id}/recordings/${recording.id}/end`, buyer.cookie, {});
    expect((await recordingRow(recording.id))?.endedAt).toEqual(endedAt);

    const late = await sendChunk(id, recording.id, 1, buyer.cookie, chunk('b'));
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(m.recordingEnded);
    expect((await sendChunk(id, recording.id, 0, buyer.cookie, chunk('a'))).statusCode).toBe(200);
    expect(await filesOf(id)).toHaveLength(1);

    const empty = await start(id, buyer.cookie);
    await call('POST', `/api/trades/${id}/recordings/${empty.id}/end`, buyer.cookie, {});
    expect(await recordingRow(empty.id)).toBeUndefined();
    const list = (
      await call('GET', `/api/trades/${id}/recordings`, staff.cookie)
    ).json() as TradeRecordingList;
    expect(list.recordings.map((r) => r.id)).toEqual([recording.id]);
  });

  it('a new start by the same recorder (a reloaded tab) ends their recording left open', async () => {
    const { id, buyer } = await trade();
    const first = await start(id, buyer.cookie);
    await sendChunk(id, first.id, 0, buyer.cookie, chunk('a'));
    await start(id, buyer.cookie);
    const row = await recordingRow(first.id);
    expect(row?.endedAt).toEqual(row?.lastChunkAt);
  });

  it('a recording whose tab closed without ending it keeps every chunk that arrived', async () => {
    const { id, buyer } = await trade();
    const recording = await start(id, buyer.cookie);
    const parts = [chunk('a'), chunk('b')];
    for (const [seq, part] of parts.entries()) await sendChunk(id, recording.id, seq, buyer.cookie, part);
    const list = (
      await call('GET', `/api/trades/${id}/recordings`, staff.cookie)
    ).json() as TradeRecordingList;
    const [listed] = list.recordings;
    expect(listed).toMatchObject({ id: recording.id, chunkCount: 2, endedAt: null });
    expect(listed?.lastChunkAt).not.toBeNull();
    const played = await call('GET', recording.url, staff.cookie);
    expect(played.rawPayload.equals(Buffer.concat(parts))).toBe(true);
  });

  it('the routes are in the OpenAPI document', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/trades/{id}/recordings',
        '/api/trades/{id}/recordings/{recordingId}/chunks/{seq}',
        '/api/trades/{id}/recordings/{recordingId}/audio',
      ]),
    );
  });

  it('/media never serves a recording', async () => {
    const { id, buyer } = await trade();
    const recording = await start(id, buyer.cookie);
    await sendChunk(id, recording.id, 0, buyer.cookie, chunk('a'));
    const [key] = await filesOf(id);
    const res = await call('GET', `/media/${key}`);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe(errorMessages.notFound);
  });
});

describe('retention', () => {
  const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

  async function recorded(state: 'completed' | 'cancelled' | 'awaiting_payment', endedDaysAgo: number) {
    const { id, buyer } = await trade();
    const recording = await start(id, buyer.cookie);
    await sendChunk(id, recording.id, 0, buyer.cookie, chunk('a'));
    await sendChunk(id, recording.id, 1, buyer.cookie, chunk('b'));
    await t.db.execute(
      `update trades set state = '${state}', updated_at = '${daysAgo(endedDaysAgo).toISOString()}' where id = ${id}`,
    );
    return { id, recordingId: recording.id };
  }

  it('deletes the files and rows of trades ended past the retention, and nothing else', async () => {
    const expired = await recorded('completed', RECORDING_RETENTION_DAYS + 1);
    const cancelled = await recorded('cancelled', RECORDING_RETENTION_DAYS + 30);
    const recent = await recorded('completed', RECORDING_RETENTION_DAYS - 1);
    const open = await recorded('awaiting_payment', RECORDING_RETENTION_DAYS + 100);

    const removed = await t.app.tradeRecordings.sweepExpired(new Date(), RECORDING_RETENTION_DAYS);
    expect(removed).toBe(2);
    for (const gone of [expired, cancelled]) {
      expect(await recordingRow(gone.recordingId)).toBeUndefined();
      expect(await chunkRows(gone.recordingId)).toEqual([]);
      expect(await filesOf(gone.id)).toEqual([]);
    }
    for (const kept of [recent, open]) {
      expect((await recordingRow(kept.recordingId))?.chunkCount).toBe(2);
      expect(await filesOf(kept.id)).toHaveLength(2);
    }
  });

  it("deleting a trade's recordings removes them whole", async () => {
    const { id, recordingId } = await recorded('completed', 1);
    await t.app.tradeRecordings.deleteForTrade(id);
    expect(await recordingRow(recordingId)).toBeUndefined();
    expect(await filesOf(id)).toEqual([]);
  });

  it('the orphan sweep removes a chunk file no row names, and keeps the counted ones', async () => {
    const { id, buyer } = await trade();
    const recording = await start(id, buyer.cookie);
    await sendChunk(id, recording.id, 0, buyer.cookie, chunk('a'));
    const stray = `recordings/${id}/${recording.id}/00001-deadbeef.webm`;
    await storage.put(stray, chunk('s'), 'audio/webm');
    await sweepOrphanFiles(t.db, storage, new Date(Date.now() + 60_000));
    const files = await filesOf(id);
    expect(files).toHaveLength(1);
    expect(files).not.toContain(stray);
  });
});
