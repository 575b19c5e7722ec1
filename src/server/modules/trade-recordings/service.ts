import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { tradeRoleOf } from '@shared/permissions';
import { tradeRecordingMessages as m } from '@shared/trade-recording-messages';
import {
  MAX_RECORDING_BYTES,
  MAX_RECORDING_CHUNKS,
  MAX_TRADE_RECORDING_BYTES,
  type RecordingChunkAck,
  type RecordingMimeType,
  recordingMimeOf,
  type TradeRecording,
  type TradeRecordingList,
} from '@shared/trade-recordings';
import { RECORDING_RETENTION_DAYS, RECORDING_UNPAID_CANCEL_RETENTION_HOURS } from '@shared/trade-rules';
import { isTradeOpen } from '@shared/trades';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/session';
import type { Db } from '../../db/client';
import { tradePresence, tradeRecordingChunks, tradeRecordings, trades } from '../../db/schema';
import { AppError } from '../../errors';
import type { Storage } from '../../storage/storage';
import { tradeSeenBy } from '../trades/access';
import { continueStream, playableMs, type StreamState } from './stream';

type TradeRow = typeof trades.$inferSelect;
type RecordingRow = typeof tradeRecordings.$inferSelect;

/** Where a recording's chunks live: a private folder that /media never serves (media/routes.ts publicFolders). */
const recordingFolder = (tradeId: number, recordingId: number) => `recordings/${tradeId}/${recordingId}/`;
const extensionOf: Record<RecordingMimeType, string> = { 'audio/webm': 'webm', 'audio/ogg': 'ogg' };
/** What `file-type` calls the recorder's first chunk in each format (WebM's EBML DocType; Ogg's OpusHead). */
const fileTypeOf: Record<RecordingMimeType, string> = { 'audio/webm': 'webm', 'audio/ogg': 'opus' };

/** The bytes of a recording to send: all of them, or one range of them (HTTP Range, one range only). */
export interface RecordingAudio {
  mimeType: RecordingMimeType;
  /** The whole recording's size. */
  total: number;
  /** The range sent, inclusive; null when the whole file goes. */
  range: { start: number; end: number } | null;
  body: Readable;
  /** Parties download their own trade's recordings; staff play them in the page. */
  attachment: string | null;
}

/**
 * Recordings of a trade room's voice call (decision 015). The designated recorder — the trade's intermediary, or
 * the buyer while there is none in the call — starts a recording, appends its chunks strictly in order (a replay
 * of a stored chunk is answered as before and stores nothing; a gap is refused) and ends it. Staff play every
 * recording; the buyer and the seller download their own trade's. Anyone else: the room's 404.
 *
 * Since issue 25 a recording is only what a recorder in a live call produces: the recorder must be in the trade's
 * call (its `trade_presence` row, which every process sees) to start and to send each chunk; each chunk must
 * continue the recording's WebM/Ogg Opus stream (stream.ts, its state kept in the row); and a chunk, a recording
 * and a trade's recordings are bounded by the recorder's real bit rate (@shared/trade-recordings).
 */
