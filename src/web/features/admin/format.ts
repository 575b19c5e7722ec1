const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'America/Sao_Paulo',
});
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
});

/** 'terça-feira, 24 de novembro de 2026'. */
export const formatLongDate = (date: Date) => dateFormat.format(date);
/** '24/11/2026, 03:10'. */
export const formatShortDateTime = (date: Date) => dateTimeFormat.format(date);
