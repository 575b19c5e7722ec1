/**
 * Test-only: mounts the real useCallRecording hook and RecordingIndicator in a page, as the call will, over the
 * fake microphone. Bundled by tests/e2e/trade-recordings.spec.ts and evaluated in the page; never in the app.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RecordingIndicator } from '@web/features/trade-recording/RecordingIndicator';
import { RecordingNotice } from '@web/features/trade-recording/RecordingNotice';
import { useCallRecording } from '@web/features/trade-recording/useCallRecording';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

function Harness({ tradeId }: { tradeId: number }) {
  const [streams, setStreams] = useState<MediaStream[]>([]);
  const [active, setActive] = useState(true);
  useEffect(() => {
    void navigator.mediaDevices.getUserMedia({ audio: true }).then((microphone) => setStreams([microphone]));
    (window as unknown as { stopHarness: () => void }).stopHarness = () => setActive(false);
  }, []);
  const { status } = useCallRecording({ tradeId, active: active && streams.length > 0, streams });
  return (
    <div data-status={status} id="harness-status" className="flex max-w-xl flex-col items-start gap-2 p-4">
      <RecordingNotice />
      <RecordingIndicator status={status} />
    </div>
  );
}

export function mountHarness(tradeId: number) {
  const host = document.createElement('div');
  host.setAttribute('aria-label', 'Chamada de teste');
  host.setAttribute('role', 'region');
  (document.querySelector('main') ?? document.body).prepend(host);
  createRoot(host).render(
    <QueryClientProvider client={new QueryClient()}>
      <Harness tradeId={tradeId} />
    </QueryClientProvider>,
  );
}
