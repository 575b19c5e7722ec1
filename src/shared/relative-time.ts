const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const units = [
  { seconds: YEAR, one: 'ano', many: 'anos' },
  { seconds: MONTH, one: 'mês', many: 'meses' },
  { seconds: DAY, one: 'dia', many: 'dias' },
  { seconds: HOUR, one: 'hora', many: 'horas' },
  { seconds: MINUTE, one: 'minuto', many: 'minutos' },
] as const;

/**
 * How long ago `iso` was, as the listing page says it (part 1 §2): 'Agora mesmo' under a minute, then
 * 'há 5 minutos', 'há 1 hora', 'há 3 dias', 'há 2 meses', 'há 1 ano'. A date that does not parse is 'Agora';
 * one slightly in the future (clock skew) is 'Agora mesmo'.
 */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return 'Agora';
  const elapsed = Math.floor((now - time) / 1000);
  for (const unit of units) {
    const count = Math.floor(elapsed / unit.seconds);
    if (count >= 1) return `há ${count} ${count === 1 ? unit.one : unit.many}`;
  }
  return 'Agora mesmo';
}
