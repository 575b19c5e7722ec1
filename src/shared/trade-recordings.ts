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
/** One chunk's limit: 3 s of Opus is about 50 KB; a generous margin for slower uploads and richer codecs. */
export const MAX_RECORDING_CHUNK_BYTES = 1024 * 1024;
/** Six hours of 3-second chunks: a call longer than that starts a new recording. */
export const MAX_RECORDING_CHUNKS = 7200;

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
  /** From the start to the last chunk that arrived (or the end), in whole seconds. */
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
