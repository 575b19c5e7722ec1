import { performance } from 'node:perf_hooks';
import type { RealtimeMessage } from '@shared/realtime';
import WebSocket from 'ws';

/** What the sockets measured: chat delays (POST sent → 'chat' on the other party's socket) and reconnections. */
export interface SocketFigures {
  chatDelays: number[];
  /** Close → 'hello' again, one entry per reconnection. */
  reconnects: number[];
  /** Chat messages sent while the recipient's socket was down or reconnecting: not replayed (decision 013). */
  missedWhileDown: number;
  /** Upgrades refused or failed while reconnecting (the dead process, before nginx stopped choosing it). */
  failedAttempts: number;
}

export const createSocketFigures = (): SocketFigures => ({
  chatDelays: [],
  reconnects: [],
  missedWhileDown: 0,
  failedAttempts: 0,
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A member's live channel, as a browser tab keeps it: `/ws` with the session cookie, opened again (backing off
 * up to 1 s) whenever it closes until `stop()`. Chat messages the member should get are expected with the time
 * they were sent, and matched in order per trade when the socket says `{ type: 'chat', change: 'message' }`.
 */
export function openLiveSocket(wsUrl: string, origin: string, cookie: string, figures: SocketFigures) {
  const pending = new Map<number, number[]>();
  let socket: WebSocket | null = null;
  let up = false;
  let stopped = false;

  const connect = () =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(wsUrl, { headers: { cookie, origin } });
      ws.on('message', (data) => {
        const m = JSON.parse(String(data)) as RealtimeMessage;
        if (m.type === 'hello') {
          up = true;
          resolve();
        } else if (m.type === 'chat' && m.change === 'message') {
          const sentAt = pending.get(m.tradeId)?.shift();
          if (sentAt !== undefined) figures.chatDelays.push(performance.now() - sentAt);
        }
      });
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
      ws.on('error', reject);
      ws.once('close', () => {
        reject(new Error('closed before hello'));
        // Only a socket that was up starts the loop; a failed attempt is retried by the loop itself.
        if (socket === ws && up && !stopped) void reconnect();
      });
      socket = ws;
    });

  async function reconnect() {
    up = false;
    const closedAt = performance.now();
    for (const list of pending.values()) figures.missedWhileDown += list.length;
    pending.clear();
    for (let attempt = 1; !stopped; attempt++) {
      try {
        await connect();
        figures.reconnects.push(performance.now() - closedAt);
        return;
      } catch {
        figures.failedAttempts++;
        await wait(Math.min(1000, 50 * attempt));
      }
    }
  }

  return {
    ready: connect(),
    /** A chat message was just sent in `tradeId` to this member (not counted while the socket is down). */
    expectChat(tradeId: number, sentAt: number) {
      if (!up) {
        figures.missedWhileDown++;
        return;
      }
      const list = pending.get(tradeId) ?? [];
      list.push(sentAt);
      pending.set(tradeId, list);
    },
    /** The message was refused: nothing will come. */
    forgetChat(tradeId: number, sentAt: number) {
      const list = pending.get(tradeId);
      const at = list?.indexOf(sentAt) ?? -1;
      if (list && at >= 0) list.splice(at, 1);
    },
    waiting: () => [...pending.values()].reduce((n, list) => n + list.length, 0),
    stop() {
      stopped = true;
      socket?.terminate();
    },
  };
}

export type LiveSocket = ReturnType<typeof openLiveSocket>;
