import { RECORDING_STALE_MS, recordingMimeOf } from '@shared/trade-recordings';
import { describe, expect, it } from 'vitest';
import { parseRange } from '../../src/server/modules/trade-recordings/service';
import { formatRecordingDuration } from '../../src/web/features/trade-recording/recording-time';
import { recordingStatusOf } from '../../src/web/features/trade-recording/useCallRecording';

describe('parseRange', () => {
  it('reads one bytes= range, clamped to the file', () => {
    expect(parseRange('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-30', 100)).toEqual({ start: 70, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('refuses what the file cannot satisfy and what it does not read', () => {
    for (const header of [
      'bytes=100-',
      'bytes=50-10',
      'bytes=-0',
      'bytes=-',
      'bytes=0-1,5-9',
      'items=0-1',
      'x',
    ]) {
      expect(parseRange(header, 100), header).toBe('invalid');
    }
  });
});

describe('recordingMimeOf', () => {
  it('takes the media type of WebM and Ogg, whatever the codecs, and nothing else', () => {
    expect(recordingMimeOf('audio/webm;codecs=opus')).toBe('audio/webm');
    expect(recordingMimeOf(' Audio/Ogg ; codecs=opus')).toBe('audio/ogg');
    expect(recordingMimeOf('video/webm')).toBeNull();
    expect(recordingMimeOf(undefined)).toBeNull();
  });
});

describe('the recording indicator', () => {
  const now = 1_000_000;
  it("says 'recording' only while the last acknowledged chunk is fresh", () => {
    expect(recordingStatusOf({ active: false, failed: false, lastAckAt: now, now })).toBe('idle');
    expect(recordingStatusOf({ active: true, failed: false, lastAckAt: null, now })).toBe('starting');
    expect(recordingStatusOf({ active: true, failed: false, lastAckAt: now - 1000, now })).toBe('recording');
    expect(recordingStatusOf({ active: true, failed: false, lastAckAt: now - RECORDING_STALE_MS, now })).toBe(
      'starting',
    );
    expect(recordingStatusOf({ active: true, failed: true, lastAckAt: now, now })).toBe('failed');
  });
});

describe('formatRecordingDuration', () => {
  it('writes minutes and seconds, and hours past one', () => {
    expect(formatRecordingDuration(4)).toBe('0:04');
    expect(formatRecordingDuration(65)).toBe('1:05');
    expect(formatRecordingDuration(3723)).toBe('1:02:03');
  });
});
