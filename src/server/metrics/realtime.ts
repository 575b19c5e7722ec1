import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, type Registry } from 'prom-client';

/**
 * The live updates: sockets open on this process, and how long a bus event took from its publisher's stamp to
 * here. Only the events published from code carry a stamp (chat, presence, call signals, the status probe); those
 * the database's triggers send (trade events, notifications, sessions) do not, and are not timed. Across hosts the
 * figure includes their clocks' difference. Answers the unsubscribe.
 */
export async function observeRealtime(app: FastifyInstance, registry: Registry) {
  new Gauge({
    name: 'realtime_open_sockets',
    help: 'WebSockets abertos neste processo',
    registers: [registry],
    collect() {
      this.set(app.realtimeHub.size());
    },
  });
  const lag = new Histogram({
    name: 'realtime_delivery_lag_seconds',
    help: 'Do envio de um aviso ao barramento (NOTIFY) até a sua chegada aqui',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  return app.realtime.subscribe((_message, sentAt) => {
    if (sentAt !== null) lag.observe(Math.max(0, Date.now() - sentAt) / 1000);
  });
}
