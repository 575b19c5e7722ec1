import { randomUUID } from 'node:crypto';
import { callMessages as m } from '@shared/call-messages';
import { canJoinTradeCall, canSeeTrade, tradeRoleOf } from '@shared/permissions';
import type { CallSignal, ClientMessage, RealtimeMessage, RoomPeer, RoomPeerId } from '@shared/realtime';
import { CALL_SEAT_TAKEN_OVER } from '@shared/trade-call';
import { and, asc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Viewer } from '../auth/session';
import type { Db } from '../db/client';
import { profiles, tradePresence, trades, users } from '../db/schema';
import type { BusMessage, RealtimeBus } from './bus';

/** A presence row not refreshed for this long belongs to a dead process (or a lost socket) and is dropped. */
const PRESENCE_TTL_MS = 45_000;
/** How often each process refreshes its rows and sweeps expired ones (every process sweeps; one wins each row). */
const PRESENCE_REFRESH_MS = 15_000;
/** NOTIFY carries at most 8000 bytes; a signal event bigger than this is refused before it is sent. */
const MAX_BUS_PAYLOAD_BYTES = 7900;

/** One socket of this process as the trade rooms see it. */
export interface RoomClient {
  readonly connectionId: string;
  readonly viewer: Viewer;
  send(message: RealtimeMessage): void;
  /** The room this socket is in, its role there and whether it is in the call. */
  tradeId: number | null;
  role: RoomPeerId['role'];
  inCall: boolean;
}

class Refusal extends Error {}

/**
 * The room's people now (expired rows left out), oldest first: the socket's `presence` message and the REST
 * re-read after a `resync` (trade-call/service.ts) both send this list.
 */
export function readRoomPeers(db: Db, tradeId: number): Promise<RoomPeer[]> {
  return db
    .select({
      connectionId: tradePresence.connectionId,
      userId: tradePresence.userId,
      role: tradePresence.role,
      name: sql<string>`coalesce(${profiles.username}, ${users.name})`,
      inCall: tradePresence.inCall,
      muted: tradePresence.muted,
    })
    .from(tradePresence)
    .innerJoin(users, eq(users.id, tradePresence.userId))
    .leftJoin(profiles, eq(profiles.id, tradePresence.userId))
    .where(and(eq(tradePresence.tradeId, tradeId), gt(tradePresence.expiresAt, new Date())))
    .orderBy(asc(tradePresence.joinedAt), asc(tradePresence.connectionId)) as Promise<RoomPeer[]>;
}

/**
 * The call's intermediary seat follows the trade's holder: in the transaction that gives the trade to `holderId`
 * (an admin's take-over), whoever else sits there as its intermediary loses the seat (out of the call, no role).
 * The trade event of that transaction reaches every process, and the one holding that socket tells its tab
 * (`deliver` below); the trade's row is locked by the caller, so a join of the call waits for this and finds
 * the seat free.
 */
export async function vacateIntermediarySeat(tx: Db, tradeId: number, holderId: string): Promise<void> {
  await tx
    .update(tradePresence)
    .set({ inCall: false, muted: false, role: null })
    .where(
      and(
        eq(tradePresence.tradeId, tradeId),
        eq(tradePresence.role, 'intermediador'),
        ne(tradePresence.userId, holderId),
      ),
    );
}

/**
 * Presence and the voice call's signalling (docs/decisions/014-voice-call.md). Presence lives in
 * `trade_presence`, one row per socket, refreshed by its process and swept once expired; every change is
 * announced on the bus as `{ type: 'presence', tradeId }` and each process sends the room's list to its own
 * sockets there. Signals travel whole on the bus (an audio-only SDP is a few KB) to the one socket they name,
 * which takes them only while it is in that trade's call. The sender is always the socket that sent them.
 */
