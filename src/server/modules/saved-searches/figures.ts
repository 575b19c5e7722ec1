import type { SavedSearchFigures } from '@shared/admin';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { savedSearchAlerts, savedSearches } from '../../db/schema';

/** Today in São Paulo, as the alerts count their day. */
const today = sql`(now() at time zone 'America/Sao_Paulo')::date`;

/**
 * The staff's figures of the alerts (issue 38 part 3), in one round trip for /metrics and Sistema: the saved searches
 * (active and paused) and today's alerts by what became of them — sent at once, or held past the cap for the digest
 * — read through the alerts' (day, delivery) index, never the whole history; and the digests still to go.
 */
export async function readSavedSearchFigures(db: Db): Promise<SavedSearchFigures> {
  const [row] = await queryRows<Record<keyof SavedSearchFigures, number | string>>(
    db,
    sql`select
      (select count(*) from ${savedSearches} where not ${savedSearches.paused}) as "active",
      (select count(*) from ${savedSearches} where ${savedSearches.paused}) as "paused",
      (select count(*) from ${savedSearchAlerts} where ${savedSearchAlerts.day} = ${today}) as "matchedToday",
      (select count(*) from ${savedSearchAlerts} where ${savedSearchAlerts.day} = ${today}
         and ${savedSearchAlerts.delivery} = 'sent') as "sentToday",
      (select count(*) from ${savedSearchAlerts} where ${savedSearchAlerts.day} = ${today}
         and ${savedSearchAlerts.delivery} <> 'sent') as "heldToday",
      (select count(*) from ${savedSearchAlerts} where ${savedSearchAlerts.delivery} = 'digest'
         and ${savedSearchAlerts.day} < ${today}) as "digestDue",
      (select count(*) from ${savedSearchAlerts} where ${savedSearchAlerts.day} = ${today} - 1
         and ${savedSearchAlerts.delivery} = 'digested') as "digestedYesterday"`,
  );
  const n = (key: keyof SavedSearchFigures) => Number(row?.[key] ?? 0);
  return {
    active: n('active'),
    paused: n('paused'),
    matchedToday: n('matchedToday'),
    sentToday: n('sentToday'),
    heldToday: n('heldToday'),
    digestDue: n('digestDue'),
    digestedYesterday: n('digestedYesterday'),
  };
}
