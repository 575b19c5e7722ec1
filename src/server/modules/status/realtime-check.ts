import { randomUUID } from 'node:crypto';
import type { BusMessage, RealtimeBus } from '../../realtime/bus';
import type { Probe } from './service';

/**
 * The realtime layer's check: a probe event published through the app's bus (a `pg_notify`, as trade events and
 * chat use) must come back to this process through the app's own subscription (PostgreSQL's LISTEN connection,
 * or PGlite in-process) within `timeoutMs`. A dropped LISTEN connection or a stuck bus fails it.
 */
export function createRealtimeCheck(bus: RealtimeBus, timeoutMs: number) {
  const waiting = new Map<string, () => void>();

  const probe: Probe = () => {
    const id = randomUUID();
    return new Promise<void>((resolve, reject) => {
      // Its own timer, so a probe that never returns leaves no waiter behind.
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`realtime probe not received after ${timeoutMs} ms`));
      }, timeoutMs);
      waiting.set(id, () => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve();
      });
      bus.publish({ type: 'probe', id }).catch((err: unknown) => {
        clearTimeout(timer);
        waiting.delete(id);
        reject(err);
      });
    });
  };

  return {
    probe,
    /** For the app's bus subscription: settles this process's probe; others' probes (other processes) are ignored. */
    receive(message: BusMessage) {
      if (message.type === 'probe') waiting.get(message.id)?.();
    },
  };
}
