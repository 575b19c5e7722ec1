import { END_TO_END_PATTERN } from '@shared/trades';

/**
 * A PIX end-to-end id as the Banco Central writes it ('E', an 8-digit ISPB, AAAAMMDDHHMM in UTC, 11 letters or
 * digits), unique per call: the ledger refuses an id it already holds, and a test may run many times over one
 * server (`--repeat-each`).
 */
export function uniqueEndToEndId(tag = ''): string {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 12);
  const random = `${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`.replace(
    /[^a-z0-9]/gi,
    '',
  );
  const tail = `${tag}${random}`.slice(0, 11).padEnd(11, '0');
  const id = `E12345678${stamp}${tail}`;
  if (!END_TO_END_PATTERN.test(id)) throw new Error(`not an E2E id: ${id}`);
  return id;
}
