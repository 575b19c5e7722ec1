import {
  type CodeRefusal,
  listingCodeMessages as cm,
  MAX_CODE_LENGTH,
  MAX_CODES_PER_IMPORT,
} from '@shared/listing-codes';
import { AppError } from '../../errors';

/**
 * The form a code is compared in (decision 029): Unicode NFKC, without spaces or hyphens, in capitals, so
 * 'abcd-efgh 1234' and 'ABCD EFGH-1234' are one code. The code itself is kept as the seller typed it.
 */
export const normalizeCode = (code: string) =>
  code
    .normalize('NFKC')
    .replace(/[\s\-‐-―]/g, '')
    .toUpperCase();

/** The last 4 characters the vault shows (of the code without its spaces). */
export const last4Of = (code: string) => code.replace(/\s/g, '').slice(-4);

export interface ImportLine {
  line: number;
  code: string;
  normalized: string;
}

/**
 * The pasted text or the file's, a code per line: a CSV's first cell (quotes taken off, a 'código'/'code' header
 * skipped). A last empty line (the file's final line break) is not a line. More than the import's limit refuses the
 * whole import; empty, too long and repeated lines are refused by number, the rest answered for the database.
 */
export function readImportLines(text: string, csv: boolean): { lines: ImportLine[]; refused: CodeRefusal[] } {
  const raw = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  if (raw.length > 0 && raw.at(-1)?.trim() === '') raw.pop();
  if (raw.length > MAX_CODES_PER_IMPORT) throw new AppError('VALIDATION', cm.tooManyLines(raw.length));
  if (raw.length === 0) throw new AppError('VALIDATION', cm.nothingToImport);
  const lines: ImportLine[] = [];
  const refused: CodeRefusal[] = [];
  const firstSeen = new Map<string, number>();
  const refuse = (line: number, reason: string) => {
    refused.push({ line, reason });
  };
  for (const [i, text] of raw.entries()) {
    const line = i + 1;
    const code = (csv ? firstCell(text) : text).trim();
    if (csv && line === 1 && /^(c[oó]digos?|codes?)$/i.test(code)) continue;
    const normalized = normalizeCode(code);
    const first = firstSeen.get(normalized);
    if (code === '' || normalized === '') refuse(line, cm.lineEmpty);
    else if (code.length > MAX_CODE_LENGTH) refuse(line, cm.lineTooLong);
    else if (first !== undefined) refuse(line, cm.lineRepeated(first));
    else {
      firstSeen.set(normalized, line);
      lines.push({ line, code, normalized });
    }
  }
  return { lines, refused };
}

/** A CSV row's first cell (comma or semicolon, as spreadsheets in Brazil write them), unquoted. */
function firstCell(row: string): string {
  const trimmed = row.trim();
  if (trimmed.startsWith('"')) {
    const end = trimmed.indexOf('"', 1);
    return end > 0 ? trimmed.slice(1, end) : trimmed.slice(1);
  }
  return trimmed.split(/[;,]/)[0] ?? '';
}

/**
 * An uploaded file's text: checked by its content, not its name (UTF-8 that decodes strictly, no NUL or other
 * control bytes than tabs and line breaks). Anything else is refused whole.
 */
export function textOfUpload(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('VALIDATION', cm.fileNotText, { arquivo: cm.fileNotText });
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control bytes are what this refuses.
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text)) {
    throw new AppError('VALIDATION', cm.fileNotText, { arquivo: cm.fileNotText });
  }
  return text;
}
