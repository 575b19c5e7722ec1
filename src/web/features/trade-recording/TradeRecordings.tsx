import { tradeRecordingMessages as m } from '@shared/trade-recording-messages';
import type { TradeRecording } from '@shared/trade-recordings';
import { LoadError } from '@web/components/ui/load-error';
import { Skeleton } from '@web/components/ui/skeleton';
import { isApiError } from '@web/lib/api';
import { formatDateAtTime } from '@web/lib/format';
import { Download, Mic } from 'lucide-react';
import { isUnderWay, useTradeRecordings } from './api';
import { RecordingPlayer } from './RecordingPlayer';
import { formatRecordingDuration } from './recording-time';

const roleLabels: Record<TradeRecording['recorderRole'], string> = {
  comprador: 'gravada pelo comprador',
  intermediador: 'gravada pelo intermediador',
};

/** The room's call recordings: staff play each one; the buyer and the seller download their own. */
export function TradeRecordings({ tradeId }: { tradeId: number }) {
  const recordings = useTradeRecordings(tradeId);
  return (
    <section aria-labelledby="gravacoes" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="gravacoes" className="font-display text-lg font-semibold tracking-wide text-fg">
        {m.listTitle}
      </h2>
      <div className="mt-4">
        {recordings.data ? (
          recordings.data.recordings.length === 0 ? (
            <p className="text-sm text-muted">{m.empty}</p>
          ) : (
            <ul className="flex flex-col gap-4">
              {recordings.data.recordings.map((recording) => (
                <RecordingItem key={recording.id} recording={recording} canPlay={recordings.data.canPlay} />
              ))}
            </ul>
          )
        ) : recordings.isError ? (
          <LoadError
            title={m.loadFailed}
            message={isApiError(recordings.error) ? recordings.error.message : 'Tente novamente.'}
            onRetry={() => recordings.refetch()}
            retrying={recordings.isFetching}
          />
        ) : (
          <div role="status" aria-label="Carregando gravações">
            <Skeleton className="h-16 rounded-xl" />
          </div>
        )}
      </div>
    </section>
  );
}

function RecordingItem({ recording, canPlay }: { recording: TradeRecording; canPlay: boolean }) {
  const when = formatDateAtTime(recording.startedAt);
  const duration = formatRecordingDuration(recording.durationSeconds);
  const label = `Gravação de ${when}, ${duration}`;
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-line bg-surface-2 p-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Mic aria-hidden className="size-4 text-accent" />
        <span className="font-semibold text-fg">{when}</span>
        <span className="text-muted">
          <span className="sr-only">duração </span>
          {duration}
        </span>
        <span className="text-muted">
          {roleLabels[recording.recorderRole]}
          {isUnderWay(recording) && ` · ${m.inProgress}`}
        </span>
      </div>
      {canPlay ? (
        <RecordingPlayer recording={recording} label={label} />
      ) : (
        <a
          href={recording.url}
          download
          aria-label={`${m.download} de ${when}`}
          className="inline-flex items-center gap-1.5 self-start rounded-lg border border-line-strong px-3 py-2 text-sm font-semibold text-fg transition-colors hover:border-accent hover:text-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          <Download aria-hidden className="size-4" />
          {m.download}
        </a>
      )}
    </li>
  );
}
