import { z } from 'zod';
import type { PushSender } from '../modules/push/sender';
import { defineJob } from './job';

/**
 * One Web Push to one device (issue 38), queued by the push sweep in the claim's transaction. A push service that
 * is busy (429) or failing (5xx), or does not answer, fails the try: PUSH_RETRY_SECONDS (10 s), then about twice as
 * long each time, six tries in all (about 10 minutes), then a dead letter. A gone device (404/410) is deleted, not retried.
 */
export const pushJob = (pushes: () => PushSender, retrySeconds: number) =>
  defineJob({
    name: 'push',
    label: 'Notificações no celular',
    schema: z.object({ subscriptionId: z.number().int(), notificationId: z.number().int() }),
    retryLimit: 5,
    retryDelaySeconds: retrySeconds,
    async run(order) {
      await pushes().deliver(order);
    },
    describe: (order) => `notificação ${order.notificationId} ao dispositivo ${order.subscriptionId}`,
  });
