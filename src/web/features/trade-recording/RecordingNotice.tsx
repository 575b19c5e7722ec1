import { tradeRecordingMessages as m } from '@shared/trade-recording-messages';
import { Mic } from 'lucide-react';

/** Told to everyone before they join the call: the call is recorded, who hears it and who may download it. */
export function RecordingNotice() {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-line bg-surface-2 p-3 text-sm text-muted">
      <Mic aria-hidden className="mt-0.5 size-4 shrink-0 text-danger" />
      <span>{m.notice}</span>
    </p>
  );
}
