import { randomUUID } from 'node:crypto';
import { errorMessages } from '@shared/errors';
import type { RealtimeMessage } from '@shared/realtime';
import { tradeMessages } from '@shared/trade-messages';
import { tradeRecordingMessages as m } from '@shared/trade-recording-messages';
import {
  MAX_RECORDING_BYTES,
  MAX_RECORDING_CHUNK_BYTES,
  MAX_TRADE_RECORDING_BYTES,
  recordingChunksPerWindow,
  type TradeRecordingList,
} from '@shared/trade-recordings';
import { RECORDING_RETENTION_DAYS, RECORDING_UNPAID_CANCEL_RETENTION_HOURS } from '@shared/trade-rules';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { tradePresence, tradeRecordingChunks, tradeRecordings, trades } from '../../src/server/db/schema';
import { sweepOrphanFiles } from '../../src/server/modules/media/sweep';
import { createLocalStorage } from '../../src/server/storage/local';
import type { Storage } from '../../src/server/storage/storage';
import { createStaff, createUser } from '../factories/accounts';
import { createTradeRow } from '../factories/trades';
import { apiOf } from '../helpers/api';
import { errorOf } from '../helpers/http';
import {
  chromiumWebmChunks,
  oggOpusChunks,
  recorderChunks,
  tinyWebm,
  webmCluster,
} from '../helpers/recording-audio';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * The recorded voice call (decision 015): the intermediary or the buyer records, chunks arrive strictly in order
 * and concatenate back into one file; staff play, the parties download, anyone else is told the trade does not
 * exist; a refused chunk stores nothing; recordings go after their retention. Issue 25: only from someone in the
 * trade's live call, only the recorder's audio stream, within limits derived from its bit rate, listed with the
 * length of what plays, kept by how the trade ended.
 */
let t: TestApp;
let storage: Storage;
let staff: { id: string; cookie: string };
let otherStaff: { id: string; cookie: string };

async function member(role?: 'admin' | 'moderator') {
  const user = role ? await createStaff(t.db, role) : await createUser(t.db);
  return { id: user.id, cookie: await sessionCookie(t, user.id) };
}

/** The service's clock runs this far ahead of the real one (the duration test moves it). */
let clockOffsetMs = 0;
/** Set, the app's clock stands still there (plus the offset): a slow machine's seconds between two requests never count. */
let clockFrozenAt: number | null = null;
/** A one-minute window: the chunk limit per member is then recordingChunksPerWindow(60). */
const WINDOW_SECONDS = 60;

beforeAll(async () => {
  // Many members sign in from one address here.
  t = await createTestApp(
    { RATE_LIMIT_MAX: '1000', RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS) },
    { now: () => new Date((clockFrozenAt ?? Date.now()) + clockOffsetMs) },
  );
  storage = createLocalStorage(t.config.media.dir);
  staff = await member('admin');
  // A moderator: an admin acts on every trade (decision 020), a moderator only on one nobody else holds.
  otherStaff = await member('moderator');
});
afterAll(() => t?.close());

const api = apiOf(() => t);
const sendChunk = (
  tradeId: number,
  recordingId: number,
  seq: number | string,
  cookie: string | undefined,
  body: Buffer,
  type = 'audio/webm;codecs=opus',
) =>
  api.as(cookie).put(`/api/trades/${tradeId}/recordings/${recordingId}/chunks/${seq}`, body, {
    headers: { 'content-type': type },
  });

/** A trade between two fresh members, with a stranger beside them. */
async function trade() {
  const seller = await member();
  const buyer = await member();
  const stranger = await member();
  const row = await createTradeRow(t.db, { sellerId: seller.id, buyerId: buyer.id, amountCents: 5_000 });
  return { id: row.id, seller, buyer, stranger };
}

/**
 * `who` is in the trade's call, as a socket's presence row says it to every process (realtime/rooms.ts); the
 * test of /ws below joins for real.
 */
async function joinCall(tradeId: number, who: { id: string }, role = 'comprador') {
  const connectionId = randomUUID();
  await t.db.insert(tradePresence).values({
    connectionId,
    tradeId,
    userId: who.id,
    role,
    inCall: true,
    expiresAt: new Date(Date.now() + 45_000),
  });
  return connectionId;
}

