import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Recordings as the recorder sends them, for the tests of issue 25. WebM: four timeslices Chromium's MediaRecorder
 * produced (fake microphone, 'audio/webm;codecs=opus' at 128 kbps, 1-second timeslice, 3.5 s recorded; the later
 * ones start in the middle of a block). Ogg: an Opus stream built page by page (RFC 3533, RFC 7845), since
 * Chromium records no Ogg.
 */
export const chromiumWebmChunks: Buffer[] = [0, 1, 2, 3].map((i) =>
  readFileSync(path.resolve(`tests/fixtures/recordings/chromium-${i}.webm`)),
);

/** One Ogg page holding `packets` whole. */
export function oggPage({
  type = 0,
  granule,
  serial = 0x1234,
  seq,
  packets,
}: {
  type?: number;
  granule: bigint;
  serial?: number;
  seq: number;
  packets: Buffer[];
}): Buffer {
  const lacing: number[] = [];
  for (const packet of packets) {
    let left = packet.length;
    while (left >= 255) {
      lacing.push(255);
      left -= 255;
    }
    lacing.push(left);
  }
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'latin1');
  header[4] = 0;
  header[5] = type;
  header.writeBigUInt64LE(granule, 6);
  header.writeUInt32LE(serial, 14);
  header.writeUInt32LE(seq, 18);
  header.writeUInt32LE(0, 22);
  header[26] = lacing.length;
  return Buffer.concat([header, Buffer.from(lacing), ...packets]);
}

/**
 * An Ogg Opus stream of `seconds` seconds in chunks of one second each (the first also holds the two header
 * pages), with a pre-skip of 312 samples as libopus writes it.
 */
export function oggOpusChunks(seconds: number, { preSkip = 312 } = {}): Buffer[] {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'latin1');
  head[8] = 1;
  head[9] = 1;
  head.writeUInt16LE(preSkip, 10);
  head.writeUInt32LE(48_000, 12);
  const tags = Buffer.concat([Buffer.from('OpusTags', 'latin1'), Buffer.alloc(8)]);
  const chunks: Buffer[] = [];
  let seq = 0;
  const headers = [
    oggPage({ type: 2, granule: 0n, seq: seq++, packets: [head] }),
    oggPage({ granule: 0n, seq: seq++, packets: [tags] }),
  ];
  for (let s = 1; s <= seconds; s++) {
    // 50 packets of 20 ms per second, a second per page.
    const packets = Array.from({ length: 50 }, (_, i) => Buffer.alloc(80, (s * 50 + i) % 251));
    const page = oggPage({ granule: BigInt(s * 48_000 + preSkip), seq: seq++, packets });
    chunks.push(s === 1 ? Buffer.concat([...headers, page]) : page);
  }
  return chunks;
}

/** An EBML data size of 2 bytes (up to 16,382). */
const size2 = (n: number) => Buffer.from([0x40 | (n >> 8), n & 0xff]);

/**
 * A WebM Cluster (live, of unknown size, as Chromium writes them) at `startMs`, of exactly `bytes` bytes, whose
 * SimpleBlocks (track 1, 60 ms apart) carry filler: what a recorder sends after chromiumWebmChunks, whose last
 * chunk ends between two elements. `bytes` ≥ 25.
 */
export function webmCluster(startMs: number, bytes: number): Buffer {
  const timecode = Buffer.alloc(4);
  timecode.writeUInt32BE(startMs);
  const head = Buffer.concat([
    Buffer.from([0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    Buffer.from([0xe7, 0x84]),
    timecode,
  ]);
  const blockBytes = 1003;
  let left = bytes - head.length;
  const sizes: number[] = [];
  while (left > 0) {
    const next = left - blockBytes >= 7 || left === blockBytes ? blockBytes : left;
    sizes.push(next);
    left -= next;
  }
  if (sizes.some((s) => s < 7 || s > 16_385)) throw new Error(`webmCluster: ${bytes} bytes cannot be cut`);
  const blocks = sizes.map((elementBytes, i) => {
    const payload = Buffer.alloc(elementBytes - 3, 0x5a);
    payload[0] = 0x81; // track 1
    payload.writeInt16BE(i * 60, 1);
    payload[3] = 0x80; // keyframe
    return Buffer.concat([Buffer.from([0xa3]), size2(payload.length), payload]);
  });
  return Buffer.concat([head, ...blocks]);
}

/**
 * The first `n` chunks a recorder sends: Chromium's four, then one-second clusters of `clusterBytes` each.
 */
export function recorderChunks(n: number, clusterBytes = 2000): Buffer[] {
  const chunks = chromiumWebmChunks.slice(0, n);
  for (let i = chunks.length; i < n; i++) chunks.push(webmCluster(4000 + (i - 4) * 1000, clusterBytes));
  return chunks;
}

/**
 * The smallest WebM Opus recording the stream check takes (92 bytes): the EBML header, a live Segment, one Opus
 * track and two one-byte blocks, the second in a cluster stamped `lastMs` — a length only the timestamps claim.
 */
export function tinyWebm(lastMs: number): Buffer {
  const block = Buffer.from([0xa3, 0x85, 0x81, 0x00, 0x00, 0x80, 0xf8]);
  const liveCluster = Buffer.from([0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  const lastTimecode = Buffer.alloc(4);
  lastTimecode.writeUInt32BE(lastMs);
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84]),
    Buffer.from('webm', 'latin1'),
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    Buffer.from([0x16, 0x54, 0xae, 0x6b, 0x90, 0xae, 0x8e, 0xd7, 0x81, 0x01, 0x83, 0x81, 0x02, 0x86, 0x86]),
    Buffer.from('A_OPUS', 'latin1'),
    liveCluster,
    Buffer.from([0xe7, 0x81, 0x00]),
    block,
    liveCluster,
    Buffer.from([0xe7, 0x84]),
    lastTimecode,
    block,
  ]);
}
