import { END_TO_END_PATTERN } from '@shared/trades';

/** A made-up payer institution (ISPB, 8 digits) for the transfers tests record. */
const TEST_ISPB = '99999999';
/** Per process, so that two test files sharing a PostgreSQL server never mint the same id. */
const run = Math.random().toString(36).slice(2, 6).padEnd(4, '0');
let sequence = 0;

/**
 * A valid, unique end-to-end id of a PIX transfer (END_TO_END_PATTERN): 'E', an ISPB, the date and time
 * AAAAMMDDHHMM (UTC) of `at`, and 11 letters or digits (4 of this process, 7 of a counter).
 */
export function nextEndToEndId(at: Date = new Date()): string {
  sequence += 1;
  const stamp = at.toISOString().slice(0, 16).replace(/[-T:]/g, '');
  const id = `E${TEST_ISPB}${stamp}${run}${sequence.toString(36).padStart(7, '0')}`;
  if (!END_TO_END_PATTERN.test(id)) throw new Error(`nextEndToEndId made an invalid id: ${id}`);
  return id;
}
