import { describe, expect, it } from 'vitest';
import {
  continueStream,
  playableMs,
  type StreamState,
} from '../../src/server/modules/trade-recordings/stream';
import { chromiumWebmChunks, oggOpusChunks, oggPage, tinyWebm } from '../helpers/recording-audio';

/** Feeds the chunks in order; the last result, or the index of the first refused chunk. */
function feed(mime: 'audio/webm' | 'audio/ogg', chunks: Buffer[]) {
  let state: StreamState | null = null;
  let durationMs = 0;
  for (const [index, chunk] of chunks.entries()) {
    const result = continueStream(mime, state, chunk);
    if (!result.ok) return { refusedAt: index };
    // The state travels through the database as JSON.
    state = JSON.parse(JSON.stringify(result.state)) as StreamState;
    durationMs = result.durationMs;
  }
  return { durationMs };
}

describe('the recording stream check (issue 25)', () => {
  it("takes Chromium's WebM timeslices in order and measures what they hold", () => {
    const { durationMs } = feed('audio/webm', chromiumWebmChunks);
    // 3.5 s were recorded (the last, partial timeslice included).
    expect(durationMs).toBeGreaterThan(3000);
    expect(durationMs).toBeLessThan(4000);
    // Without the last chunk, only what the first three hold.
    const three = feed('audio/webm', chromiumWebmChunks.slice(0, 3)).durationMs as number;
    expect(three).toBeGreaterThan(2500);
    expect(three).toBeLessThan(durationMs as number);
  });

  it('gives the same answer wherever the stream is cut', () => {
    const whole = Buffer.concat(chromiumWebmChunks);
    const expected = feed('audio/webm', chromiumWebmChunks).durationMs;
    for (const size of [1, 7, 100, 1000, 4096, whole.length]) {
      const cut: Buffer[] = [];
      // The first chunk holds at least the EBML header, as a recorder's does.
      cut.push(whole.subarray(0, 64 + size));
      for (let at = 64 + size; at < whole.length; at += size) cut.push(whole.subarray(at, at + size));
      expect(feed('audio/webm', cut), `cut every ${size} bytes`).toEqual({ durationMs: expected });
    }
  });

  it('refuses random bytes, HTML, a continuation as a start, and a stream that goes wrong later', () => {
    const random = Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919 + 13) % 256));
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    for (const mime of ['audio/webm', 'audio/ogg'] as const) {
      expect(feed(mime, [random])).toEqual({ refusedAt: 0 });
      expect(feed(mime, [html])).toEqual({ refusedAt: 0 });
    }
    expect(feed('audio/webm', [chromiumWebmChunks[1] as Buffer])).toEqual({ refusedAt: 0 });
    expect(feed('audio/ogg', [chromiumWebmChunks[0] as Buffer])).toEqual({ refusedAt: 0 });
    // A valid start followed by anything else: refused at the chunk that stops being the stream.
    const [first, second] = chromiumWebmChunks as [Buffer, Buffer];
    const wrecked = Buffer.from(second);
    wrecked.fill(0x41, 700); // after the block it finishes, bytes that are no element
    expect(feed('audio/webm', [first, wrecked])).toEqual({ refusedAt: 1 });
    expect(feed('audio/webm', [first, random])).toEqual({ refusedAt: 1 });
    expect(feed('audio/webm', [first, html])).toEqual({ refusedAt: 1 });
    // A second start in the middle of the stream.
    expect(feed('audio/webm', [first, first])).toEqual({ refusedAt: 1 });
  });

  it('takes an Ogg Opus stream and refuses a page out of sequence or of another stream', () => {
    const chunks = oggOpusChunks(3);
    expect(feed('audio/ogg', chunks)).toEqual({ durationMs: 3000 });
    expect(feed('audio/ogg', [chunks[0] as Buffer, chunks[2] as Buffer])).toEqual({ refusedAt: 1 });
    const foreign = Buffer.from(chunks[1] as Buffer);
    foreign.writeUInt32LE(999, 14);
    expect(feed('audio/ogg', [chunks[0] as Buffer, foreign])).toEqual({ refusedAt: 1 });
    // Split anywhere, the same.
    const whole = Buffer.concat(chunks);
    const cut = [whole.subarray(0, 200)];
    for (let at = 200; at < whole.length; at += 333) cut.push(whole.subarray(at, at + 333));
    expect(feed('audio/ogg', cut)).toEqual({ durationMs: 3000 });
  });

  it('refuses timestamps that claim more than a day, whichever the container', () => {
    const tiny = tinyWebm(2_000_000_000);
    expect(tiny.length).toBe(92);
    expect(feed('audio/webm', [tiny])).toEqual({ refusedAt: 0 });
    expect(feed('audio/webm', [tinyWebm(4_000_000_000)])).toEqual({ refusedAt: 0 });
    // Within a day the timestamps are measured (and bounded by playableMs).
    expect(feed('audio/webm', [tinyWebm(10 * 3600 * 1000)])).toEqual({ durationMs: 10 * 3600 * 1000 });
    const [start] = oggOpusChunks(1) as [Buffer];
    const far = oggPage({ granule: BigInt(Number.MAX_SAFE_INTEGER), seq: 3, packets: [Buffer.alloc(3, 1)] });
    expect(feed('audio/ogg', [start, far])).toEqual({ refusedAt: 1 });
  });

  it("lists no more than a recording's bytes can hold, nor than the time since it started", () => {
    // The 92 bytes claiming ten hours: at most 60 ms a byte (5.5 s), and never more than the call lasted.
    expect(playableMs(10 * 3600 * 1000, 92, 60_000)).toBe(5520);
    expect(playableMs(10 * 3600 * 1000, 92, 3000)).toBe(3000);
    // A real recording keeps what it plays.
    const { durationMs } = feed('audio/webm', chromiumWebmChunks) as { durationMs: number };
    const bytes = chromiumWebmChunks.reduce((sum, chunk) => sum + chunk.length, 0);
    expect(playableMs(durationMs, bytes, 4000)).toBe(durationMs);
    expect(playableMs(-5, 10, 10)).toBe(0);
  });
});
