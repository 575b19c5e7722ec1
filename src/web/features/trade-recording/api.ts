import {
  RECORDING_STALE_MS,
  RECORDING_TIMESLICE_MS,
  type TradeRecording,
  type TradeRecordingList,
} from '@shared/trade-recordings';
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

/**
 * Whether the trade's recorder is storing chunks now, for the others in the call: the list is read once per
 * timeslice while `enabled`, and the recording counts while its last chunk is fresh.
 */
export function useRecordingUnderWay(tradeId: number, enabled: boolean): boolean {
  const { data } = useQuery({
    queryKey: recordingKeys.list(tradeId),
    queryFn: ({ signal }) => api<TradeRecordingList>(`/api/trades/${tradeId}/recordings`, { signal }),
    enabled,
    refetchInterval: enabled ? RECORDING_TIMESLICE_MS : false,
  });
  const now = Date.now();
  return (
    enabled &&
    (data?.recordings ?? []).some(
      (r) =>
        r.endedAt === null && r.lastChunkAt !== null && now - Date.parse(r.lastChunkAt) < RECORDING_STALE_MS,
    )
  );
}

/** Not ended, and a chunk arrived within the last minute (a closed tab's recording stays unended for good). */
export function isUnderWay(recording: TradeRecording, now = Date.now()): boolean {
  const last = Date.parse(recording.lastChunkAt ?? recording.startedAt);
  return recording.endedAt === null && now - last < 60_000;
}
