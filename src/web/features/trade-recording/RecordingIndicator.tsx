import { tradeRecordingMessages as m } from '@shared/trade-recording-messages';
import type { CallRecordingStatus } from './useCallRecording';

/** The red dot and 'Gravando', shown only while the server is acknowledging the call's chunks. */
export function RecordingIndicator({ status }: { status: CallRecordingStatus }) {
  if (status !== 'recording') return null;
  return (
    <span
      role="status"
      className="inline-flex items-center gap-1.5 self-start rounded-full border border-danger/40 bg-danger/10 px-2.5 py-1 text-xs font-semibold text-danger"
    >
      <span aria-hidden className="size-2 animate-pulse rounded-full bg-danger" />
      <span aria-hidden>{m.indicator}</span>
      <span className="sr-only">{m.indicatorLabel}</span>
    </span>
  );
}
