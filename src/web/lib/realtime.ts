import type { ClientMessage, RealtimeMessage } from '@shared/realtime';
import { REAUTHENTICATE_CLOSES } from '@shared/realtime-close';
import { useSyncExternalStore } from 'react';

/**
 * The tab's one live socket (`/ws`, issue 11), open while someone signed in holds it (`holdRealtime`). It
 * reconnects after 1 s, 2 s, 4 s … up to 30 s, each with jitter so a restarted server is not hit by every tab
 * at once, and resumes from the last trade event it saw (`?since=`): the server replays what was missed.
 * Messages carry ids only; features turn them into refetches of the REST routes.
 *
 * A server shutting down closes the socket with 1012 (`REALTIME_CLOSE.serviceRestart`, issue 24): like any drop of
 * an open socket, the tab reconnects after the first, shortest delay (0.5–1 s, jittered so the tabs of a stopping
 * process do not all land at once on the others) and resumes from its last event.
 *
 * When the server closes the socket because its session ended or the user's rights changed (`REALTIME_CLOSE`,
 * issue 25), the tab says 'session-changed' and reconnects once, at once, without `?since=`: the new socket is
 * whoever the cookie now says (the same member with new rights, someone else, or nobody). If that reconnect is
 * refused (401, signed out), it stops there rather than retrying forever; a new `holdRealtime` starts it again.
 */

/**
 * What listeners hear: the server's messages ('resync' also when the socket first opens), 'reconnected' when a
 * dropped socket is back, and 'session-changed' when the server closed it because the session ended or the rights
 * changed.
 */
export type RealtimeSignal = RealtimeMessage | { type: 'reconnected' } | { type: 'session-changed' };

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;

const listeners = new Set<(signal: RealtimeSignal) => void>();
const liveListeners = new Set<() => void>();
let socket: WebSocket | null = null;
let holders = 0;
let live = false;
let openedBefore = false;
let attempt = 0;
let retry: ReturnType<typeof setTimeout> | null = null;
/** The newest trade event id this tab has heard of; null until the first 'hello'. */
let lastEventId: number | null = null;
/** True from a close for the session or the rights until the next open: the one reconnect it allows. */
let reauthenticating = false;

function setLive(next: boolean) {
  if (live === next) return;
  live = next;
  for (const listener of liveListeners) listener();
}

function emit(signal: RealtimeSignal) {
  for (const listener of listeners) listener(signal);
}

function connect() {
  retry = null;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const since = lastEventId === null ? '' : `?since=${lastEventId}`;
  const ws = new WebSocket(`${scheme}://${location.host}/ws${since}`);
  socket = ws;
  ws.onopen = () => {
    attempt = 0;
    reauthenticating = false;
    setLive(true);
    // The first open: what the page read before the socket was live may already be behind (the socket now opens
    // after the members' code arrives), and nothing is replayed without a last id: every listener rereads.
    // A reopen replays the missed trade events (`since`) and rereads what is not replayed.
    emit(openedBefore ? { type: 'reconnected' } : { type: 'resync' });
    openedBefore = true;
  };
  ws.onmessage = (event) => {
    let message: RealtimeMessage;
    try {
      message = JSON.parse(String(event.data)) as RealtimeMessage;
    } catch {
      return;
    }
    if (message.type === 'trade' || message.type === 'hello') {
      const id = message.type === 'trade' ? message.eventId : message.lastEventId;
      lastEventId = Math.max(lastEventId ?? 0, id);
    }
    emit(message);
  };
  ws.onclose = (event) => {
    if (socket !== ws) return;
    socket = null;
    setLive(false);
    if (holders === 0) return;
    if (REAUTHENTICATE_CLOSES.has(event.code)) {
      // Nothing of the old rights carries over: no replay from its last id (the 'reconnected' rereads all).
      lastEventId = null;
      reauthenticating = true;
      emit({ type: 'session-changed' });
      connect();
    } else if (reauthenticating) {
      // The one reconnect after a session ended did not open (refused: signed out): no retry loop.
      reauthenticating = false;
    } else scheduleRetry();
  };
}

function scheduleRetry() {
  if (retry) return;
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** attempt);
  attempt += 1;
  retry = setTimeout(connect, ceiling / 2 + Math.random() * (ceiling / 2));
}

function disconnect() {
  if (retry) clearTimeout(retry);
  retry = null;
  const ws = socket;
  socket = null;
  setLive(false);
  // Another user may sign in next: nothing of this one's carries over.
  lastEventId = null;
  openedBefore = false;
  reauthenticating = false;
  attempt = 0;
  ws?.close();
}

/**
 * Keeps the socket open until the returned release is called (by the last holder). The release waits a tick,
 * so a remount (React's StrictMode, a route change) keeps the same socket instead of closing one still opening.
 */
export function holdRealtime(): () => void {
  holders += 1;
  if (!socket && !retry) connect();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    setTimeout(() => {
      if (holders === 0) disconnect();
    }, 0);
  };
}

/** Calls `listener` with every message of the socket; answers the unsubscribe. */
export function onRealtime(listener: (signal: RealtimeSignal) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Sends `message` on the open socket (trade rooms and the voice call, decision 014); false while it is down.
 * Whatever needs the server to remember it (a room, a call) sends it again when the socket is back.
 */
export function sendRealtime(message: ClientMessage): boolean {
  if (!socket || socket.readyState !== WebSocket.OPEN) return false;
  socket.send(JSON.stringify(message));
  return true;
}

/** True while the socket is open: queries drop their safety polling then. */
export function useRealtimeLive(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      liveListeners.add(onChange);
      return () => liveListeners.delete(onChange);
    },
    () => live,
    () => false,
  );
}

// Coming back online or to the tab: try now rather than at the end of a long backoff.
if (typeof window !== 'undefined') {
  const retryNow = () => {
    if (holders === 0 || socket || !retry) return;
    clearTimeout(retry);
    connect();
  };
  window.addEventListener('online', retryNow);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') retryNow();
  });
}
