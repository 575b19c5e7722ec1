import { RECORDING_STALE_MS } from '@shared/trade-recordings';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { recordingKeys } from './api';
import { type CallRecorder, startCallRecorder } from './recorder';

/**
 * 'recording' only while the server acknowledged a chunk recently; 'starting' before the first one (or while
 * they stopped arriving), 'failed' when the server refused for good, 'idle' when not recording.
 */
export type CallRecordingStatus = 'idle' | 'starting' | 'recording' | 'failed';

/**
 * Records the call while `active` (the call is connected and this browser is the designated recorder: the
 * intermediary, or the buyer when no intermediary is in the call), mixing `streams` as they change.
 */
export function useCallRecording({
  tradeId,
  active,
  streams,
}: {
  tradeId: number;
  active: boolean;
  streams: MediaStream[];
}): { status: CallRecordingStatus } {
  const [lastAckAt, setLastAckAt] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const recorder = useRef<CallRecorder | null>(null);
  const queryClient = useQueryClient();
  const latestStreams = useRef(streams);
  latestStreams.current = streams;

  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    setFailed(false);
    setLastAckAt(null);
    // The room's list shows the recording once its first chunk is stored, and its length once it ends.
    const refreshList = () => queryClient.invalidateQueries({ queryKey: recordingKeys.list(tradeId) });
    const starting = startCallRecorder({
      tradeId,
      streams: latestStreams.current,
      onChunkStored: (ack) => {
        if (ack.chunkCount === 1) void refreshList();
        if (!cancelled) setLastAckAt(Date.now());
      },
      onFailure: () => {
        if (!cancelled) setFailed(true);
      },
    }).then(
      (started) => {
        if (cancelled) void started.stop();
        else {
          recorder.current = started;
          // Streams that changed while the recording was starting.
          started.setStreams(latestStreams.current);
        }
        return started;
      },
      () => {
        if (!cancelled) setFailed(true);
        return null;
      },
    );
    return () => {
      cancelled = true;
      recorder.current = null;
      setLastAckAt(null);
      void starting.then((started) => started?.stop()).then(refreshList);
    };
  }, [tradeId, active, queryClient]);

  useEffect(() => {
    recorder.current?.setStreams(streams);
  }, [streams]);

  // The indicator goes out by itself when acknowledgements stop coming.
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);

  return { status: recordingStatusOf({ active, failed, lastAckAt, now }) };
}

/** What the indicator says: 'recording' only while the last acknowledged chunk is fresh. */
export function recordingStatusOf({
  active,
  failed,
  lastAckAt,
  now,
}: {
  active: boolean;
  failed: boolean;
  lastAckAt: number | null;
  now: number;
}): CallRecordingStatus {
  if (!active) return 'idle';
  if (failed) return 'failed';
  if (lastAckAt !== null && now - lastAckAt < RECORDING_STALE_MS) return 'recording';
  return 'starting';
}