export function createTradeRooms({ db, bus, log }: { db: Db; bus: RealtimeBus; log: FastifyBaseLogger }) {
  const local = new Map<string, RoomClient>();

  const expiry = () => new Date(Date.now() + PRESENCE_TTL_MS);
  const idOf = (client: RoomClient): RoomPeerId => ({
    connectionId: client.connectionId,
    userId: client.viewer.userId,
    role: client.role,
  });
  const refuse = (client: RoomClient, message: string) =>
    client.send({ type: 'error', code: 'REFUSED', message });

  async function readTrade(tradeId: number) {
    const [trade] = await db
      .select({ buyerId: trades.buyerId, sellerId: trades.sellerId, intermediaryId: trades.intermediaryId })
      .from(trades)
      .where(eq(trades.id, tradeId));
    return trade ?? null;
  }

  async function publishSignal(tradeId: number, from: RoomPeerId, to: string | null, signal: CallSignal) {
    const event = { type: 'signal' as const, tradeId, from, to, signal };
    if (Buffer.byteLength(JSON.stringify(event)) > MAX_BUS_PAYLOAD_BYTES) throw new Refusal(m.tooBig);
    await bus.publish(event);
  }

  async function joinRoom(client: RoomClient, tradeId: number) {
    const trade = await readTrade(tradeId);
    if (!trade || !canSeeTrade(client.viewer, trade)) throw new Refusal(m.notInTrade);
    if (client.tradeId !== null) await leaveRoom(client);
    client.tradeId = tradeId;
    client.role = tradeRoleOf(client.viewer, trade);
    client.inCall = false;
    local.set(client.connectionId, client);
    await db.transaction(async (tx) => {
      await tx.insert(tradePresence).values({
        connectionId: client.connectionId,
        tradeId,
        userId: client.viewer.userId,
        role: client.role,
        expiresAt: expiry(),
      });
      await bus.publish({ type: 'presence', tradeId }, tx);
    });
  }

  async function leaveRoom(client: RoomClient) {
    const { tradeId, inCall } = client;
    if (tradeId === null) return;
    local.delete(client.connectionId);
    client.tradeId = null;
    client.inCall = false;
    await db.transaction(async (tx) => {
      await tx.delete(tradePresence).where(eq(tradePresence.connectionId, client.connectionId));
      await bus.publish({ type: 'presence', tradeId }, tx);
    });
    if (inCall) await publishSignal(tradeId, idOf(client), null, { kind: 'user-left' });
  }

  async function joinCall(client: RoomClient, muted: boolean) {
    const tradeId = client.tradeId;
    if (tradeId === null) throw new Refusal(m.notInRoom);
    if (client.inCall) return;
    const role = await db.transaction(async (tx) => {
      // One connection per role in a call; the trade's row serialises joins and take-overs. The role is read
      // again under that lock: staff may have taken the trade (or an admin taken it over) meanwhile.
      const [trade] = await tx
        .select({ buyerId: trades.buyerId, sellerId: trades.sellerId, intermediaryId: trades.intermediaryId })
        .from(trades)
        .where(eq(trades.id, tradeId))
        .for('update');
      if (!trade || !canJoinTradeCall(client.viewer, trade)) throw new Refusal(m.cannotCall);
      const role = tradeRoleOf(client.viewer, trade);
      await tx
        .delete(tradePresence)
        .where(and(eq(tradePresence.tradeId, tradeId), lte(tradePresence.expiresAt, new Date())));
      const taken = await tx
        .select({ id: tradePresence.connectionId })
        .from(tradePresence)
        .where(
          and(
            eq(tradePresence.tradeId, tradeId),
            eq(tradePresence.inCall, true),
            sql`${tradePresence.role} is not distinct from ${role}`,
            ne(tradePresence.connectionId, client.connectionId),
          ),
        );
      if (taken.length > 0) throw new Refusal(m.roleTaken);
      const updated = await tx
        .update(tradePresence)
        .set({ inCall: true, muted, role, expiresAt: expiry() })
        .where(eq(tradePresence.connectionId, client.connectionId))
        .returning({ id: tradePresence.connectionId });
      if (updated.length === 0) throw new Refusal(m.notInRoom);
      await bus.publish({ type: 'presence', tradeId }, tx);
      return role;
    });
    client.role = role;
    client.inCall = true;
    await publishSignal(tradeId, idOf(client), null, { kind: 'user-joined' });
  }

  async function leaveCall(client: RoomClient) {
    const tradeId = client.tradeId;
    if (tradeId === null || !client.inCall) return;
    client.inCall = false;
    await db.transaction(async (tx) => {
      await tx
        .update(tradePresence)
        .set({ inCall: false, muted: false })
        .where(eq(tradePresence.connectionId, client.connectionId));
      await bus.publish({ type: 'presence', tradeId }, tx);
    });
    await publishSignal(tradeId, idOf(client), null, { kind: 'user-left' });
  }

  async function setMuted(client: RoomClient, muted: boolean) {
    const tradeId = client.tradeId;
    if (tradeId === null || !client.inCall) throw new Refusal(m.notInCall);
    await db.transaction(async (tx) => {
      await tx
        .update(tradePresence)
        .set({ muted })
        .where(eq(tradePresence.connectionId, client.connectionId));
      await bus.publish({ type: 'presence', tradeId }, tx);
    });
  }

  const peersOf = (tradeId: number) => readRoomPeers(db, tradeId);

  /**
   * A socket of this process the list shows out of the call it believes it is in: its seat was taken
   * (`vacateIntermediarySeat`). Its own row is read again first (the list may predate its join), then the socket
   * leaves the call as if it had hung up, and its tab is told why.
   */
  async function takeOutIfSeatLost(client: RoomClient, tradeId: number, peers: RoomPeer[]) {
    if (!client.inCall || peers.some((peer) => peer.connectionId === client.connectionId && peer.inCall))
      return;
    const [row] = await db
      .select({ inCall: tradePresence.inCall, role: tradePresence.role })
      .from(tradePresence)
      .where(eq(tradePresence.connectionId, client.connectionId));
    if (!row || row.inCall || !client.inCall || client.tradeId !== tradeId) return;
    const from = idOf(client);
    client.inCall = false;
    client.role = row.role as RoomPeerId['role'];
    client.send({ type: 'error', code: CALL_SEAT_TAKEN_OVER, message: m.seatTakenOver });
    await publishSignal(tradeId, from, null, { kind: 'user-left' });
  }

  async function deliver(message: BusMessage) {
    // A trade's step (a take-over among them) may change who sits in its call: its room's list is sent again.
    if (message.type === 'presence' || message.type === 'trade') {
      const here = [...local.values()].filter((client) => client.tradeId === message.tradeId);
      if (here.length === 0) return;
      const peers = await peersOf(message.tradeId);
      for (const client of here) {
        await takeOutIfSeatLost(client, message.tradeId, peers);
        if (client.tradeId === message.tradeId)
          client.send({ type: 'presence', tradeId: message.tradeId, you: client.connectionId, peers });
      }
      return;
    }
    if (message.type !== 'signal') return;
    const { tradeId, from, to, signal } = message;
    const targets = to === null ? [...local.values()] : local.has(to) ? [local.get(to) as RoomClient] : [];
    for (const client of targets) {
      // Only into this trade's call, never back to the sender.
      if (client.tradeId !== tradeId || !client.inCall || client.connectionId === from.connectionId) continue;
      client.send({ type: 'signal', tradeId, from, signal });
    }
  }

  /** Keeps this process's rows alive; a row swept meanwhile (a long stall) is entered again, out of the call. */
  async function refresh() {
    const ids = [...local.keys()];
    if (ids.length === 0) return;
    const kept = await db
      .update(tradePresence)
      .set({ expiresAt: expiry() })
      .where(inArray(tradePresence.connectionId, ids))
      .returning({ id: tradePresence.connectionId });
    const alive = new Set(kept.map((row) => row.id));
    for (const id of ids) {
      const client = local.get(id);
      if (!client || alive.has(id) || client.tradeId === null) continue;
      const tradeId = client.tradeId;
      client.tradeId = null;
      local.delete(id);
      await joinRoom(client, tradeId).catch((err) => log.warn({ err }, 'realtime: presença não restaurada'));
    }
  }

  /** Drops the rows nobody refreshed (their process died) and tells their rooms. Answers how many. */
  async function sweep(): Promise<number> {
    const gone = await db.delete(tradePresence).where(lte(tradePresence.expiresAt, new Date())).returning({
      connectionId: tradePresence.connectionId,
      tradeId: tradePresence.tradeId,
      userId: tradePresence.userId,
      role: tradePresence.role,
      inCall: tradePresence.inCall,
    });
    for (const tradeId of new Set(gone.map((row) => row.tradeId)))
      await bus.publish({ type: 'presence', tradeId });
    for (const row of gone) {
      if (!row.inCall) continue;
      const role = row.role as RoomPeerId['role'];
      await publishSignal(row.tradeId, { connectionId: row.connectionId, userId: row.userId, role }, null, {
        kind: 'user-left',
      });
    }
    return gone.length;
  }

  let timer: NodeJS.Timeout | null = null;

  return {
    /** The rooms' view of a new socket, with a fresh connection id. */
    client(viewer: () => Viewer, send: (message: RealtimeMessage) => void): RoomClient {
      return {
        connectionId: randomUUID(),
        get viewer() {
          return viewer();
        },
        send,
        tradeId: null,
        role: null,
        inCall: false,
      };
    },

    /** One message a browser sent (already validated); a refusal is answered to that socket only. */
    async handle(client: RoomClient, message: ClientMessage) {
      try {
        if (message.type === 'room-join') return await joinRoom(client, message.tradeId);
        if (client.tradeId !== message.tradeId) throw new Refusal(m.notInRoom);
        if (message.type === 'room-leave') return await leaveRoom(client);
        if (message.type === 'call-join') return await joinCall(client, message.muted ?? false);
        if (message.type === 'call-leave') return await leaveCall(client);
        if (message.type === 'call-mute') return await setMuted(client, message.muted);
        if (!client.inCall) throw new Refusal(m.notInCall);
        await publishSignal(message.tradeId, idOf(client), message.to, message.signal);
      } catch (err) {
        if (err instanceof Refusal) return refuse(client, err.message);
        log.error({ err }, 'realtime: falha numa mensagem da sala');
        refuse(client, m.connectionFailed);
      }
    },

    /** The socket closed: out of its room (and call) at once. */
    async close(client: RoomClient) {
      await leaveRoom(client).catch((err) => log.error({ err }, 'realtime: falha ao sair da sala'));
    },

    /** For the bus: presence changes and signals; never throws. */
    receive(message: BusMessage) {
      deliver(message).catch((err) => log.error({ err }, 'realtime: falha ao encaminhar presença ou sinal'));
    },

    refresh,
    sweep,

    /** Starts the refresh-and-sweep loop of this process. */
    start() {
      timer ??= setInterval(() => {
        refresh()
          .then(sweep)
          .catch((err) => log.error({ err }, 'realtime: falha ao renovar a presença'));
      }, PRESENCE_REFRESH_MS);
      timer.unref();
    },

    /** Stops the loop and removes this process's rows (a clean shutdown leaves nobody behind). */
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.all([...local.values()].map((client) => leaveRoom(client).catch(() => {})));
    },
  };
}

export type TradeRooms = ReturnType<typeof createTradeRooms>;
