import type { TradeRecording, TradeRecordingList } from '@shared/trade-recordings';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** Under 'trades', so what refreshes every trade query refreshes these too. */
export const recordingKeys = {
  list: (tradeId: number) => ['trades', 'recordings', tradeId] as const,
};

/** While a recording is under way, its length in the list is refreshed this often. */
const IN_PROGRESS_REFRESH_MS = 15_000;

/** The trade's call recordings (staff play them; the parties download their own). */
export function useTradeRecordings(tradeId: number) {
  return useQuery({
    queryKey: recordingKeys.list(tradeId),
    queryFn: ({ signal }) => api<TradeRecordingList>(`/api/trades/${tradeId}/recordings`, { signal }),
    refetchInterval: (query) =>
      query.state.data?.recordings.some(isUnderWay) ? IN_PROGRESS_REFRESH_MS : false,
    refetchIntervalInBackground: false,
  });
}

/** Not ended, and a chunk arrived within the last minute (a closed tab's recording stays unended for good). */
export function isUnderWay(recording: TradeRecording, now = Date.now()): boolean {
  const last = Date.parse(recording.lastChunkAt ?? recording.startedAt);
  return recording.endedAt === null && now - last < 60_000;
}
