import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/client';
import { readSavedSearchFigures } from '../modules/saved-searches/figures';

/**
 * The alerts' figures (issue 38 part 3), read at scrape time: `saved_searches{state}` and today's
 * `saved_search_alerts_today{delivery}` (matched = sent + held), with the digests due.
 */
export function createSavedSearchGauges(db: Db, registry: Registry) {
  const searches = new Gauge({
    name: 'saved_searches',
    help: 'Buscas salvas (alertas) por estado',
    labelNames: ['state'],
    registers: [registry],
  });
  const today = new Gauge({
    name: 'saved_search_alerts_today',
    help: 'Alertas de buscas salvas hoje (dia de São Paulo): enviados na hora ou guardados para o resumo',
    labelNames: ['delivery'],
    registers: [registry],
  });
  const digestDue = new Gauge({
    name: 'saved_search_digest_due',
    help: 'Alertas de dias anteriores ainda esperando o resumo diário',
    registers: [registry],
  });
  const digested = new Gauge({
    name: 'saved_search_alerts_digested_yesterday',
    help: 'Alertas de ontem que foram no resumo diário',
    registers: [registry],
  });
  return {
    async refresh() {
      const figures = await readSavedSearchFigures(db);
      searches.set({ state: 'active' }, figures.active);
      searches.set({ state: 'paused' }, figures.paused);
      today.set({ delivery: 'matched' }, figures.matchedToday);
      today.set({ delivery: 'sent' }, figures.sentToday);
      today.set({ delivery: 'digest' }, figures.heldToday);
      digestDue.set(figures.digestDue);
      digested.set(figures.digestedYesterday);
    },
  };
}
