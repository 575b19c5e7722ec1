import {
  type PaymentHistoryItem,
  paymentHistoryStatusLabels,
  paymentHistoryTypeLabels,
} from '@shared/payments';

const amount = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});
const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** One text cell: quoted when it holds the separator, a quote or a line break; a leading = + - @ cannot start a formula. */
function text(value: string | null): string {
  let s = value ?? '';
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[;"\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/**
 * The history as Brazilian spreadsheets open it: a BOM (Excel reads UTF-8), `;` between cells, the decimal comma
 * without thousands separators (`-50,00`), dates in Brasília time, CRLF line ends.
 */
export function paymentHistoryCsv(items: PaymentHistoryItem[]): string {
  const header = ['Data', 'Tipo', 'Descrição', 'Produto', 'Comprador', 'Status', 'Valor (R$)'];
  const rows = items.map((i) => [
    dateTime.format(new Date(i.date)).replace(',', ''),
    paymentHistoryTypeLabels[i.type],
    text(i.description),
    text(i.productTitle),
    text(i.buyerName),
    paymentHistoryStatusLabels[i.status],
    amount.format(i.amountCents / 100),
  ]);
  return `\uFEFF${[header, ...rows].map((r) => r.join(';')).join('\r\n')}\r\n`;
}
