import { QueryClient } from '@tanstack/react-query';
import { tradeKeys } from '@web/features/trades/keys';
import { heardOwnStep, ownStep } from '@web/features/trades/own-steps';
import { describe, expect, it } from 'vitest';

const room = (...ids: number[]) => ({ events: ids.map((id) => ({ id })) });
/** Whether the room of trade 7 is marked to be read again. */
const reread = (client: QueryClient) => client.getQueryState(tradeKeys.detail(7))?.isInvalidated === true;

function clientWithRoom(...ids: number[]) {
  const client = new QueryClient();
  client.setQueryData(tradeKeys.detail(7), room(...ids));
  return client;
}

describe("the actor's own step and its live event", () => {
  it('skips an event the cached room already holds, and rereads one it does not', () => {
    const client = clientWithRoom(1, 2);
    expect(heardOwnStep(client, 7, 2)).toBe(true);
    expect(heardOwnStep(client, 7, 3)).toBe(false);
    expect(heardOwnStep(client, 8, 2)).toBe(false);
  });

  it('holds an event heard while the step is in flight: the answer that holds it needs no reread', () => {
    const client = clientWithRoom(1);
    const answered = ownStep(client, 7);
    expect(heardOwnStep(client, 7, 2)).toBe(true);
    answered(room(1, 2));
    expect(reread(client)).toBe(false);
  });

  it("rereads when the answer lacks an event heard meanwhile (the other party's), or the step failed", () => {
    const moved = clientWithRoom(1);
    const answered = ownStep(moved, 7);
    heardOwnStep(moved, 7, 2);
    heardOwnStep(moved, 7, 3);
    answered(room(1, 2));
    expect(reread(moved)).toBe(true);

    const failed = clientWithRoom(1);
    const refused = ownStep(failed, 7);
    heardOwnStep(failed, 7, 2);
    refused(null);
    expect(reread(failed)).toBe(true);
    // Once the step ended, events are judged against the cache again.
    expect(heardOwnStep(failed, 7, 4)).toBe(false);
  });
});
