import { type Mailer, mailSchema } from '../mail/mailer';
import { defineJob } from './job';

/**
 * Every one-off mail (password reset, penalties, PIX-key security notices, the staff queues' replies): written in
 * the action's transaction, sent after it commits by whichever process takes it. A failed send is tried again after
 * about `retrySeconds`, then twice as long each time, five tries in all; the last failure is a dead letter.
 */
export const mailJob = (sendMail: Mailer, retrySeconds: number) =>
  defineJob({
    name: 'mail',
    label: 'E-mails avulsos',
    schema: mailSchema,
    retryLimit: 4,
    retryDelaySeconds: retrySeconds,
    run: sendMail,
    describe: (mail) => `para ${mail.to}: ${mail.subject}`,
  });
