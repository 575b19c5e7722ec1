import type { RecordingMimeType } from '@shared/trade-recordings';

/**
 * Checks that a recording's chunks are the one audio stream the recorder produces, chunk after chunk, and
 * measures how much of it plays (issue 25).
 *
 * Why a walker of our own: a MediaRecorder's timeslices are slices of ONE byte stream, cut anywhere — Chromium's
 * second chunk starts in the middle of a SimpleBlock's payload (tests/fixtures/recordings/). A chunk after the
 * first can only be judged by where the stream stood when the previous chunk ended, and chunks of one recording
 * may reach different server processes. So the walker's whole state (a few numbers and at most a few KB of
 * unfinished element header) is kept in the recording's row (`stream_state`) and handed to the next chunk.
 * The EBML/Matroska parsers on npm (ebml 3.0, ebml-stream) keep their state in a process's memory and are not
 * maintained; `file-type` (already used for images) confirms the first chunk's container beside this.
 *
 * The rule, for `audio/webm` (Matroska's WebM profile, https://www.matroska.org/technical/elements.html):
 * - the first chunk starts with an EBML header whose DocType is 'webm', then the Segment; inside it Info,
 *   Tracks (every track audio, codec A_OPUS) and only then Clusters;
 * - every element after that, in any chunk, must be one a WebM audio recording holds (Cluster, its Timecode,
 *   SimpleBlock/BlockGroup/Block and their small children, Cues, Tags, SeekHead, Void, CRC-32), with a size
 *   within bounds (a block is at most 64 KB: an Opus packet is under 8 KB); an element may straddle chunks;
 * - each block belongs to a declared track and has a Cluster timecode before it.
 * For `audio/ogg` (RFC 3533 pages, RFC 7845 Opus mapping): the first chunk starts with the first page of the
 * stream (BOS flag) whose packet is 'OpusHead'; every later page, in any chunk, starts 'OggS', version 0, the same
 * serial number and the next page sequence number.
 * Random bytes, HTML, an image, a video track or a second stream fail within the first few bytes; what a block's
 * payload holds is not decoded (bounded by the size caps instead).
 *
 * The duration is that of the blocks stored: from the first block's timestamp to the last one's (WebM), or the
 * last page's granule position less the pre-skip at 48 kHz (Ogg) — to within one packet (60 ms in Chromium).
 * Timestamps are the sender's word: a stream claiming more than a day is refused, and what a recording lists is
 * further bounded by its bytes and the server's clock (`playableMs`).
 */

/** What is carried from one chunk to the next, stored as JSON in the recording's row. */
export type StreamState = WebmState | OggState;

interface WebmState {
  kind: 'webm';
  /** Bytes of an element whose header (or whole body, for a header element) is not complete yet, base64. */
  carry: string;
  /** Payload bytes of the current element still to pass over. */
  skip: number;
  inSegment: boolean;
  inCluster: boolean;
  /** The audio tracks' numbers, once Tracks was read. */
  tracks: number[];
  /** Nanoseconds per timecode unit (Info's TimecodeScale; 1 ms by default). */
  scaleNs: number;
  clusterTimecode: number | null;
  firstMs: number | null;
  lastMs: number | null;
}

interface OggState {
  kind: 'ogg';
  carry: string;
  skip: number;
  serial: number;
  nextPageSeq: number;
  preSkip: number;
  lastGranule: number | null;
}

export type StreamResult = { ok: true; state: StreamState; durationMs: number } | { ok: false };

/** No recording (two hours at most) stamps a day: timestamps past it are no recorder's. */
const MAX_STREAM_MS = 24 * 60 * 60 * 1000;
/**
 * The most audio one byte of either container can carry: an Opus packet plays at most 120 ms and takes at least a
 * byte, plus at least a byte of framing (a lace size in a WebM block or an Ogg page's segment table).
 */
const MAX_MS_PER_BYTE = 60;

/**
 * What a recording plays, as listed: what its timestamps say, but never more than its `bytes` can hold, nor more
 * than the `elapsedMs` since it started on the server's clock (the recorder starts after the server does).
 */
export function playableMs(streamMs: number, bytes: number, elapsedMs: number): number {
  return Math.round(Math.max(0, Math.min(streamMs, bytes * MAX_MS_PER_BYTE, elapsedMs)));
}

