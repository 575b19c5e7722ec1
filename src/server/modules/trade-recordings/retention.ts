import type { TradeRecordingsService } from './service';

/** How often a running process deletes the recordings past their retention (it also does once at start). */
export const RETENTION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes, now and then every hour, the call recordings past their retention (decision 015, issue 25: 24 hours
 * after a cancellation before payment, RECORDING_RETENTION_DAYS after the trade's end or its dispute's decision;
 * see TradeRecordingsService.sweepExpired). The timer never keeps the process alive; the returned function stops it and waits for a
 * sweep under way (before the database closes).
 */
export function startRecordingRetention(
  recordings: TradeRecordingsService,
  log: { info: (o: object, msg: string) => void; error: (o: object, msg: string) => void },
  now: () => Date = () => new Date(),
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = recordings
      .sweepExpired(now())
      .then(
        (removed) => {
          if (removed) log.info({ removed }, 'gravações de chamada vencidas removidas');
        },
        (err) => log.error({ err }, 'falha ao remover gravações de chamada vencidas'),
      )
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, RETENTION_SWEEP_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
