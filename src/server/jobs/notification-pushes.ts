import type { PushSender } from '../modules/push/sender';
import type { Job } from './job';

/**
 * Web Push (issue 38): queues the pushes of new notifications, one payload job per device (jobs/push.ts). Each
 * new notification asks for a run at once (`trigger`, like the e-mails); the 5 s slot catches what a lost wake
 * missed, so a push is queued within seconds either way.
 */
export const notificationPushesJob = (pushes: PushSender): Job => ({
  name: 'notification-pushes',
  label: 'Fila das notificações no celular',
  everySeconds: 5,
  retryLimit: 2,
  retryDelaySeconds: 5,
  async run() {
    await pushes.queueDue();
  },
});
