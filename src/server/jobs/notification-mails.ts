import type { NotificationMailSender } from '../modules/notifications/mail-sender';
import type { Job } from './job';

/**
 * Notification e-mails (decision 019): each new notification asks for a run at once (`trigger`); the 30 s
 * slot catches the retries that fell due and what a lost wake missed. Each mail keeps its own tries and backoff
 * (1, 2, 4, 8 minutes) on its notification row: a run that fails as a whole is retried by the runner too.
 */
export const notificationMailsJob = (mails: NotificationMailSender): Job => ({
  name: 'notification-mails',
  label: 'E-mails de notificação',
  everySeconds: 30,
  retryLimit: 2,
  retryDelaySeconds: 10,
  async run() {
    await mails.sendDue();
  },
});
