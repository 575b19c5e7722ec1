import { recordingMimeTypes } from '@shared/trade-recordings';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt } from './columns';
import { trades } from './trades';

// The recorded voice call (issue 11, decision 015): one row per recording, its chunks in order.

/**
 * One recording of a trade room's voice call, by its designated recorder (the intermediary, else the buyer).
 * `chunk_count` is the next chunk expected: chunks arrive strictly in order, each guarded by this count.
 */
export const tradeRecordings = pgTable(
  'trade_recordings',
  {
    id: serial('id').primaryKey(),
    tradeId: integer('trade_id')
      .notNull()
      .references(() => trades.id, { onDelete: 'cascade' }),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recorderRole: text('recorder_role', { enum: ['comprador', 'intermediador'] }).notNull(),
    mimeType: text('mime_type', { enum: recordingMimeTypes }).notNull(),
    chunkCount: integer('chunk_count').notNull().default(0),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastChunkAt: timestamp('last_chunk_at', { withTimezone: true }),
    /** Null while recording, and for good when the tab closed before it could say so. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * Where the audio stream stood after the last stored chunk (modules/trade-recordings/stream.ts): the next
     * chunk must continue it. Null before the first chunk.
     */
    streamState: jsonb('stream_state'),
    /** How long the stored audio plays, from the blocks' own timestamps (what a lost last chunk held is not in it). */
    durationMs: integer('duration_ms').notNull().default(0),
  },
  (t) => [
    index('trade_recordings_trade_idx').on(t.tradeId, t.id),
    check('trade_recordings_chunk_count', sql`${t.chunkCount} >= 0`),
  ],
);

/** One timeslice of a recording, stored under `recordings/<trade>/<recording>/`; played back in `seq` order. */
export const tradeRecordingChunks = pgTable(
  'trade_recording_chunks',
  {
    recordingId: integer('recording_id')
      .notNull()
      .references(() => tradeRecordings.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    key: text('key').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.seq] })],
);
// ── Notifications: what the bell shows (offers and trades write them inside their own transactions) ──
