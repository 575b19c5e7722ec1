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
