import type { TradeRecording } from '@shared/trade-recordings';
import type { SyntheticEvent } from 'react';

/**
 * An <audio> player for one call recording (staff: the room and the admin trades desk). A MediaRecorder's WebM
 * carries no duration in its header, so the browser first reports an infinite one; seeking far past the end
 * once makes it read the file through and learn the real length, then the player goes back to the start.
 */
export function RecordingPlayer({ recording, label }: { recording: TradeRecording; label: string }) {
  return (
    // biome-ignore lint/a11y/useMediaCaption: a call recorded live has no transcript to caption it with; the parties may download it.
    <audio
      controls
      preload="metadata"
      src={recording.url}
      aria-label={label}
      onLoadedMetadata={learnDuration}
      className="h-10 w-full max-w-md"
    >
      <a href={recording.url}>{label}</a>
    </audio>
  );
}

function learnDuration(event: SyntheticEvent<HTMLAudioElement>) {
  const audio = event.currentTarget;
  if (Number.isFinite(audio.duration)) return;
  const rewind = () => {
    if (!Number.isFinite(audio.duration)) return;
    audio.removeEventListener('durationchange', rewind);
    audio.currentTime = 0;
  };
  audio.addEventListener('durationchange', rewind);
  audio.currentTime = Number.MAX_SAFE_INTEGER;
}
