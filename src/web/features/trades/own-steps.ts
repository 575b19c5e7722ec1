import type { QueryClient } from '@tanstack/react-query';
import { tradeKeys } from './keys';

/**
 * The viewer's own steps and the live events they cause. A step answers with the room after it (put in the
 * cache at once); the socket then announces the step's own event to this tab too, and rereading the room for it
 * would fetch what the answer already gave. So a trade event is skipped when the cached room already holds it;
 * one heard while a step on that trade is in flight waits for the answer, and rereads only if the answer lacks
 * it (the other party moved meanwhile). Apart from api.ts so the live updates, loaded with the shell, stay light.
 */
const inFlight = new Map<number, { steps: number; heard: Set<number> }>();

type Events = { events: readonly { id: number }[] };

/** Marks a step on `tradeId` as sent; call the answer with the room it answered (null when it failed). */
export function ownStep(client: QueryClient, tradeId: number): (answer: Events | null) => void {
  const entry = inFlight.get(tradeId) ?? { steps: 0, heard: new Set<number>() };
  entry.steps += 1;
  inFlight.set(tradeId, entry);
  let ended = false;
  return (answer) => {
    if (ended) return;
    ended = true;
    entry.steps -= 1;
    if (entry.steps > 0) return;
    inFlight.delete(tradeId);
    const known = new Set(answer?.events.map((e) => e.id));
    if ([...entry.heard].some((id) => !known.has(id))) rereadTrade(client, tradeId);
  };
}

/** Whether a live trade event needs no reread: the cached room holds it, or a step in flight will tell. */
export function heardOwnStep(client: QueryClient, tradeId: number, eventId: number): boolean {
  const entry = inFlight.get(tradeId);
  if (entry) {
    entry.heard.add(eventId);
    return true;
  }
  return Boolean(
    client.getQueryData<Events>(tradeKeys.detail(tradeId))?.events.some((e) => e.id === eventId),
  );
}

/** A trade changed: its room and the trade lists are read again (where shown). */
export function rereadTrade(client: QueryClient, tradeId: number) {
  void client.invalidateQueries({ queryKey: tradeKeys.detail(tradeId) });
  void client.invalidateQueries({ queryKey: tradeKeys.lists });
}
