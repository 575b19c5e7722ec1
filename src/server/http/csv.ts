import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import type { RateLimitRule } from '../auth/rate-limit';

/** The most rows one export carries; the file says so (its name and the `x-export-*` headers) when it stops there. */
export const CSV_EXPORT_MAX_ROWS = 10_000;

/**
 * Exports read a whole filtered queue, so each staff member has a counter of their own: plenty for a person
 * exporting a view, a ceiling for a script pulling the data out of a stolen staff session.
 */
export const staffExports: RateLimitRule[] = [{ per: 'member', action: 'staff-export', max: 60 }];

/** A column of an export: its pt-BR header and how a row fills it. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first) gets a `'`
 * in front, so `=HYPERLINK(...)` typed by a member reads as text in Excel and LibreOffice (CSV injection).
 */
export function guardCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * The CSV text: a UTF-8 BOM (Excel pt-BR reads the accents), `;` between cells (pt-BR Excel's separator), CRLF
 * lines, quotes doubled inside quoted cells by csv-stringify, every cell guarded against formulas.
 */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const records = rows.map((row) => columns.map((column) => guardCell(column.value(row))));
  const body = stringify([columns.map((column) => column.header), ...records], {
    delimiter: ';',
    record_delimiter: '\r\n',
    quoted_match: /[;"\r\n]/,
  });
  return `\uFEFF${body}`;
}

/** Today in Brasília as 'YYYY-MM-DD', for the file's name. */
function brasiliaDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', dateStyle: 'short' }).format(at);
}

/**
 * Sends an export: `text/csv; charset=utf-8`, downloaded as '<name>-<date>.csv' ('…-primeiras-10000-linhas'
 * when the filter matched more rows than one file carries), never cached.
 */
export function sendCsv<Row>(
  reply: FastifyReply,
  name: string,
  columns: readonly CsvColumn<Row>[],
  rows: readonly Row[],
  at = new Date(),
) {
  const truncated = rows.length > CSV_EXPORT_MAX_ROWS;
  const kept = truncated ? rows.slice(0, CSV_EXPORT_MAX_ROWS) : rows;
  const file = `${name}-${brasiliaDay(at)}${truncated ? `-primeiras-${CSV_EXPORT_MAX_ROWS}-linhas` : ''}.csv`;
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('cache-control', 'private, no-store')
    .header('x-export-limit', String(CSV_EXPORT_MAX_ROWS))
    .header('x-export-truncated', String(truncated))
    .send(toCsv(columns, kept));
}

const brasiliaTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** A time in a cell: Brasília's clock, as the panel shows it (the headers say '(Brasília)'). */
export function brasiliaDateTime(iso: string | Date | null | undefined): string {
  return iso ? brasiliaTime.format(new Date(iso)) : '';
}

/** Cents in a cell as a pt-BR Excel reads a number: '1234,50'. */
export function reaisCell(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}
