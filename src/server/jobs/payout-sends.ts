import type { FastifyBaseLogger } from 'fastify';
import type { PayoutSender } from '../modules/payouts/sender';
import type { Job } from './job';

/**
 * The payout sender (decision 028): every `seconds` one process ends the holds that are over, sends the due
 * payouts (up to the per-run cap) and reads back the sends left without an answer. A trade step that makes a
 * payout due asks for a run at once (app.ts, with the notifications' wake), so a payout goes out within seconds;
 * the period catches the rest. Overlapping runs are safe: each send is claimed under its trade's lock.
 */
export const payoutSendsJob = (sender: PayoutSender, seconds: number, log: FastifyBaseLogger): Job => ({
  name: 'payout-sends',
  label: 'Repasses aos vendedores',
  everySeconds: seconds,
  retryLimit: 2,
  retryDelaySeconds: 10,
  // A run lost with its process (kill -9) must not keep the next ones from sending for the default 15 minutes.
  expireSeconds: 120,
  async run() {
    const done = await sender.sweep();
    if (done.sent + done.held + done.unheld + done.readBack + done.failed > 0)
      log.info(done, 'payouts swept');
  },
});
