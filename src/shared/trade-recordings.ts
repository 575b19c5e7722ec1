import { z } from 'zod';
import { id } from './api';
import { tradeRecordingMessages as m } from './trade-recording-messages';

/**
 * The recorded voice call of a trade room (issue 11, docs/decisions/015-call-recordings.md): the recorder's
 * browser mixes the call into one MediaRecorder and uploads its timeslices in order; the server concatenates
 * them back into one playable file.
 */
export const recordingMimeTypes = ['audio/webm', 'audio/ogg'] as const;
export type RecordingMimeType = (typeof recordingMimeTypes)[number];

/** How often the recorder hands over a chunk (MediaRecorder's timeslice). */
export const RECORDING_TIMESLICE_MS = 3000;
/** An acknowledgement older than two timeslices and a margin means chunks are not arriving. */
export const RECORDING_STALE_MS = RECORDING_TIMESLICE_MS * 2 + 2000;

/*
 * The limits below follow from what the recorder really sends (issue 25). The recorder asks MediaRecorder for
 * Opus at RECORDING_AUDIO_BITS_PER_SECOND (Chromium's own default, measured: 16.4 KB per second of the fake
 * microphone, tests/fixtures/recordings/), so a 3-second timeslice is about 48 KB ("about 50 KB every 3 s"),
 * and a recorder in a call sends one chunk per timeslice.
 */
/** The bit rate the recorder asks for (audioBitsPerSecond); Opus VBR stays near it, the container adds ~2 %. */
export const RECORDING_AUDIO_BITS_PER_SECOND = 128_000;
/** Bytes of one timeslice at that rate: 48,000. */
export const RECORDING_BYTES_PER_TIMESLICE =
  (RECORDING_AUDIO_BITS_PER_SECOND / 8) * (RECORDING_TIMESLICE_MS / 1000);
/**
 * One chunk's limit: four timeslices' worth (192,000 bytes). Headroom for Opus VBR peaks, the headers in the
 * first chunk, and a timeslice the browser hands over late (a busy tab).
 */
export const MAX_RECORDING_CHUNK_BYTES = RECORDING_BYTES_PER_TIMESLICE * 4;
/** Two hours of 3-second chunks: a longer call starts a new recording. */
export const MAX_RECORDING_CHUNKS = 2400;
/** Headroom over the nominal rate for a recording's and a trade's totals (VBR, container, retried starts). */
const TOTAL_HEADROOM = 1.5;
/** One recording's limit: two hours at the recorder's rate, with headroom (172.8 MB). */
export const MAX_RECORDING_BYTES = MAX_RECORDING_CHUNKS * RECORDING_BYTES_PER_TIMESLICE * TOTAL_HEADROOM;
/**
 * All the recordings of one trade together: six hours of call at the recorder's rate, with headroom (518.4 MB).
 * A trade's call rarely lasts an hour; reloaded tabs and a second recorder (the intermediary) fit well within.
 */
export const MAX_TRADE_RECORDING_BYTES = 3 * MAX_RECORDING_BYTES;
/**
 * Chunks one member may send per rate-limit window (RATE_LIMIT_WINDOW_SECONDS): one per timeslice, 50 % more for
 * retries after a lost connection and the overlap of a reloaded tab's two recordings (300 per 10 minutes).
 */
export function recordingChunksPerWindow(windowSeconds: number): number {
  return Math.ceil(((windowSeconds * 1000) / RECORDING_TIMESLICE_MS) * 1.5);
}

/** The media type of a Content-Type header ('audio/webm;codecs=opus' → 'audio/webm'), or null. */
export function recordingMimeOf(contentType: string | undefined): RecordingMimeType | null {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return recordingMimeTypes.find((t) => t === type) ?? null;
}

export const startRecordingInput = z.object({
  mimeType: z.string().transform((value, ctx) => {
    const type = recordingMimeOf(value);
    if (!type) ctx.addIssue({ code: 'custom', message: m.chunkType });
    return type as RecordingMimeType;
  }),
});

export const recordingParams = z.object({ id, recordingId: id });
export const recordingChunkParams = z.object({
  id,
  recordingId: id,
  seq: z.coerce
    .number({ message: m.chunkGap })
    .int({ message: m.chunkGap })
    .min(0, { message: m.chunkGap })
    .max(MAX_RECORDING_CHUNKS - 1, { message: m.tooManyChunks }),
});

export const tradeRecording = z.object({
  id: z.number().int(),
  mimeType: z.enum(recordingMimeTypes),
  /** Who recorded, by their role in the trade. */
  recorderRole: z.enum(['comprador', 'intermediador']),
  startedAt: z.string(),
  lastChunkAt: z.string().nullable(),
  /** Null while the call goes on, and for good when the recorder's tab closed before saying so. */
  endedAt: z.string().nullable(),
  chunkCount: z.number().int(),
  bytes: z.number().int(),
  /**
   * How long the stored audio plays, in whole seconds, from the audio's own timestamps: a last chunk lost with a
   * closed tab is not counted.
   */
  durationSeconds: z.number().int(),
  /** The audio, to play (staff) or to download (the parties: an attachment). */
  url: z.string(),
});
export type TradeRecording = z.infer<typeof tradeRecording>;

export const tradeRecordingList = z.object({
  recordings: z.array(tradeRecording),
  /** Staff play in the room; the parties download their own. */
  canPlay: z.boolean(),
});
export type TradeRecordingList = z.infer<typeof tradeRecordingList>;

/** What a chunk's upload answers: how many chunks the recording holds now (the next to send). */
export const recordingChunkAck = z.object({ chunkCount: z.number().int(), bytes: z.number().int() });
export type RecordingChunkAck = z.infer<typeof recordingChunkAck>;