export function createTradeRecordingsService({
  db,
  storage,
  now = () => new Date(),
}: {
  db: Db;
  storage: Storage;
  now?: () => Date;
}) {
  /** The trade as `viewer` may see it (trades/access.ts); otherwise the trade room's own not-found answer. */
  const seeTrade = (viewer: Viewer, tradeId: number): Promise<TradeRow> => tradeSeenBy(db, viewer, tradeId);

  /** The role `viewer` records as, or a 403: only the intermediary (staff) or the buyer record. */
  function recorderRoleOf(viewer: Viewer, trade: TradeRow): 'comprador' | 'intermediador' {
    const role = tradeRoleOf(viewer, trade);
    if (role !== 'comprador' && role !== 'intermediador') throw new AppError('FORBIDDEN', m.notRecorder);
    return role;
  }

  async function recordingOf(tradeId: number, recordingId: number): Promise<RecordingRow> {
    const [row] = await db
      .select()
      .from(tradeRecordings)
      .where(and(eq(tradeRecordings.id, recordingId), eq(tradeRecordings.tradeId, tradeId)));
    if (!row) throw new AppError('NOT_FOUND', m.notFound);
    return row;
  }

  /** The recording `viewer` records into (their own), after the trade's and the recorder's checks. */
  async function ownRecording(viewer: Viewer, tradeId: number, recordingId: number) {
    const trade = await seeTrade(viewer, tradeId);
    recorderRoleOf(viewer, trade);
    const recording = await recordingOf(tradeId, recordingId);
    if (recording.recordedBy !== viewer.userId) throw new AppError('FORBIDDEN', m.notYourRecording);
    return recording;
  }

  /** Refuses unless `viewer` is in the trade's call now, on whichever process holds their socket. */
  async function ensureInCall(viewer: Viewer, tradeId: number): Promise<void> {
    const [present] = await db
      .select({ id: tradePresence.connectionId })
      .from(tradePresence)
      .where(
        and(
          eq(tradePresence.tradeId, tradeId),
          eq(tradePresence.userId, viewer.userId),
          eq(tradePresence.inCall, true),
          gt(tradePresence.expiresAt, new Date()),
        ),
      )
      .limit(1);
    if (!present) throw new AppError('CONFLICT', m.notInCall);
  }

  const ack = (row: { chunkCount: number; bytes: number }): RecordingChunkAck => ({
    chunkCount: row.chunkCount,
    bytes: row.bytes,
  });

  function viewOf(row: RecordingRow): TradeRecording {
    // What the stored audio plays (issue 25). A recording stored before the stream was measured (migration
    // 0030) keeps the old estimate, from its start to its last chunk or end.
    const last = row.endedAt ?? row.lastChunkAt ?? row.startedAt;
    const durationSeconds =
      row.streamState === null && row.chunkCount > 0
        ? Math.max(0, Math.round((last.getTime() - row.startedAt.getTime()) / 1000))
        : Math.round(row.durationMs / 1000);
    return {
      id: row.id,
      mimeType: row.mimeType,
      recorderRole: row.recorderRole,
      startedAt: row.startedAt.toISOString(),
      lastChunkAt: row.lastChunkAt?.toISOString() ?? null,
      endedAt: row.endedAt?.toISOString() ?? null,
      chunkCount: row.chunkCount,
      bytes: row.bytes,
      durationSeconds,
      url: `/api/trades/${row.tradeId}/recordings/${row.id}/audio`,
    };
  }

  /** Deletes recordings (rows first, then their folders; a crash in between leaves files the orphan sweep takes). */
  async function remove(rows: { id: number; tradeId: number }[]): Promise<void> {
    for (const row of rows) {
      await db.delete(tradeRecordings).where(eq(tradeRecordings.id, row.id));
      await storage.deletePrefix(recordingFolder(row.tradeId, row.id));
    }
  }

  return {
    /**
     * Starts a recording of the call in `mimeType`. The same recorder's earlier recordings of this trade still
     * open (a reloaded tab) are ended where their last chunk arrived.
     */
    async start(viewer: Viewer, tradeId: number, mimeType: RecordingMimeType): Promise<TradeRecording> {
      const trade = await seeTrade(viewer, tradeId);
      const recorderRole = recorderRoleOf(viewer, trade);
      if (!isTradeOpen(trade.state)) throw new AppError('CONFLICT', m.tradeFinished);
      await ensureInCall(viewer, tradeId);
      const at = now();
      return db.transaction(async (tx) => {
        await tx
          .update(tradeRecordings)
          .set({ endedAt: sql`coalesce(${tradeRecordings.lastChunkAt}, ${tradeRecordings.startedAt})` })
          .where(
            and(
              eq(tradeRecordings.tradeId, tradeId),
              eq(tradeRecordings.recordedBy, viewer.userId),
              isNull(tradeRecordings.endedAt),
            ),
          );
        const [row] = await tx
          .insert(tradeRecordings)
          .values({ tradeId, recordedBy: viewer.userId, recorderRole, mimeType, startedAt: at })
          .returning();
        return viewOf(row as RecordingRow);
      });
    },

    /**
     * Appends chunk `seq` (counted from 0). The chunk the recording expects is stored and counted in one step
     * guarded by the count it leaves; an earlier one (a retry whose answer was lost) is answered as it was and
     * stores nothing; a later one is refused. A refused chunk leaves no row and no file.
     */
    async appendChunk(
      viewer: Viewer,
      tradeId: number,
      recordingId: number,
      seq: number,
      contentType: string | undefined,
      body: unknown,
    ): Promise<RecordingChunkAck> {
      const recording = await ownRecording(viewer, tradeId, recordingId);
      if (recordingMimeOf(contentType) !== recording.mimeType || !Buffer.isBuffer(body)) {
        throw new AppError('VALIDATION', m.chunkType);
      }
      if (body.length === 0) throw new AppError('VALIDATION', m.chunkEmpty);
      if (seq < recording.chunkCount) return ack(recording);
      if (recording.endedAt) throw new AppError('CONFLICT', m.recordingEnded);
      if (seq >= MAX_RECORDING_CHUNKS) throw new AppError('VALIDATION', m.tooManyChunks);
      if (seq > recording.chunkCount) {
        throw new AppError('CONFLICT', m.chunkGap, { expected: String(recording.chunkCount) });
      }
      await ensureInCall(viewer, tradeId);
      if (recording.bytes + body.length > MAX_RECORDING_BYTES)
        throw new AppError('CONFLICT', m.recordingFull);
      // The bytes must be the recorder's stream: its container's header first, then its continuation.
      if (seq === 0 && (await sniffFileType(body))?.ext !== fileTypeOf[recording.mimeType]) {
        throw new AppError('VALIDATION', m.notAudio);
      }
      const stream = continueStream(recording.mimeType, recording.streamState as StreamState | null, body);
      if (!stream.ok) throw new AppError('VALIDATION', m.notAudio);

      // A unique key per attempt: two racing uploads of one chunk never write over the one that counted.
      const key = `${recordingFolder(tradeId, recordingId)}${String(seq).padStart(5, '0')}-${randomBytes(4).toString('hex')}.${extensionOf[recording.mimeType]}`;
      await storage.put(key, body, recording.mimeType);
      try {
        const at = now();
        const stored = await db.transaction(async (tx) => {
          // The trade's row serialises its recordings' chunks, so two recorders never pass the trade's cap together.
          await tx.select({ id: trades.id }).from(trades).where(eq(trades.id, tradeId)).for('update');
          const [held] = await tx
            .select({ bytes: sql<string>`coalesce(sum(${tradeRecordings.bytes}), 0)` })
            .from(tradeRecordings)
            .where(eq(tradeRecordings.tradeId, tradeId));
          if (Number(held?.bytes ?? 0) + body.length > MAX_TRADE_RECORDING_BYTES) return 'full' as const;
          const [row] = await tx
            .update(tradeRecordings)
            .set({
              chunkCount: seq + 1,
              bytes: sql`${tradeRecordings.bytes} + ${body.length}`,
              lastChunkAt: at,
              streamState: stream.state,
              durationMs: playableMs(
                stream.durationMs,
                recording.bytes + body.length,
                at.getTime() - recording.startedAt.getTime(),
              ),
            })
            .where(
              and(
                eq(tradeRecordings.id, recordingId),
                eq(tradeRecordings.chunkCount, seq),
                isNull(tradeRecordings.endedAt),
                sql`${tradeRecordings.bytes} + ${body.length} <= ${MAX_RECORDING_BYTES}`,
              ),
            )
            .returning();
          if (!row) return null;
          await tx.insert(tradeRecordingChunks).values({ recordingId, seq, key, bytes: body.length });
          return row;
        });
        if (stored === 'full') throw new AppError('CONFLICT', m.tradeFull);
        if (stored) return ack(stored);
      } catch (error) {
        await storage.delete([key]);
        throw error;
      }
      // Another upload of this chunk (or the end) got there first.
      await storage.delete([key]);
      const again = await recordingOf(tradeId, recordingId);
      if (seq < again.chunkCount) return ack(again);
      throw new AppError('CONFLICT', again.endedAt ? m.recordingEnded : m.chunkGap);
    },

    /** Ends the recording; ending it again changes nothing. A recording without any chunk is dropped. */
    async end(viewer: Viewer, tradeId: number, recordingId: number): Promise<RecordingChunkAck> {
      const recording = await ownRecording(viewer, tradeId, recordingId);
      if (recording.chunkCount === 0) {
        const [empty] = await db
          .delete(tradeRecordings)
          .where(and(eq(tradeRecordings.id, recordingId), eq(tradeRecordings.chunkCount, 0)))
          .returning({ id: tradeRecordings.id });
        if (empty) {
          await storage.deletePrefix(recordingFolder(tradeId, recordingId));
          return ack(recording);
        }
      }
      const [row] = await db
        .update(tradeRecordings)
        .set({ endedAt: now() })
        .where(and(eq(tradeRecordings.id, recordingId), isNull(tradeRecordings.endedAt)))
        .returning();
      return ack(row ?? (await recordingOf(tradeId, recordingId)));
    },

    /** The trade's recordings that hold audio, newest first, for its parties and staff. */
    async list(viewer: Viewer, tradeId: number): Promise<TradeRecordingList> {
      await seeTrade(viewer, tradeId);
      const rows = await db
        .select()
        .from(tradeRecordings)
        .where(and(eq(tradeRecordings.tradeId, tradeId), sql`${tradeRecordings.chunkCount} > 0`))
        .orderBy(sql`${tradeRecordings.id} desc`);
      return { recordings: rows.map(viewOf), canPlay: viewer.role !== null };
    },

    /**
     * The recording's audio: its chunks in order, which are one file (a MediaRecorder's timeslices continue one
     * another). `range` is an HTTP Range header; a range outside the file is refused with the file's size.
     */
    async audio(
      viewer: Viewer,
      tradeId: number,
      recordingId: number,
      rangeHeader?: string,
    ): Promise<RecordingAudio> {
      const trade = await seeTrade(viewer, tradeId);
      const recording = await recordingOf(tradeId, recordingId);
      if (recording.chunkCount === 0) throw new AppError('NOT_FOUND', m.notFound);
      const chunks = await db
        .select({ key: tradeRecordingChunks.key, bytes: tradeRecordingChunks.bytes })
        .from(tradeRecordingChunks)
        .where(eq(tradeRecordingChunks.recordingId, recordingId))
        .orderBy(asc(tradeRecordingChunks.seq));
      const total = chunks.reduce((sum, c) => sum + c.bytes, 0);
      const range = rangeHeader === undefined ? null : parseRange(rangeHeader, total);
      if (range === 'invalid') throw new RangeNotSatisfiable(total);
      const role = tradeRoleOf(viewer, trade);
      const isParty = role === 'comprador' || role === 'vendedor';
      return {
        mimeType: recording.mimeType,
        total,
        range,
        body: Readable.from(readChunks(storage, chunks, range ?? { start: 0, end: total - 1 })),
        attachment: isParty
          ? `gravacao-intermediacao-${tradeId}-${recordingId}.${extensionOf[recording.mimeType]}`
          : null,
      };
    },

    /**
     * Deletes the recordings whose retention ended by `at` (decision 015, issue 25), by how the trade ended:
     * - cancelled before anything was paid (and never disputed): `unpaidCancelHours` after the cancellation;
     * - disputed: `retentionDays` after the dispute's decision (or the trade's end, if later); an open dispute keeps
     *   them;
     * - otherwise `retentionDays` after the trade ended (completed, cancelled after payment, refunded).
     * A trade's end is its last change (`updated_at`). Safe in several processes at once: a recording already
     * deleted is simply not found again.
     */
    async sweepExpired(
      at: Date,
      {
        retentionDays = RECORDING_RETENTION_DAYS,
        unpaidCancelHours = RECORDING_UNPAID_CANCEL_RETENTION_HOURS,
      }: { retentionDays?: number; unpaidCancelHours?: number } = {},
    ): Promise<number> {
      const cutoff = new Date(at.getTime() - retentionDays * 24 * 60 * 60 * 1000).toISOString();
      const unpaidCutoff = new Date(at.getTime() - unpaidCancelHours * 60 * 60 * 1000).toISOString();
      const expired = await db
        .select({ id: tradeRecordings.id, tradeId: tradeRecordings.tradeId })
        .from(tradeRecordings)
        .innerJoin(trades, eq(trades.id, tradeRecordings.tradeId))
        .where(
          sql`(
            ${trades.state} = 'cancelled' and ${trades.paidAt} is null and ${trades.disputeOpenedAt} is null
            and ${trades.updatedAt} <= ${unpaidCutoff}
          ) or (
            ${trades.state} in ('completed', 'cancelled', 'refunded')
            and greatest(${trades.updatedAt}, coalesce(${trades.disputeDecidedAt}, ${trades.updatedAt})) <= ${cutoff}
          )`,
        )
        .limit(500);
      await remove(expired);
      return expired.length;
    },

    /** Deletes every recording of a trade, with its files (for when the trade's personal data goes). */
    async deleteForTrade(tradeId: number): Promise<void> {
      const rows = await db
        .select({ id: tradeRecordings.id, tradeId: tradeRecordings.tradeId })
        .from(tradeRecordings)
        .where(eq(tradeRecordings.tradeId, tradeId));
      await remove(rows);
      await storage.deletePrefix(`recordings/${tradeId}/`);
    },
  };
}

