import {
  RECORDING_AUDIO_BITS_PER_SECOND,
  RECORDING_TIMESLICE_MS,
  type RecordingChunkAck,
} from '@shared/trade-recordings';

/**
 * Records a trade room's voice call (decision 015): every stream of the call (the local microphone and each
 * remote peer, added and removed as people come and go) is mixed by an AudioContext into one
 * MediaStreamAudioDestinationNode, which one MediaRecorder records in timeslices. Each chunk goes to the server
 * in order, one at a time, retried until it is acknowledged; the server's acknowledgements are what the
 * indicator shows. A closed tab keeps every chunk that arrived. The server takes chunks only while this browser
 * is in the trade's call, and only the Opus stream MediaRecorder makes (WebM or Ogg), continued chunk by chunk.
 */
export interface CallRecorder {
  /** The streams to mix now: those new are connected, those gone are disconnected. */
  setStreams(streams: MediaStream[]): void;
  /** Stops recording, sends what is left and ends the recording on the server. */
  stop(): Promise<void>;
}

export interface CallRecorderOptions {
  tradeId: number;
  streams: MediaStream[];
  /** Each chunk the server stored (its answer: how many chunks the recording holds). */
  onChunkStored?: (ack: RecordingChunkAck) => void;
  /** The recording could not start or a chunk was refused for good: recording stopped. */
  onFailure?: (error: unknown) => void;
  timesliceMs?: number;
}

/** Opus in WebM (Chromium, Firefox), else Opus in Ogg, else what the browser records by default. */
export function pickRecordingMimeType(): string {
  for (const type of ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/webm']) {
    if (typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(type)) return type;
  }
  return 'audio/webm';
}

/** Waits before the next try of a chunk: 0.5 s doubling to 8 s. */
const retryDelayMs = (attempt: number) => Math.min(8000, 500 * 2 ** attempt);
/** Tries per chunk before the recorder gives up (about a minute of a lost connection). */
const MAX_ATTEMPTS = 10;

class ChunkRefused extends Error {
  constructor(readonly status: number) {
    super(`Chunk refused: ${status}`);
  }
}

/** Starts recording the call; rejects when the server refuses the recording or the browser cannot record. */
export async function startCallRecorder({
  tradeId,
  streams,
  onChunkStored,
  onFailure,
  timesliceMs = RECORDING_TIMESLICE_MS,
}: CallRecorderOptions): Promise<CallRecorder> {
  const mimeType = pickRecordingMimeType();
  const base = `/api/trades/${tradeId}/recordings`;
  const started = await fetch(base, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ mimeType }),
  });
  if (!started.ok) throw new ChunkRefused(started.status);
  const { id: recordingId } = (await started.json()) as { id: number };
  const recordingUrl = `${base}/${recordingId}`;

  const context = new AudioContext();
  // A call is joined by a click, so the context may run; resume() covers a context created suspended.
  await context.resume().catch(() => {});
  const destination = context.createMediaStreamDestination();
  const sources = new Map<MediaStream, MediaStreamAudioSourceNode>();

  function setStreams(next: MediaStream[]) {
    for (const [stream, source] of sources) {
      if (!next.includes(stream)) {
        source.disconnect();
        sources.delete(stream);
      }
    }
    for (const stream of next) {
      if (sources.has(stream) || stream.getAudioTracks().length === 0) continue;
      const source = context.createMediaStreamSource(stream);
      source.connect(destination);
      sources.set(stream, source);
    }
  }
  setStreams(streams);

  // The rate is asked for explicitly: the server's size limits are derived from it (issue 25).
  const recorder = new MediaRecorder(destination.stream, {
    mimeType,
    audioBitsPerSecond: RECORDING_AUDIO_BITS_PER_SECOND,
  });
  let seq = 0;
  let failed = false;
  /** Chunks wait here and go one at a time, in order. */
  let uploads: Promise<void> = Promise.resolve();

  async function upload(index: number, data: Blob): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(`${recordingUrl}/chunks/${index}`, {
          method: 'PUT',
          credentials: 'same-origin',
          headers: { 'content-type': mimeType },
          body: data,
        });
        if (res.ok) {
          onChunkStored?.((await res.json()) as RecordingChunkAck);
          return;
        }
        // A refusal (not signed in, not the recorder, a full recording): asking again will not change it.
        if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
          throw new ChunkRefused(res.status);
        }
      } catch (error) {
        if (error instanceof ChunkRefused || attempt + 1 >= MAX_ATTEMPTS) throw error;
      }
      if (attempt + 1 >= MAX_ATTEMPTS) throw new ChunkRefused(0);
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
    }
  }

  function fail(error: unknown) {
    if (failed) return;
    failed = true;
    if (recorder.state !== 'inactive') recorder.stop();
    onFailure?.(error);
  }

  recorder.addEventListener('dataavailable', (event) => {
    if (failed || event.data.size === 0) return;
    const index = seq++;
    uploads = uploads.then(() => (failed ? undefined : upload(index, event.data).catch(fail)));
  });
  const stopped = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve()));

  /** The tab is going away: say the recording ended (best effort; the chunks that arrived stay). */
  const onPageHide = () => {
    if (recorder.state !== 'inactive') recorder.stop();
    void fetch(`${recordingUrl}/end`, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    }).catch(() => {});
  };
  window.addEventListener('pagehide', onPageHide);

  recorder.start(timesliceMs);

  let stopping: Promise<void> | null = null;
  return {
    setStreams,
    stop() {
      stopping ??= (async () => {
        window.removeEventListener('pagehide', onPageHide);
        if (recorder.state !== 'inactive') {
          recorder.stop();
          await stopped;
        }
        // The last chunk (handed over by stop()) is queued by now.
        await uploads;
        for (const source of sources.values()) source.disconnect();
        sources.clear();
        await context.close().catch(() => {});
        await fetch(`${recordingUrl}/end`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        }).catch(() => {});
      })();
      return stopping;
    },
  };
}
