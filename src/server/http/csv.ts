import { stringify } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';

/** The most rows one export carries; the file says so (its name and the `x-export-*` headers) when it stops there. */
export const CSV_EXPORT_MAX_ROWS = 10_000;

/** A column of an export: its pt-BR header and how a row fills it. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

/** What a spreadsheet runs as a formula when a cell starts with it (OWASP, CSV injection). */
const FORMULA_STARTS = '=+-@\t\r';
/**
 * Where a spreadsheet may start a new cell or line inside what we wrote as one cell: the file's `;`, but also `,`
 * (Excel and LibreOffice with a `,` list separator), a tab, a line break, a quote that opens a field.
 */
const CELL_BREAKS = ',;\t\r\n"';
/** A number as the exports write one ('-61,73', '12'): data, never a formula, and a spreadsheet must read it as a number. */
const plainNumber = /^-?\d+(?:[.,]\d+)?$/;

/**
 * A member-written cell made inert in any spreadsheet, however it splits the file: a `'` goes before every
 * formula character that would start a cell — at the cell's start, and after any separator or line break inside
 * it (spaces between skipped, since an import may trim them). `=HYPERLINK(…)` then reads as text whether the file
 * is opened with `;` or `,`, and a line break inside a cell starts no formula either.
 */
export function guardCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (plainNumber.test(text)) return text;
  let guarded = '';
  let startsCell = true;
  for (const char of text) {
    if (startsCell && FORMULA_STARTS.includes(char)) guarded += "'";
    guarded += char;
    if (CELL_BREAKS.includes(char)) startsCell = true;
    else if (char !== ' ') startsCell = false;
  }
  return guarded;
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