async function start(
  tradeId: number,
  who: { id: string; cookie: string },
  mimeType = 'audio/webm;codecs=opus',
  role = 'comprador',
) {
  const [present] = await t.db
    .select()
    .from(tradePresence)
    .where(and(eq(tradePresence.tradeId, tradeId), eq(tradePresence.userId, who.id)));
  if (!present) await joinCall(tradeId, who, role);
  const res = await api.as(who.cookie).post(`/api/trades/${tradeId}/recordings`, { mimeType });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; url: string };
}

/** The recorder's real chunks (Chromium's WebM timeslices, then clusters in the same stream). */
const [first, second, third, fourth] = chromiumWebmChunks as [Buffer, Buffer, Buffer, Buffer];
const sum = (parts: Buffer[]) => parts.reduce((total, part) => total + part.length, 0);

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
    const res = await api.as().post(`/api/trades/${id}/recordings`, { mimeType: 'audio/webm' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).message).toBe(tradeMessages.loginRequired);
    expect((await api.as().get(`/api/trades/${id}/recordings`)).statusCode).toBe(401);
    expect(await t.db.select().from(tradeRecordings).where(eq(tradeRecordings.tradeId, id))).toEqual([]);
  });

  it("an outsider gets the trade room's not-found answer for every action", async () => {
    const { id, buyer, stranger } = await trade();
    const recording = await start(id, buyer);
    await sendChunk(id, recording.id, 0, buyer.cookie, first);
    const answers = [
      await api.as(stranger.cookie).post(`/api/trades/${id}/recordings`, { mimeType: 'audio/webm' }),
      await sendChunk(id, recording.id, 1, stranger.cookie, second),
      await api.as(stranger.cookie).post(`/api/trades/${id}/recordings/${recording.id}/end`, {}),
      await api.as(stranger.cookie).get(`/api/trades/${id}/recordings`),
      await api.as(stranger.cookie).get(recording.url),
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
    await joinCall(id, seller, 'vendedor');
    const res = await api.as(seller.cookie).post(`/api/trades/${id}/recordings`, { mimeType: 'audio/webm' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(m.notRecorder);
    expect(await t.db.select().from(tradeRecordings).where(eq(tradeRecordings.tradeId, id))).toEqual([]);
  });

  it('the intermediary who took the trade records; another staff member does not, but plays', async () => {
    const { id, buyer } = await trade();
    await t.db.update(trades).set({ intermediaryId: staff.id }).where(eq(trades.id, id));
    const refused = await api.as(otherStaff.cookie).post(`/api/trades/${id}/recordings`, {
      mimeType: 'audio/webm',
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe(m.notRecorder);

    const recording = await start(id, staff, 'audio/webm', 'intermediador');
    expect((await sendChunk(id, recording.id, 0, staff.cookie, first)).statusCode).toBe(200);
    expect((await recordingRow(recording.id))?.recorderRole).toBe('intermediador');
    // Only who started a recording sends its chunks.
    await joinCall(id, buyer);
    const foreign = await sendChunk(id, recording.id, 1, buyer.cookie, second);
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign).message).toBe(m.notYourRecording);
    expect(await filesOf(id)).toHaveLength(1);

    const list = (await api.as(otherStaff.cookie).get(`/api/trades/${id}/recordings`)).json();
    expect(list).toMatchObject({ canPlay: true, recordings: [{ id: recording.id, chunkCount: 1 }] });
    const played = await api.as(otherStaff.cookie).get(recording.url);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-disposition']).toBeUndefined();
    expect(played.rawPayload).toEqual(first);
  });

  it('staff act as intermediary and record while no one took the trade', async () => {
    const { id } = await trade();
    const recording = await start(id, otherStaff, 'audio/webm', 'intermediador');
    expect((await recordingRow(recording.id))?.recorderRole).toBe('intermediador');
  });

  it('a finished trade is no longer recorded', async () => {
    const { id, buyer } = await trade();
    await joinCall(id, buyer);
    await t.db.update(trades).set({ state: 'completed' }).where(eq(trades.id, id));
    const res = await api.as(buyer.cookie).post(`/api/trades/${id}/recordings`, { mimeType: 'audio/webm' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(m.tradeFinished);
  });
});

describe('only in a live call (issue 25)', () => {
  it('a buyer who never joined the call neither starts a recording nor sends a chunk', async () => {
    const { id, buyer } = await trade();
    const res = await api.as(buyer.cookie).post(`/api/trades/${id}/recordings`, { mimeType: 'audio/webm' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(m.notInCall);
    expect(await t.db.select().from(tradeRecordings).where(eq(tradeRecordings.tradeId, id))).toEqual([]);

    // A recording started in the call, whose recorder left it (or whose presence expired with its process).
    const recording = await start(id, buyer);
    expect((await sendChunk(id, recording.id, 0, buyer.cookie, first)).statusCode).toBe(200);
    await t.db.update(tradePresence).set({ inCall: false }).where(eq(tradePresence.tradeId, id));
    const left = await sendChunk(id, recording.id, 1, buyer.cookie, second);
    expect(left.statusCode).toBe(409);
    expect(errorOf(left).message).toBe(m.notInCall);
    await t.db
      .update(tradePresence)
      .set({ inCall: true, expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tradePresence.tradeId, id));
    const expired = await sendChunk(id, recording.id, 1, buyer.cookie, second);
    expect(expired.statusCode).toBe(409);
    expect(errorOf(expired).message).toBe(m.notInCall);
    expect((await recordingRow(recording.id))?.chunkCount).toBe(1);
    expect(await filesOf(id)).toHaveLength(1);
  });

  it('joining the call over /ws lets the chunks in, on any process; leaving it stops them', async () => {
    const { id, buyer } = await trade();
    const socket = await inCallOverWs(t.app, buyer.cookie, id);
    const recording = await start(id, buyer);
    expect((await sendChunk(id, recording.id, 0, buyer.cookie, first)).statusCode).toBe(200);
    // Another server process on the same database sees the same call (PostgreSQL only; PGlite has one process).
    const other = await t.sibling();
    const viaOther = other
      ? await apiOf(() => ({ ...t, app: other }))
          .as(buyer.cookie)
          .put(`/api/trades/${id}/recordings/${recording.id}/chunks/1`, second, {
            headers: { 'content-type': 'audio/webm' },
          })
      : await sendChunk(id, recording.id, 1, buyer.cookie, second);
    expect(viaOther.statusCode, viaOther.body).toBe(200);

    socket.send({ type: 'call-leave', tradeId: id });
    await socket.next((message) => message.type === 'presence' && message.peers.every((p) => !p.inCall));
    const after = await sendChunk(id, recording.id, 2, buyer.cookie, third);
    expect(after.statusCode).toBe(409);
    expect(errorOf(after).message).toBe(m.notInCall);
    socket.ws.terminate();
  });
});

describe('chunks', () => {
  it('arrive in order; a replay is answered as before and stores nothing; the audio is their concatenation', async () => {
    const { id, buyer, seller } = await trade();
    const recording = await start(id, buyer);
    const parts = [first, second, third];
    for (const [seq, part] of parts.entries()) {
      const res = await sendChunk(id, recording.id, seq, buyer.cookie, part);
      expect(res.statusCode, res.body).toBe(200);
    }
    const replay = await sendChunk(id, recording.id, 1, buyer.cookie, second);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ chunkCount: 3, bytes: sum(parts) });
    expect(await filesOf(id)).toHaveLength(3);
    expect(await chunkRows(recording.id)).toHaveLength(3);

    const whole = Buffer.concat(parts);
    const played = await api.as(staff.cookie).get(recording.url);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/webm');
    expect(played.headers['accept-ranges']).toBe('bytes');
    expect(Number(played.headers['content-length'])).toBe(whole.length);
    expect(played.rawPayload.equals(whole)).toBe(true);

    // Range across a chunk's border, a suffix, and one past the end.
    const border = first.length;
    const ranged = await api
      .as(staff.cookie)
      .get(recording.url, { headers: { range: `bytes=${border - 10}-${border + 9}` } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes ${border - 10}-${border + 9}/${whole.length}`);
    expect(ranged.rawPayload.equals(whole.subarray(border - 10, border + 10))).toBe(true);
    const suffix = await api.as(staff.cookie).get(recording.url, { headers: { range: 'bytes=-100' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(whole.subarray(whole.length - 100))).toBe(true);
    const past = await api
      .as(staff.cookie)
      .get(recording.url, { headers: { range: `bytes=${whole.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${whole.length}`);

    // The parties download their own trade's recording.
    for (const party of [buyer, seller]) {
      const list = (
        await api.as(party.cookie).get(`/api/trades/${id}/recordings`)
      ).json() as TradeRecordingList;
      expect(list.canPlay).toBe(false);
      expect(list.recordings.map((r) => r.id)).toEqual([recording.id]);
      const download = await api.as(party.cookie).get(recording.url);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="gravacao-intermediacao-${id}-${recording.id}.webm"`,
      );
      expect(download.rawPayload.equals(whole)).toBe(true);
    }
  });

  it('two uploads of one chunk at once store it once', async () => {
    const { id, buyer } = await trade();
    const recording = await start(id, buyer);
    const answers = await Promise.all([
      sendChunk(id, recording.id, 0, buyer.cookie, first),
      sendChunk(id, recording.id, 0, buyer.cookie, first),
      sendChunk(id, recording.id, 0, buyer.cookie, first),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ chunkCount: 1, bytes: first.length });
    }
    expect(await chunkRows(recording.id)).toHaveLength(1);
    expect(await filesOf(id)).toHaveLength(1);
  });

  it('a gap, a wrong type, an empty or too large chunk are refused with nothing stored', async () => {
    const { id, buyer } = await trade();
    const recording = await start(id, buyer);
    expect((await sendChunk(id, recording.id, 0, buyer.cookie, first)).statusCode).toBe(200);

    const gap = await sendChunk(id, recording.id, 2, buyer.cookie, third);
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
      Buffer.concat([second, third, fourth, webmCluster(4000, MAX_RECORDING_CHUNK_BYTES)]),
    );
    expect(large.statusCode).toBe(400);
    expect(errorOf(large).message).toBe(m.chunkTooLarge);
    const badSeq = await sendChunk(id, recording.id, 'abc', buyer.cookie, second);
    expect(badSeq.statusCode).toBe(400);

    expect((await recordingRow(recording.id))?.chunkCount).toBe(1);
    expect(await chunkRows(recording.id)).toHaveLength(1);
    expect(await filesOf(id)).toHaveLength(1);

    // A chunk of exactly the limit is taken.
    const lead = Buffer.concat([second, third, fourth]);
    const limit = await sendChunk(
      id,
      recording.id,
      1,
      buyer.cookie,
      Buffer.concat([lead, webmCluster(4000, MAX_RECORDING_CHUNK_BYTES - lead.length)]),
    );
    expect(limit.statusCode, limit.body).toBe(200);
  });

  it('an Ogg recording takes Ogg Opus chunks; a start in another format is refused', async () => {
    const { id, buyer } = await trade();
    await joinCall(id, buyer);
    const bad = await api.as(buyer.cookie).post(`/api/trades/${id}/recordings`, { mimeType: 'video/mp4' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe(m.chunkType);
    const recording = await start(id, buyer, 'audio/ogg;codecs=opus');
    const ogg = oggOpusChunks(2);
    expect((await sendChunk(id, recording.id, 0, buyer.cookie, first, 'audio/ogg')).statusCode).toBe(400);
    try {
      // One second of audio a second, as a recorder sends it.
      for (const [seq, part] of ogg.entries()) {
        clockOffsetMs = (seq + 1) * 1000;
        const res = await sendChunk(id, recording.id, seq, buyer.cookie, part, 'audio/ogg');
        expect(res.statusCode, res.body).toBe(200);
      }
    } finally {
      clockOffsetMs = 0;
    }
    const played = await api.as(staff.cookie).get(recording.url);
    expect(played.headers['content-type']).toBe('audio/ogg');
    const list = (
      await api.as(staff.cookie).get(`/api/trades/${id}/recordings`)
    ).json() as TradeRecordingList;
    expect(list.recordings[0]?.durationSeconds).toBe(2);
  });

  it('ending stops the chunks (a replay stays harmless); an empty recording is dropped', async () => {
    const { id, buyer } = await trade();
    const recording = await start(id, buyer);
    await sendChunk(id, recording.id, 0, buyer.cookie, first);
    const ended = await api.as(buyer.cookie).post(`/api/trades/${id}/recordings/${recording.id}/end`, {});
    expect(ended.statusCode).toBe(200);
    const endedAt = (await recordingRow(recording.id))?.endedAt;
    expect(endedAt).toBeInstanceOf(Date);
    // Ending twice changes nothing.
    await api.as(buyer.cookie).post(`/api/trades/${id}/recordings/${recording.id}/end`, {});
    expect((await recordingRow(recording.id))?.endedAt).toEqual(endedAt);

    const late = await sendChunk(id, recording.id, 1, buyer.cookie, second);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(m.recordingEnded);
    expect((await sendChunk(id, recording.id, 0, buyer.cookie, first)).statusCode).toBe(200);
    expect(await filesOf(id)).toHaveLength(1);

    const empty = await start(id, buyer);
    await api.as(buyer.cookie).post(`/api/trades/${id}/recordings/${empty.id}/end`, {});
    expect(await recordingRow(empty.id)).toBeUndefined();
    const list = (
      await api.as(staff.cookie).get(`/api/trades/${id}/recordings`)
    ).json() as TradeRecordingList;
    expect(list.recordings.map((r) => r.id)).toEqual([recording.id]);
  });

  it('a new start by the same recorder (a reloaded tab) ends their recording left open', async () => {
    const { id, buyer } = await trade();
    const earlier = await start(id, buyer);
    await sendChunk(id, earlier.id, 0, buyer.cookie, first);
    await start(id, buyer);
    const row = await recordingRow(earlier.id);
    expect(row?.endedAt).toEqual(row?.lastChunkAt);
  });

  it('a recording whose tab closed without ending it keeps every chunk that arrived', async () => {
    const { id, buyer } = await trade();
    const recording = await start(id, buyer);
    const parts = [first, second];
    for (const [seq, part] of parts.entries()) await sendChunk(id, recording.id, seq, buyer.cookie, part);
    const list = (
      await api.as(staff.cookie).get(`/api/trades/${id}/recordings`)
    ).json() as TradeRecordingList;
    const [listed] = list.recordings;
    expect(listed).toMatchObject({ id: recording.id, chunkCount: 2, endedAt: null });
    expect(listed?.lastChunkAt).not.toBeNull();
    const played = await api.as(staff.cookie).get(recording.url);
    expect(played.rawPayload.equals(Buffer.concat(parts))).toBe(true);
  });

  it('the routes are in the OpenAPI document', async () => {
    const res = await api.as().get('/api/docs/json');
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
    const recording = await start(id, buyer);
    await sendChunk(id, recording.id, 0, buyer.cookie, first);
    const [key] = await filesOf(id);
    const res = await api.as().get(`/media/${key}`);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe(errorMessages.notFound);
  });
});

describe('only the audio the recorder produces (issue 25)', () => {
  const random = Buffer.from(Array.from({ length: 40_000 }, (_, i) => (i * 7919 + 13) % 256));
  const html = Buffer.from(
    `<!doctype html><html><head><title>x</title></head><body>${'<p>oi</p>'.repeat(2000)}</body></html>`,
  );

  it('random bytes and HTML are refused as a first chunk and as a later one, and nothing is stored', async () => {
    const { id, buyer } = await trade();
    const recording = await start(id, buyer);
    for (const [name, body] of [
      ['random', random],
      ['html', html],
    ] as const) {
      const res = await sendChunk(id, recording.id, 0, buyer.cookie, body);
      expect(res.statusCode, name).toBe(400);
      expect(errorOf(res).message).toBe(m.notAudio);
    }
    // A later chunk that starts a stream anew, or stops being the stream, is refused too.
    expect((await sendChunk(id, recording.id, 0, buyer.cookie, first)).statusCode).toBe(200);
    for (const body of [random, html, first]) {
      const res = await sendChunk(id, recording.id, 1, buyer.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(m.notAudio);
    }
    expect((await recordingRow(recording.id))?.chunkCount).toBe(1);
    expect(await filesOf(id)).toHaveLength(1);
    // The real stream still goes on where it stood.
    expect((await sendChunk(id, recording.id, 1, buyer.cookie, second)).statusCode).toBe(200);

    // A continuation alone is no recording's start.
    const other = await start(id, buyer);
    const headless = await sendChunk(id, other.id, 0, buyer.cookie, second);
    expect(headless.statusCode).toBe(400);
    expect(errorOf(headless).message).toBe(m.notAudio);
    expect(await filesOf(id)).toHaveLength(2);
  });

  it("a recording stops at its size limit, and a trade's recordings at theirs", async () => {
    const { id, buyer } = await trade();
    const recording = await start(id, buyer);
    expect((await sendChunk(id, recording.id, 0, buyer.cookie, first)).statusCode).toBe(200);
    // As if two hours had been stored: the next chunk would pass the recording's limit.
    await t.db
      .update(tradeRecordings)
      .set({ bytes: MAX_RECORDING_BYTES - second.length + 1 })
      .where(eq(tradeRecordings.id, recording.id));
    const full = await sendChunk(id, recording.id, 1, buyer.cookie, second);
    expect(full.statusCode).toBe(409);
    expect(errorOf(full).message).toBe(m.recordingFull);
    expect(await filesOf(id)).toHaveLength(1);

    // A new recording of the same trade, while the trade's recordings already hold nearly their limit.
    const next = await start(id, buyer);
    await t.db
      .update(tradeRecordings)
      .set({ bytes: MAX_TRADE_RECORDING_BYTES - MAX_RECORDING_BYTES })
      .where(eq(tradeRecordings.id, recording.id));
    await t.db.insert(tradeRecordings).values({
      tradeId: id,
      recordedBy: buyer.id,
      recorderRole: 'comprador',
      mimeType: 'audio/webm',
      startedAt: new Date(),
      endedAt: new Date(),
      chunkCount: 1,
      bytes: MAX_RECORDING_BYTES - first.length + 1,
    });
    const tradeFull = await sendChunk(id, next.id, 0, buyer.cookie, first);
    expect(tradeFull.statusCode).toBe(409);
    expect(errorOf(tradeFull).message).toBe(m.tradeFull);
    expect((await recordingRow(next.id))?.chunkCount).toBe(0);
    expect(await filesOf(id)).toHaveLength(1);
  });

  it("a member sends about one chunk per timeslice: past the window's limit they are refused", async () => {
    const { id, buyer } = await trade();
    const recording = await start(id, buyer);
    const limit = recordingChunksPerWindow(WINDOW_SECONDS);
    expect(limit).toBe(30);
    const chunks = recorderChunks(limit + 1, 200);
    for (let seq = 0; seq < limit; seq++) {
      const res = await sendChunk(id, recording.id, seq, buyer.cookie, chunks[seq] as Buffer);
      expect(res.statusCode, `chunk ${seq}: ${res.body}`).toBe(200);
    }
    const over = await sendChunk(id, recording.id, limit, buyer.cookie, chunks[limit] as Buffer);
    expect(over.statusCode).toBe(429);
    expect(errorOf(over).message).toBe(errorMessages.rateLimited);
    expect((await recordingRow(recording.id))?.chunkCount).toBe(limit);
  });
});

describe('the listed duration (issue 25)', () => {
  it('is what the stored audio plays, not the time until the tab closed', async () => {
    const { id, buyer } = await trade();
    clockFrozenAt = Date.now();
    try {
      const recording = await start(id, buyer);
      // Three timeslices arrive (2.9 s of audio); the fourth is lost with the tab, which says 'end' at 12 s.
      for (const [seq, part] of [first, second, third].entries()) {
        clockOffsetMs = (seq + 1) * 3000;
        expect((await sendChunk(id, recording.id, seq, buyer.cookie, part)).statusCode).toBe(200);
      }
      clockOffsetMs = 12_000;
      await api.as(buyer.cookie).post(`/api/trades/${id}/recordings/${recording.id}/end`, {});
      const list = (
        await api.as(staff.cookie).get(`/api/trades/${id}/recordings`)
      ).json() as TradeRecordingList;
      expect(list.recordings[0]).toMatchObject({ id: recording.id, chunkCount: 3, durationSeconds: 3 });

      // Every chunk stored: the whole 3.4 s.
      const whole = await start(id, buyer);
      for (const [seq, part] of chromiumWebmChunks.entries()) {
        clockOffsetMs = 12_000 + (seq + 1) * 1000;
        await sendChunk(id, whole.id, seq, buyer.cookie, part);
      }
      const again = (
        await api.as(staff.cookie).get(`/api/trades/${id}/recordings`)
      ).json() as TradeRecordingList;
      expect(again.recordings.find((r) => r.id === whole.id)?.durationSeconds).toBe(3);
    } finally {
      clockOffsetMs = 0;
      clockFrozenAt = null;
    }
  });
});

describe('a recording whose timestamps lie (security round 3)', () => {
  const listed = async (tradeId: number, recordingId: number) =>
    (
      (await api.as(staff.cookie).get(`/api/trades/${tradeId}/recordings`)).json() as TradeRecordingList
    ).recordings.find((r) => r.id === recordingId);

  it("is listed no longer than its bytes can play nor than the call's real time", async () => {
    const { id, buyer } = await trade();
    clockFrozenAt = Date.now();
    try {
      // 92 bytes stamped ten hours apart, 3 s after the start: 3 s.
      const early = await start(id, buyer);
      clockOffsetMs = 3000;
      expect((await sendChunk(id, early.id, 0, buyer.cookie, tinyWebm(36_000_000))).statusCode).toBe(200);
      expect(await listed(id, early.id)).toMatchObject({ bytes: 92, durationSeconds: 3 });

      // The same a minute after the start: no more than 92 bytes hold (5.5 s).
      const late = await start(id, buyer);
      clockOffsetMs = 63_000;
      expect((await sendChunk(id, late.id, 0, buyer.cookie, tinyWebm(36_000_000))).statusCode).toBe(200);
      expect(await listed(id, late.id)).toMatchObject({ bytes: 92, durationSeconds: 6 });
    } finally {
      clockOffsetMs = 0;
      clockFrozenAt = null;
    }
  });

  it('stamped past a day, is refused with the pt-BR message (never a 500) and stores nothing', async () => {
    const { id, buyer } = await trade();
    const recording = await start(id, buyer);
    try {
      clockOffsetMs = 3000;
      for (const lastMs of [2_000_000_000, 4_000_000_000]) {
        const res = await sendChunk(id, recording.id, 0, buyer.cookie, tinyWebm(lastMs));
        expect(res.statusCode, res.body).toBe(400);
        expect(errorOf(res).message).toBe(m.notAudio);
      }
    } finally {
      clockOffsetMs = 0;
    }
    expect(await recordingRow(recording.id)).toMatchObject({ chunkCount: 0, bytes: 0, durationMs: 0 });
    expect(await chunkRows(recording.id)).toEqual([]);
    expect(await filesOf(id)).toEqual([]);
  });
});

describe('retention', () => {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
  const daysAgo = (days: number) => hoursAgo(days * 24);

  async function recorded(
    state: 'completed' | 'cancelled' | 'awaiting_payment' | 'disputed' | 'refunded',
    ended: Date,
    { paid = true, disputeDecided }: { paid?: boolean; disputeDecided?: Date | null } = {},
  ) {
    const { id, buyer } = await trade();
    const recording = await start(id, buyer);
    await sendChunk(id, recording.id, 0, buyer.cookie, first);
    await sendChunk(id, recording.id, 1, buyer.cookie, second);
    await t.db
      .update(trades)
      .set({
        state,
        updatedAt: ended,
        paidAt: paid ? daysAgo(400) : null,
        disputeOpenedAt: disputeDecided === undefined ? null : daysAgo(400),
        disputeDecidedAt: disputeDecided ?? null,
      })
      .where(eq(trades.id, id));
    return { id, recordingId: recording.id };
  }

  async function expectGone(...gone: { id: number; recordingId: number }[]) {
    for (const g of gone) {
      expect(await recordingRow(g.recordingId)).toBeUndefined();
      expect(await chunkRows(g.recordingId)).toEqual([]);
      expect(await filesOf(g.id)).toEqual([]);
    }
  }
  async function expectKept(...kept: { id: number; recordingId: number }[]) {
    for (const k of kept) {
      expect((await recordingRow(k.recordingId))?.chunkCount).toBe(2);
      expect(await filesOf(k.id)).toHaveLength(2);
    }
  }

  it('deletes the files and rows of trades ended past the retention, and nothing else', async () => {
    const expired = await recorded('completed', daysAgo(RECORDING_RETENTION_DAYS + 1));
    const cancelled = await recorded('cancelled', daysAgo(RECORDING_RETENTION_DAYS + 30));
    const recent = await recorded('completed', daysAgo(RECORDING_RETENTION_DAYS - 20));
    const paidCancel = await recorded('cancelled', daysAgo(2));
    const open = await recorded('awaiting_payment', daysAgo(RECORDING_RETENTION_DAYS + 100), { paid: false });

    const removed = await t.app.tradeRecordings.sweepExpired(new Date());
    expect(removed).toBe(2);
    await expectGone(expired, cancelled);
    await expectKept(recent, paidCancel, open);
  });

  it('a trade cancelled before payment keeps its recordings only for the short window', async () => {
    const window = RECORDING_UNPAID_CANCEL_RETENTION_HOURS;
    const unpaid = await recorded('cancelled', hoursAgo(1), { paid: false });
    const paid = await recorded('cancelled', hoursAgo(1));
    // Within the window: kept.
    await t.app.tradeRecordings.sweepExpired(new Date());
    await expectKept(unpaid, paid);
    // The sweep as it will run once the window has passed.
    // (Other tests' recordings may go in the same sweeps: each test looks at its own.)
    const later = new Date(Date.now() + window * 60 * 60 * 1000);
    await t.app.tradeRecordings.sweepExpired(later);
    await expectGone(unpaid);
    await expectKept(paid);
  });

  it('a disputed trade keeps them until the retention after the decision; an open dispute keeps them', async () => {
    const decidedLately = await recorded('refunded', daysAgo(RECORDING_RETENTION_DAYS + 50), {
      disputeDecided: daysAgo(RECORDING_RETENTION_DAYS - 10),
    });
    const decidedLongAgo = await recorded('completed', daysAgo(RECORDING_RETENTION_DAYS + 50), {
      disputeDecided: daysAgo(RECORDING_RETENTION_DAYS + 1),
    });
    const underDispute = await recorded('disputed', daysAgo(RECORDING_RETENTION_DAYS + 50), {
      disputeDecided: null,
    });
    await t.app.tradeRecordings.sweepExpired(new Date());
    await expectGone(decidedLongAgo);
    await expectKept(decidedLately, underDispute);
    const afterRetention = new Date(Date.now() + 11 * 24 * 60 * 60 * 1000);
    await t.app.tradeRecordings.sweepExpired(afterRetention);
    await expectGone(decidedLately);
    await expectKept(underDispute);
  });

  it("deleting a trade's recordings removes them whole", async () => {
    const { id, recordingId } = await recorded('completed', daysAgo(1));
    await t.app.tradeRecordings.deleteForTrade(id);
    expect(await recordingRow(recordingId)).toBeUndefined();
    expect(await filesOf(id)).toEqual([]);
  });

  it('the orphan sweep removes a chunk file no row names, and keeps the counted ones', async () => {
    const { id, buyer } = await trade();
    const recording = await start(id, buyer);
    await sendChunk(id, recording.id, 0, buyer.cookie, first);
    const stray = `recordings/${id}/${recording.id}/00001-deadbeef.webm`;
    await storage.put(stray, second, 'audio/webm');
    await sweepOrphanFiles(t.db, storage, new Date(Date.now() + 60_000));
    const files = await filesOf(id);
    expect(files).toHaveLength(1);
    expect(files).not.toContain(stray);
  });
});

// ── A socket in the trade's call, as the room's page opens it (tests/api/trade-call.test.ts does the same) ──

type Presence = Extract<RealtimeMessage, { type: 'presence' }>;
interface LiveSocket {
  ws: WebSocket;
  send(message: Record<string, unknown>): void;
  next(match: (message: RealtimeMessage) => boolean): Promise<RealtimeMessage>;
}

async function inCallOverWs(app: FastifyInstance, cookie: string, tradeId: number): Promise<LiveSocket> {
  const messages: RealtimeMessage[] = [];
  let read = 0;
  const waiters: { match: (m: RealtimeMessage) => boolean; resolve: (m: RealtimeMessage) => void }[] = [];
  const ws = await apiOf(() => ({ ...t, app }))
    .as(cookie)
    .socket('/ws', (socket: WebSocket) => {
      socket.on('message', (data) => {
        const message = JSON.parse(String(data)) as RealtimeMessage;
        messages.push(message);
        for (const waiter of [...waiters]) {
          if (!waiter.match(message)) continue;
          waiters.splice(waiters.indexOf(waiter), 1);
          read = messages.length;
          waiter.resolve(message);
        }
      });
    });
  // Each wait reads only what came after the message the previous wait returned: a presence from before the call
  // (everyone out of it) must not answer the wait for the leave.
  const next = (match: (m: RealtimeMessage) => boolean) => {
    const at = messages.findIndex((message, i) => i >= read && match(message));
    if (at >= 0) {
      read = at + 1;
      return Promise.resolve(messages[at] as RealtimeMessage);
    }
    return new Promise<RealtimeMessage>((resolve) => waiters.push({ match, resolve }));
  };
  const send = (message: Record<string, unknown>) => ws.send(JSON.stringify(message));
  send({ type: 'room-join', tradeId });
  const { you } = (await next((message) => message.type === 'presence')) as Presence;
  send({ type: 'call-join', tradeId });
  await next(
    (message) =>
      message.type === 'presence' && message.peers.some((peer) => peer.connectionId === you && peer.inCall),
  );
  return { ws, send, next };
}
