import type { FastifyBaseLogger } from 'fastify';
import type { Job } from './job';

/**
 * With API Pix: the charges of trades still awaiting payment are asked about again (a webhook lost to a failure or
 * never sent must not leave a paid trade unpaid). Each payment is booked guarded by the trade's state, so an overlap
 * with the webhook or another process acts once; a PSP that is down is asked again at the next slot.
 */
export const pixChargeRecheckJob = (
  recheckWaitingCharges: () => Promise<number>,
  seconds: number,
  log: FastifyBaseLogger,
): Job => ({
  name: 'pix-charge-recheck',
  label: 'Cobranças PIX aguardando pagamento',
  everySeconds: seconds,
  retryLimit: 2,
  retryDelaySeconds: 30,
  async run() {
    const paid = await recheckWaitingCharges();
    if (paid > 0) log.info({ paid }, 'pix charges found paid on recheck');
  },
});
