/**
 * A test seam for the race tests: named points inside a transaction, right after it took its locks, where a test
 * may hold the request (tests/helpers/race-seam.ts) while it sends the competing one, so that each test proves one
 * interleaving and asserts one outcome. Unless a test holds a point, passing it is a no-op.
 */
export type RacePoint =
  | 'account-deletion:locked'
  | 'trade-opening:locked'
  | 'listing-publication:locked'
  | 'listing-edit:locked';

type Hold = (point: RacePoint, userId: string) => Promise<void> | undefined;

let hold: Hold | undefined;

/** Tests only: what to do at each point (a promise the request waits for), or undefined to pass freely again. */
export function setRaceHold(next: Hold | undefined) {
  hold = next;
}

/** Where `userId`'s request reaches `point` (the member whose row or listing the transaction locked). */
export function racePoint(point: RacePoint, userId: string): Promise<void> | undefined {
  return hold?.(point, userId);
}
