import {
  type PaymentHistoryItem,
  paymentHistoryStatusLabels,
  paymentHistoryTypeLabels,
} from '@shared/payments';
import { type CsvColumn, toCsv } from '../../http/csv';

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

const columns: CsvColumn<PaymentHistoryItem>[] = [
  { header: 'Data', value: (i) => dateTime.format(new Date(i.date)).replace(',', '') },
  { header: 'Tipo', value: (i) => paymentHistoryTypeLabels[i.type] },
  { header: 'Descrição', value: (i) => i.description },
  { header: 'Produto', value: (i) => i.productTitle },
  { header: 'Comprador', value: (i) => i.buyerName },
  { header: 'Status', value: (i) => paymentHistoryStatusLabels[i.status] },
  { header: 'Valor (R$)', value: (i) => amount.format(i.amountCents / 100) },
];

/**
 * The history as Brazilian spreadsheets open it (http/csv.ts: a BOM, `;` between cells, CRLF, every cell a member
 * wrote kept from running as a formula): the decimal comma without thousands separators (`-50,00`), dates in
 * Brasília time.
 */
export function paymentHistoryCsv(items: PaymentHistoryItem[]): string {
  return toCsv(columns, items);
}