/** An element (with its header) read whole or carried: header elements are small; more is not a recording. */
const MAX_CARRY_BYTES = 16 * 1024;
/** The largest element passed over: a block (an Opus packet is < 8 KB), Cues, Tags, Void. */
const MAX_SKIPPED_BYTES = 64 * 1024;

class Invalid extends Error {}
const fail = (): never => {
  throw new Invalid();
};

/**
 * Continues the stream of a recording with its next chunk: the new state and the playable duration so far, or
 * `ok: false` when the chunk is not what the recorder produces at this point of the stream.
 */
export function continueStream(
  mimeType: RecordingMimeType,
  state: StreamState | null,
  chunk: Buffer,
): StreamResult {
  try {
    if (mimeType === 'audio/webm') {
      if (state && state.kind !== 'webm') return { ok: false };
      const next = walkWebm(state, chunk);
      const durationMs = next.firstMs === null || next.lastMs === null ? 0 : next.lastMs - next.firstMs;
      return { ok: true, state: next, durationMs: sane(durationMs) };
    }
    if (state && state.kind !== 'ogg') return { ok: false };
    const next = walkOgg(state, chunk);
    const durationMs = next.lastGranule === null ? 0 : ((next.lastGranule - next.preSkip) * 1000) / 48_000;
    return { ok: true, state: next, durationMs: sane(durationMs) };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false };
    throw error;
  }
}

/** A duration the timestamps claim, refused past a day. */
function sane(durationMs: number): number {
  if (!Number.isFinite(durationMs) || durationMs > MAX_STREAM_MS) fail();
  return Math.max(0, Math.round(durationMs));
}

// ── EBML ──

/** An element id (its marker bits kept, as the specification writes ids) and its length, or null if cut. */
function readId(buf: Buffer, pos: number): { id: number; length: number } | null {
  if (pos >= buf.length) return null;
  const first = buf[pos] as number;
  const length = first >= 0x80 ? 1 : first >= 0x40 ? 2 : first >= 0x20 ? 3 : first >= 0x10 ? 4 : fail();
  if (pos + length > buf.length) return null;
  let id = 0;
  for (let i = 0; i < length; i++) id = id * 256 + (buf[pos + i] as number);
  return { id, length };
}

/** A data size (a VINT); `unknown` for the reserved all-ones value (a live stream's Segment and Cluster). */
function readSize(buf: Buffer, pos: number): { size: number; unknown: boolean; length: number } | null {
  if (pos >= buf.length) return null;
  const first = buf[pos] as number;
  if (first === 0) fail();
  const length = Math.clz32(first) - 23;
  if (pos + length > buf.length) return null;
  let size = first & (0xff >> length);
  let allOnes = size === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[pos + i] as number;
    size = size * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  if (!allOnes && size > Number.MAX_SAFE_INTEGER) fail();
  return { size, unknown: allOnes, length };
}

function readUint(buf: Buffer, start: number, end: number): number {
  if (end - start > 7) fail();
  let value = 0;
  for (let i = start; i < end; i++) value = value * 256 + (buf[i] as number);
  return value;
}

/** The children of a master element read whole, each with its payload's bounds. */
function* childrenOf(buf: Buffer, start: number, end: number) {
  let pos = start;
  while (pos < end) {
    const id = readId(buf, pos) ?? fail();
    const size = readSize(buf, pos + id.length) ?? fail();
    const dataStart = pos + id.length + size.length;
    if (size.unknown || dataStart + size.size > end) fail();
    yield { id: id.id, start: dataStart, end: dataStart + size.size };
    pos = dataStart + size.size;
  }
}

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_NUMBER = 0xd7;
const TRACK_TYPE = 0x83;
const CODEC_ID = 0x86;
const CLUSTER = 0x1f43b675;
const TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;

/** Elements passed over without reading: top-level metadata, and a block group's or cluster's small children. */
const SKIPPED = new Set([
  0x114d9b74, // SeekHead
  0x1c53bb6b, // Cues
  0x1254c367, // Tags
  0xec, // Void
  0xbf, // CRC-32
  0x9b, // BlockDuration
  0xfb, // ReferenceBlock
  0x75a2, // DiscardPadding (Opus's end trimming)
  0xa7, // Position
  0xab, // PrevSize
]);

