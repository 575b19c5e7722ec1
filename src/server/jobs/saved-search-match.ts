import { z } from 'zod';
import type { SavedSearchAlerts } from '../modules/saved-searches/matching';
import { defineJob } from './job';

/**
 * A listing published or made cheaper (issue 38 part 3): sent in that transaction with the event's id, run at its
 * commit by whichever process fetches it, so a matching alert rings within seconds. A second run finds it matched.
 */
export const savedSearchMatchJob = (alerts: SavedSearchAlerts) =>
  defineJob({
    name: 'saved-search-match',
    label: 'Alertas de buscas salvas',
    schema: z.object({ eventId: z.number().int().positive() }),
    retryLimit: 4,
    retryDelaySeconds: 5,
    async run({ eventId }) {
      await alerts.matchEvent(eventId);
    },
    describe: ({ eventId }) => `evento de anúncio ${eventId}`,
  });
