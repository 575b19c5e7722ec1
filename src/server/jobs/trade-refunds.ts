import type { FastifyBaseLogger } from 'fastify';
import type { TradesService } from '../modules/trades/service';
import type { Job } from './job';

/**
 * The devoluções still with the SPI (API Pix `EM_PROCESSAMENTO`), or whose answer never came: every `seconds`
 * one process reads each again (`GET /pix/{e2eid}/devolucao/{id}`) and books what is final
 * (modules/trades/refunds.ts). Each booking is guarded by the pending devolução's id, so an overlap acts once.
 */
export const tradeRefundsJob = (
  settlePendingRefunds: TradesService['settlePendingRefunds'],
  seconds: number,
  log: FastifyBaseLogger,
): Job => ({
  name: 'trade-refunds',
  label: 'Devoluções do PIX em andamento',
  everySeconds: seconds,
  retryLimit: 2,
  retryDelaySeconds: 30,
  async run() {
    const settled = await settlePendingRefunds();
    if (settled > 0) log.info({ settled }, 'pending refunds settled');
  },
});
