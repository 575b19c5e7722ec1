const relative = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' });

const DAY = 86_400;
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * DAY],
  ['month', 30 * DAY],
  ['day', DAY],
  ['hour', 3600],
  ['minute', 60],
];

/** 'Agora mesmo' under a minute, then 'há 5 minutos', 'há 2 horas', 'ontem'… (part 1 §2); 'Agora' for a bad date. */
export function timeAgo(iso: string, now = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return 'Agora';
  const seconds = (now - time) / 1000;
  for (const [unit, size] of units)
    if (seconds >= size) return relative.format(-Math.floor(seconds / size), unit);
  return 'Agora mesmo';
}