export type TradeRecordingsService = ReturnType<typeof createTradeRecordingsService>;

/** A Range the recording cannot satisfy: answered 416 with its size. */
export class RangeNotSatisfiable extends AppError {
  constructor(readonly total: number) {
    super('VALIDATION', m.rangeInvalid);
  }
}

/**
 * One `bytes=` range of a file of `total` bytes ('bytes=0-', 'bytes=100-199', 'bytes=-500'), clamped to the file;
 * 'invalid' for one that starts past its end, several ranges or anything else.
 */
export function parseRange(header: string, total: number): { start: number; end: number } | 'invalid' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || total === 0) return 'invalid';
    return { start: Math.max(0, total - suffix), end: total - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? total - 1 : Math.min(Number(match[2]), total - 1);
  if (start >= total || end < start) return 'invalid';
  return { start, end };
}

/** The bytes `start..end` (inclusive) of the chunks laid end to end, read one chunk at a time. */
async function* readChunks(
  storage: Storage,
  chunks: { key: string; bytes: number }[],
  { start, end }: { start: number; end: number },
): AsyncGenerator<Buffer> {
  let offset = 0;
  for (const chunk of chunks) {
    const from = offset;
    offset += chunk.bytes;
    if (offset <= start) continue;
    if (from > end) return;
    const file = await storage.get(chunk.key);
    if (!file) throw new Error(`Recording chunk missing: ${chunk.key}`);
    const parts: Buffer[] = [];
    for await (const part of file.body) parts.push(part as Buffer);
    const data = Buffer.concat(parts);
    yield data.subarray(Math.max(0, start - from), Math.min(chunk.bytes, end - from + 1));
  }
}

/** file-type loads at the first recording, not at start-up. */
async function sniffFileType(data: Buffer) {
  return (await import('file-type')).fileTypeFromBuffer(data);
}