function walkWebm(previous: WebmState | null, chunk: Buffer): WebmState {
  const state: WebmState = previous
    ? { ...previous, tracks: [...previous.tracks] }
    : {
        kind: 'webm',
        carry: '',
        skip: 0,
        inSegment: false,
        inCluster: false,
        tracks: [],
        scaleNs: 1_000_000,
        clusterTimecode: null,
        firstMs: null,
        lastMs: null,
      };
  const buf = state.carry ? Buffer.concat([Buffer.from(state.carry, 'base64'), chunk]) : chunk;
  state.carry = '';
  let pos = Math.min(state.skip, buf.length);
  state.skip -= pos;
  let sawHeader = previous !== null;

  while (pos < buf.length) {
    const start = pos;
    const id = readId(buf, pos);
    const size = id && readSize(buf, pos + id.length);
    if (!id || !size) {
      // The element's header goes on in the next chunk.
      if (buf.length - start > MAX_CARRY_BYTES) fail();
      state.carry = buf.subarray(start).toString('base64');
      break;
    }
    if (!sawHeader && id.id !== EBML) fail();
    const dataStart = pos + id.length + size.length;
    /** The whole element, or null when it goes on in the next chunk (carried). */
    const whole = () => {
      if (size.unknown || size.size > MAX_CARRY_BYTES) fail();
      if (dataStart + size.size <= buf.length) return { start: dataStart, end: dataStart + size.size };
      state.carry = buf.subarray(start).toString('base64');
      return null;
    };

    if (id.id === EBML) {
      if (sawHeader) fail();
      const body = whole();
      if (!body) break;
      let docType = '';
      for (const child of childrenOf(buf, body.start, body.end)) {
        if (child.id === DOC_TYPE)
          docType = buf.toString('latin1', child.start, child.end).replace(/\0+$/, '');
      }
      if (docType !== 'webm') fail();
      sawHeader = true;
      pos = body.end;
    } else if (id.id === SEGMENT) {
      if (state.inSegment) fail();
      state.inSegment = true;
      pos = dataStart;
    } else if (!state.inSegment) {
      fail();
    } else if (id.id === INFO) {
      const body = whole();
      if (!body) break;
      for (const child of childrenOf(buf, body.start, body.end)) {
        if (child.id === TIMECODE_SCALE) state.scaleNs = readUint(buf, child.start, child.end);
      }
      if (state.scaleNs <= 0) fail();
      pos = body.end;
    } else if (id.id === TRACKS) {
      if (state.tracks.length > 0) fail();
      const body = whole();
      if (!body) break;
      for (const entry of childrenOf(buf, body.start, body.end)) {
        if (entry.id !== TRACK_ENTRY) continue;
        let number = 0;
        let type = 0;
        let codec = '';
        for (const field of childrenOf(buf, entry.start, entry.end)) {
          if (field.id === TRACK_NUMBER) number = readUint(buf, field.start, field.end);
          else if (field.id === TRACK_TYPE) type = readUint(buf, field.start, field.end);
          else if (field.id === CODEC_ID)
            codec = buf.toString('latin1', field.start, field.end).replace(/\0+$/, '');
        }
        // Audio (type 2) in Opus, as the recorder asks: no video, no other codec.
        if (number <= 0 || type !== 2 || codec !== 'A_OPUS') fail();
        state.tracks.push(number);
      }
      if (state.tracks.length === 0) fail();
      pos = body.end;
    } else if (id.id === CLUSTER) {
      if (state.tracks.length === 0) fail();
      state.inCluster = true;
      state.clusterTimecode = null;
      pos = dataStart;
    } else if (id.id === TIMECODE) {
      if (!state.inCluster) fail();
      const body = whole();
      if (!body) break;
      state.clusterTimecode = readUint(buf, body.start, body.end);
      pos = body.end;
    } else if (id.id === BLOCK_GROUP) {
      if (!state.inCluster) fail();
      pos = dataStart;
    } else if (id.id === SIMPLE_BLOCK || id.id === BLOCK) {
      if (state.clusterTimecode === null || size.unknown || size.size < 4 || size.size > MAX_SKIPPED_BYTES) {
        fail();
      }
      // The block's own header: its track (a VINT), a signed 16-bit timecode relative to the cluster's, flags.
      const track = readSize(buf, dataStart);
      if (!track || dataStart + track.length + 3 > buf.length) {
        if (buf.length - start > MAX_CARRY_BYTES) fail();
        state.carry = buf.subarray(start).toString('base64');
        break;
      }
      if (track.unknown || !state.tracks.includes(track.size) || track.length + 3 > size.size) fail();
      const relative = buf.readInt16BE(dataStart + track.length);
      const ms = ((state.clusterTimecode as number) + relative) * (state.scaleNs / 1_000_000);
      state.firstMs ??= ms;
      state.lastMs = Math.max(state.lastMs ?? ms, ms);
      const available = Math.min(size.size, buf.length - dataStart);
      state.skip = size.size - available;
      pos = dataStart + available;
    } else if (SKIPPED.has(id.id)) {
      if (size.unknown || size.size > MAX_SKIPPED_BYTES) fail();
      const available = Math.min(size.size, buf.length - dataStart);
      state.skip = size.size - available;
      pos = dataStart + available;
    } else {
      fail();
    }
  }
  // The first chunk must at least hold the EBML header.
  if (!sawHeader) fail();
  return state;
}

