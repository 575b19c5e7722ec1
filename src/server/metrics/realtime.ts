import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, type Registry } from 'prom-client';

/**
 * The live updates: sockets open on this process, and how long a bus event took from its sender's stamp to here:
 * the app's own events (chat, presence, call signals, the status probe) and the trade events and notifications
 * (migration 0036). The session and role triggers' events carry none and are not timed. Across hosts the figure
 * includes the clocks' difference (the app's or the database's). Answers the unsubscribe.
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
