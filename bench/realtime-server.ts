/**
 * The server process of `bench/realtime.ts`: what `src/server/main.ts` starts (the same `buildApp` over a migrated
 * database, listening on PORT), without the demo seed, the orphan sweep and the trade timers, plus one thing main
 * has not: it takes write orders from the bench over the IPC channel and writes them the way the app does, each in
 * its own transaction, noting the moment each transaction is about to commit (wall clock, sub-millisecond) so the
 * bench can measure commit → socket receipt. Bundled by the bench with esbuild like main.ts and run with `node`,
 * so the process's memory is the app's.
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { notifications, tradeEvents, trades } from '../src/server/db/schema';

/** One write the bench orders: a notification for a user, or a trade step (row, history line, note). */
export type BenchWrite =
  | { type: 'notification'; userId: string }
  | { type: 'step'; tradeId: number; notifyUserId: string };

/** What was written: the ids the sockets will hear about, and when the transaction went to commit. */
export type BenchWritten =
  | { type: 'notification'; id: number; userId: string; commitAt: number }
  | {
      type: 'step';
      tradeId: number;
      eventId: number;
      notificationId: number;
      notifyUserId: string;
      commitAt: number;
    };

export type BenchOrder = { writes: BenchWrite[]; concurrency: number };
export type BenchReply = { written: BenchWritten[]; seconds: number; failures: string[] };
/** The process's memory after a full collection (the bench runs it with --expose-gc), in bytes. */
export type BenchMemory = { rss: number; heapUsed: number; external: number; arrayBuffers: number };

const now = () => performance.timeOrigin + performance.now();

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir });
if (database.kind === 'pglite') await database.db.execute(sql`analyze`);
const app = await buildApp(config, { database, indexHtml: null });
app.addHook('onClose', () => database.close());
const { db } = database;

async function write(order: BenchWrite): Promise<BenchWritten> {
  return db.transaction(async (tx) => {
    if (order.type === 'notification') {
      // notifications/service.ts `notify`: one insert in the caller's transaction (the trigger NOTIFYs at commit).
      const [row] = await tx
        .insert(notifications)
        .values({
          userId: order.userId,
          kind: 'trade_step',
          title: 'Aviso de bancada',
          body: 'Uma mensagem de teste de carga.',
          link: '/notificacoes',
        })
        .returning({ id: notifications.id });
      return { type: 'notification', id: row?.id as number, userId: order.userId, commitAt: now() };
    }
    // A step as the trades service writes one: the trade row changes, a history line, a note to the other party.
    await tx.update(trades).set({ updatedAt: new Date() }).where(eq(trades.id, order.tradeId));
    const [event] = await tx
      .insert(tradeEvents)
      .values({ tradeId: order.tradeId, actorId: null, kind: 'flagged', detail: 'bancada' })
      .returning({ id: tradeEvents.id });
    const [note] = await tx
      .insert(notifications)
      .values({
        userId: order.notifyUserId,
        kind: 'trade_step',
        title: 'Passo de bancada',
        body: 'A negociação avançou.',
        link: `/intermediacao/${order.tradeId}`,
      })
      .returning({ id: notifications.id });
    return {
      type: 'step',
      tradeId: order.tradeId,
      eventId: event?.id as number,
      notificationId: note?.id as number,
      notifyUserId: order.notifyUserId,
      commitAt: now(),
    };
  });
}

process.on('message', async (message: BenchOrder | { memory: true }) => {
  if ('memory' in message) {
    globalThis.gc?.();
    const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
    const reply: BenchMemory = { rss, heapUsed, external, arrayBuffers };
    process.send?.(reply);
    return;
  }
  const { writes, concurrency } = message;
  const written: BenchWritten[] = [];
  const failures: string[] = [];
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < writes.length) {
        const order = writes[next++] as BenchWrite;
        await write(order).then(
          (done) => written.push(done),
          (err: Error) => failures.push(err.message),
        );
      }
    }),
  );
  const reply: BenchReply = { written, seconds: (performance.now() - started) / 1000, failures };
  process.send?.(reply);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
await app.listen({ port: config.port, host: config.host });