// ── Ogg ──

const OGG_HEADER_BYTES = 27;
/** A granule position of all ones: no packet ends on this page. */
const NO_GRANULE = 0xffffffffffffffffn;

function walkOgg(previous: OggState | null, chunk: Buffer): OggState {
  const state: OggState = previous
    ? { ...previous }
    : { kind: 'ogg', carry: '', skip: 0, serial: -1, nextPageSeq: 0, preSkip: 0, lastGranule: null };
  const buf = state.carry ? Buffer.concat([Buffer.from(state.carry, 'base64'), chunk]) : chunk;
  state.carry = '';
  let pos = Math.min(state.skip, buf.length);
  state.skip -= pos;

  while (pos < buf.length) {
    const start = pos;
    const carry = () => {
      if (buf.length - start > MAX_CARRY_BYTES) fail();
      state.carry = buf.subarray(start).toString('base64');
    };
    if (buf.length - start < OGG_HEADER_BYTES) {
      // Whatever of the page header there is must already read as one.
      if (
        !Buffer.from('OggS')
          .subarray(0, buf.length - start)
          .equals(buf.subarray(start, start + 4))
      )
        fail();
      carry();
      break;
    }
    if (buf.toString('latin1', start, start + 4) !== 'OggS' || buf[start + 4] !== 0) fail();
    const type = buf[start + 5] as number;
    const granule = buf.readBigUInt64LE(start + 6);
    const serial = buf.readUInt32LE(start + 14);
    const pageSeq = buf.readUInt32LE(start + 18);
    const segments = buf[start + 26] as number;
    if (buf.length < start + OGG_HEADER_BYTES + segments) {
      carry();
      break;
    }
    let bodyBytes = 0;
    for (let i = 0; i < segments; i++) bodyBytes += buf[start + OGG_HEADER_BYTES + i] as number;
    const bodyStart = start + OGG_HEADER_BYTES + segments;
    const first = state.serial === -1;
    if (first) {
      // The stream's first page: beginning of stream, and its one packet is the Opus identification header.
      if (!(type & 0x02)) fail();
      if (bodyStart + bodyBytes > buf.length) {
        carry();
        break;
      }
      if (bodyBytes < 19 || buf.toString('latin1', bodyStart, bodyStart + 8) !== 'OpusHead') fail();
      state.preSkip = buf.readUInt16LE(bodyStart + 10);
      state.serial = serial;
    } else if (type & 0x02 || serial !== state.serial || pageSeq !== state.nextPageSeq) {
      fail();
    }
    state.nextPageSeq = pageSeq + 1;
    if (!first && granule !== NO_GRANULE) {
      if (granule > BigInt(Number.MAX_SAFE_INTEGER)) fail();
      state.lastGranule = Number(granule);
    }
    const available = Math.min(bodyBytes, buf.length - bodyStart);
    state.skip = bodyBytes - available;
    pos = bodyStart + available;
  }
  if (previous === null && state.serial === -1) fail();
  return state;
}
