import { formatPrice } from '@shared/money';

/**
 * Every date, time and money text the web shows, in pt-BR: one formatter of each kind, built once. Dates are in
 * the browser's time zone, except the staff panel's (`…Brasilia`), which speak São Paulo time whoever reads them.
 * Each takes an ISO string or a Date and gives '' (or the fallback named) when it does not parse.
 */

type When = string | Date;

const toDate = (when: When) => (typeof when === 'string' ? new Date(when) : when);
const valid = (date: Date) => !Number.isNaN(date.getTime());
/** A pt-BR formatter built on first use: built up front, the sixteen of them held the first render ~10 ms. */
const formatter = (options: Intl.DateTimeFormatOptions) => {
  let format: Intl.DateTimeFormat | undefined;
  return () => {
    format ??= new Intl.DateTimeFormat('pt-BR', options);
    return format;
  };
};
const formatWith = (format: () => Intl.DateTimeFormat, when: When) => {
  const date = toDate(when);
  return valid(date) ? format().format(date) : '';
};
const using = (options: Intl.DateTimeFormatOptions) => {
  const format = formatter(options);
  return (when: When) => formatWith(format, when);
};

const BRASILIA = 'America/Sao_Paulo';

/** How the staff panel labels its times, all in São Paulo time whoever reads them: '14:05 (horário de Brasília)'. */
export const BRASILIA_LABEL = 'horário de Brasília';

/** '12/11/2026'. */
export const formatDate = using({ dateStyle: 'short' });

/** '05/11/2026, 14:32'. */
export const formatDateTime = using({ dateStyle: 'short', timeStyle: 'short' });

/** '12 de março de 2026 às 14:30' (the title of a relative time). */
export const formatFullDateTime = using({ dateStyle: 'long', timeStyle: 'short' });

/** 'novembro de 2026'. */
export const formatMonthYear = using({ month: 'long', year: 'numeric' });

const dayMonth = formatter({ day: '2-digit', month: '2-digit' });
const dayMonthYear = formatter({ day: '2-digit', month: '2-digit', year: 'numeric' });
const hourMinute = formatter({ hour: '2-digit', minute: '2-digit' });

/** '14:05'. */
export const formatTime = (when: When) => formatWith(hourMinute, when);

/** '23/11, 14:05'. */
export const formatDayMonthTime = using({
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** '23/11 às 14:00'. */
export function formatDayAtTime(when: When): string {
  const date = toDate(when);
  return valid(date) ? `${dayMonth().format(date)} às ${hourMinute().format(date)}` : '';
}

/** '23/11/2026 às 14:00'. */
export function formatDateAtTime(when: When): string {
  const date = toDate(when);
  return valid(date) ? `${dayMonthYear().format(date)} às ${hourMinute().format(date)}` : '';
}

/** A calendar day with no time ('2026-03-01', as the policies and reports name them): '1 de março de 2026'. */
const longDayUtc = using({ dateStyle: 'long', timeZone: 'UTC' });
export const formatCalendarDay = (day: string) => longDayUtc(`${day}T00:00:00Z`);

const monthShortUtc = using({ month: 'short', timeZone: 'UTC' });
/** A month with no day ('2026-03'): 'mar'. */
export const formatMonthShort = (month: string) => monthShortUtc(`${month}-01T00:00:00Z`).replace('.', '');

/** The staff panel: 'terça-feira, 24 de novembro de 2026' in São Paulo time. */
export const formatLongDateBrasilia = using({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: BRASILIA,
});

/** The staff panel: '24/11/2026, 03:10' in São Paulo time. */
export const formatDateTimeBrasilia = using({ dateStyle: 'short', timeStyle: 'short', timeZone: BRASILIA });

/** The staff panel, where seconds matter (a job every 30 s): '24/11/2026, 03:10:05' in São Paulo time. */
export const formatDateTimeSecondsBrasilia = using({
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: BRASILIA,
});

/** The staff panel: '24/11, 03:10' in São Paulo time. */
export const formatDayMonthTimeBrasilia = using({
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: BRASILIA,
});

/** The staff panel: '03:10' in São Paulo time. */
export const formatTimeBrasilia = using({ hour: '2-digit', minute: '2-digit', timeZone: BRASILIA });

/** The staff panel: '24/11/2026' (the day in São Paulo). */
export const formatDateBrasilia = using({ dateStyle: 'short', timeZone: BRASILIA });

let integer: Intl.NumberFormat | undefined;
/** '1.250'. */
export const formatCount = (n: number) => {
  integer ??= new Intl.NumberFormat('pt-BR');
  return integer.format(n);
};

/** Part 1 §2 'Profile': a price of 0 reads 'Gratuito'. */
export function priceLabel(cents: number): string {
  return cents > 0 ? formatPrice(cents) : 'Gratuito';
}

/** 9500 → '95,00': an amount as a bank's app takes it (no symbol, no thousands separator). */
export const typedAmount = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
