import type { SavedSearchAlerts } from '../modules/saved-searches/matching';
import type { Job } from './job';

/**
 * The daily digest of the alerts past the cap (20 a member a day): checked every hour, so each member's digest of a
 * day goes within the first hour of the next (São Paulo), once whichever process runs it.
 */
export const savedSearchDigestJob = (alerts: SavedSearchAlerts): Job => ({
  name: 'saved-search-digest',
  label: 'Resumo diário dos alertas',
  everySeconds: 60 * 60,
  retryLimit: 2,
  retryDelaySeconds: 60,
  async run() {
    await alerts.sendDigests();
  },
});
