import type { SavedSearchAlerts } from '../modules/saved-searches/matching';
import type { Job } from './job';

/** The safety net of the match job: every minute, the listing events no run matched yet (a lost wake, a failure). */
export const savedSearchSweepJob = (alerts: SavedSearchAlerts): Job => ({
  name: 'saved-search-sweep',
  label: 'Varredura dos alertas',
  everySeconds: 60,
  retryLimit: 2,
  retryDelaySeconds: 10,
  async run() {
    await alerts.matchPending();
  },
});
