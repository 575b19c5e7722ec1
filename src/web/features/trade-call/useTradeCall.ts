import { callMessages as m } from '@shared/call-messages';
import type { CallSignal, ClientMessage } from '@shared/realtime';
import { CALL_SEAT_TAKEN_OVER } from '@shared/trade-call';
import { onRealtime, sendRealtime, useRealtimeLive } from '@web/lib/realtime';
import { toast } from '@web/lib/toast';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchIceServers } from './api';
import type { RoomPresence } from './usePresence';

export type CallState = 'idle' | 'connecting' | 'connected' | 'ended';
type OutgoingSignal = Extract<ClientMessage, { type: 'signal' }>['signal'];

/** The microphone as the spec asks: echo cancellation, noise suppression and automatic gain. */
export const MICROPHONE: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
  video: false,
};

/**
 * A link that has not reached 'connected' within this long restarts ICE and negotiates again: candidates lost on
 * the way, an offer or answer lost while a server lost its feed, a negotiation that stalled each end in a restart
 * instead of 'Conectando…' for good.
 */
export const CALL_CONNECT_TIMEOUT_MS = 10_000;

/** One RTCPeerConnection to one other socket in the call, negotiated the 'perfect negotiation' way. */
interface PeerLink {
  pc: RTCPeerConnection;
  /** The polite side gives way when both offer at once: the one whose connection id sorts first. */
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  /**
   * Whether this side may send offers. The impolite side always may; the polite side only once it has been
   * offered to (or after a restart): it never opens a link. Both opening at once made the polite side roll its
   * just-applied first offer back, and Chromium then sometimes gathered no candidate at all for the answer (both
   * links stuck in 'new', issue 25). Later offers (renegotiations, restarts) follow perfect negotiation as is.
   */
  mayOffer: boolean;
  /** How many connect bounds passed without 'connected' since the last (re)start. */
  timeouts: number;
  timer: ReturnType<typeof setTimeout> | null;
}

/** mm:ss (h:mm:ss past an hour), for the timer and the 'Chamada Encerrada' toast. */
export function formatCallDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const [h, min, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(min)}:${two(s)}` : `${two(min)}:${two(s)}`;
}

/**
 * The trade's voice call (docs/decisions/014-voice-call.md): a mesh of up to three (buyer, seller, one
 * intermediary), signalled over the live socket, which stamps who sent each signal. Answers the state, the
 * controls, and for the recorder the local and remote streams and whether this browser records (the
 * intermediary when in the call, otherwise the buyer).
 */
export function useTradeCall(tradeId: number, presence: RoomPresence | null) {
  const live = useRealtimeLive();
  const [state, setState] = useState<CallState>('idle');
  const [muted, setMuted] = useState(false);
  const [connectedAt, setConnectedAt] = useState<number | null>(null);
  const [endedAfterMs, setEndedAfterMs] = useState<number | null>(null);
  /** Why the server ended this tab's call, when it did (an admin took the trade over). */
  const [endedWhy, setEndedWhy] = useState<string | null>(null);
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [remote, setRemote] = useState<ReadonlyMap<string, MediaStream>>(new Map());
  const [linkStates, setLinkStates] = useState<ReadonlyMap<string, RTCPeerConnectionState>>(new Map());

  const links = useRef(new Map<string, PeerLink>());
  /** Per peer, the handling of its last signal: the next one waits for it. */
  const signalQueues = useRef(new Map<string, Promise<void>>());
  const iceServers = useRef<RTCIceServer[]>([]);
  const stream = useRef<MediaStream | null>(null);
  const inCall = useRef(false);
  /** The connection id a 'call-join' was sent for (a reconnected socket has a new one, and joins again). */
  const joinedAs = useRef<string | null>(null);
  const you = useRef<string | null>(null);
  const connectedAtRef = useRef<number | null>(null);
  you.current = presence?.you ?? null;

  const send = useCallback(
    (to: string, signal: OutgoingSignal) => sendRealtime({ type: 'signal', tradeId, to, signal }),
    [tradeId],
  );

  const closeLink = useCallback((peerId: string) => {
    const link = links.current.get(peerId);
    if (!link) return;
    links.current.delete(peerId);
    if (link.timer) clearTimeout(link.timer);
    link.pc.close();
    setRemote((now) => without(now, peerId));
    setLinkStates((now) => without(now, peerId));
  }, []);

  const closeAll = useCallback(() => {
    for (const peerId of [...links.current.keys()]) closeLink(peerId);
  }, [closeLink]);

  const linkTo = useCallback(
    (peerId: string): PeerLink | null => {
      const existing = links.current.get(peerId);
      if (existing) return existing;
      const mine = you.current;
      const local = stream.current;
      if (!mine || !local || !inCall.current) return null;
      const pc = new RTCPeerConnection({ iceServers: iceServers.current });
      const polite = mine < peerId;
      const link: PeerLink = {
        pc,
        polite,
        makingOffer: false,
        ignoreOffer: false,
        mayOffer: !polite,
        timeouts: 0,
        timer: null,
      };
      links.current.set(peerId, link);
      const current = () => links.current.get(peerId) === link;
      /** ICE again from scratch, and a new offer (rolling back one nobody answered). */
      const restart = async () => {
        link.mayOffer = true;
        try {
          if (pc.signalingState === 'have-local-offer') await pc.setLocalDescription({ type: 'rollback' });
          pc.restartIce();
        } catch {
          // Closed meanwhile: nothing to restart.
        }
      };
      /**
       * Until the link is up: after each bound the impolite side restarts (its offer also renegotiates: the
       * other side answers with fresh credentials too). The polite side restarts only when, two bounds on, it was
       * never offered to (the other tab is gone quiet); two restarts crossing would only collide.
       */
      const watch = () => {
        if (link.timer) return;
        link.timer = setTimeout(() => {
          link.timer = null;
          if (!current() || pc.connectionState === 'connected') return;
          link.timeouts += 1;
          if (!link.polite || (link.timeouts >= 2 && !pc.remoteDescription)) void restart();
          watch();
        }, CALL_CONNECT_TIMEOUT_MS);
      };
      watch();
      for (const track of local.getTracks()) pc.addTrack(track, local);
      pc.ontrack = ({ track, streams }) => {
        const [first] = streams;
        setRemote((now) => new Map(now).set(peerId, first ?? new MediaStream([track])));
      };
      pc.onicecandidate = ({ candidate }) =>
        send(peerId, {
          kind: 'ice-candidate',
          candidate: candidate ? { ...candidate.toJSON(), candidate: candidate.candidate } : null,
        });
      pc.onnegotiationneeded = async () => {
        if (!link.mayOffer) return;
        try {
          link.makingOffer = true;
          await pc.setLocalDescription();
          if (pc.localDescription) send(peerId, { kind: 'offer', sdp: pc.localDescription.sdp });
        } catch {
          // A negotiation overtaken by the other side's offer: perfect negotiation takes it from there.
        } finally {
          link.makingOffer = false;
        }
      };
      pc.onconnectionstatechange = () => {
        if (!current()) return;
        setLinkStates((now) => new Map(now).set(peerId, pc.connectionState));
        if (pc.connectionState === 'connected') link.timeouts = 0;
        else watch();
        if (pc.connectionState === 'failed' && !link.polite) void restart();
        if (pc.connectionState === 'connected' && connectedAtRef.current === null) {
          connectedAtRef.current = Date.now();
          setConnectedAt(connectedAtRef.current);
          setState('connected');
        }
      };
      return link;
    },
    [send],
  );

  const onSignal = useCallback(
    async (from: string, signal: CallSignal) => {
      if (signal.kind === 'user-left') return closeLink(from);
      const link = linkTo(from);
      if (!link || signal.kind === 'user-joined') return;
      const { pc } = link;
      if (signal.kind === 'ice-candidate') {
        try {
          await pc.addIceCandidate(signal.candidate ?? undefined);
        } catch (error) {
          if (!link.ignoreOffer) throw error;
        }
        return;
      }
      const collision = signal.kind === 'offer' && (link.makingOffer || pc.signalingState !== 'stable');
      link.ignoreOffer = !link.polite && collision;
      if (link.ignoreOffer) return;
      await pc.setRemoteDescription({ type: signal.kind, sdp: signal.sdp });
      link.mayOffer = true;
      if (signal.kind === 'offer') {
        await pc.setLocalDescription();
        if (pc.localDescription) send(from, { kind: 'answer', sdp: pc.localDescription.sdp });
      }
    },
    [closeLink, linkTo, send],
  );

  /** Leaves the call: links closed, microphone released, the server told. Answers how long it lasted. */
  const leave = useCallback(() => {
    const wasIn = inCall.current;
    inCall.current = false;
    joinedAs.current = null;
    closeAll();
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setLocalStream(null);
    setMuted(false);
    if (wasIn) sendRealtime({ type: 'call-leave', tradeId });
    const lasted = connectedAtRef.current === null ? 0 : Date.now() - connectedAtRef.current;
    connectedAtRef.current = null;
    setConnectedAt(null);
    return lasted;
  }, [closeAll, tradeId]);

  const start = useCallback(async () => {
    if (inCall.current) return;
    setState('connecting');
    setEndedAfterMs(null);
    setEndedWhy(null);
    try {
      iceServers.current = (await fetchIceServers(tradeId)).iceServers;
    } catch {
      toast.error(m.errorTitle, { description: m.connectionFailed });
      setState('idle');
      return;
    }
    let local: MediaStream;
    try {
      local = await navigator.mediaDevices.getUserMedia(MICROPHONE);
    } catch {
      toast.error(m.errorTitle, { description: m.micUnavailable });
      setState('idle');
      return;
    }
    stream.current = local;
    setLocalStream(local);
    inCall.current = true;
    // The join itself goes out once the room knows this socket (the effect below), and again after a reconnect.
    setMuted(false);
  }, [tradeId]);

  const hangUp = useCallback(() => {
    if (!inCall.current) return;
    const lasted = leave();
    setEndedAfterMs(lasted);
    setState('ended');
    toast.success(m.ended, { description: m.endedAfter(formatCallDuration(lasted)) });
  }, [leave]);

  const newCall = useCallback(() => setState('idle'), []);

  const toggleMute = useCallback(() => {
    const next = !muted;
    for (const track of stream.current?.getAudioTracks() ?? []) track.enabled = !next;
    setMuted(next);
    sendRealtime({ type: 'call-mute', tradeId, muted: next });
  }, [muted, tradeId]);

  // Into the call once the room lists this socket; again with a new socket after a reconnect.
  const me = presence?.peers.find((peer) => peer.connectionId === presence.you);
  useEffect(() => {
    if (!inCall.current || !presence || !me || me.inCall || joinedAs.current === presence.you) return;
    joinedAs.current = presence.you;
    sendRealtime({ type: 'call-join', tradeId, muted });
  });

  // The first time the server lists this socket in the call: the spec's toast.
  const confirmedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!me?.inCall || confirmedFor.current === me.connectionId) return;
    confirmedFor.current = me.connectionId;
    toast.success(m.joined);
  }, [me?.inCall, me?.connectionId]);

  // The mesh follows the room: a link to each other socket in the call, none to one that left it.
  const peersInCall = (presence?.peers ?? []).filter(
    (peer) => peer.inCall && peer.connectionId !== presence?.you,
  );
  const inCallKey = peersInCall.map((peer) => peer.connectionId).join(',');
  // A peer's offer can arrive before the room's list shows it in the call (signals are relayed at once, the list
  // is read again first): its link stays until it says 'user-left' or its socket leaves the room.
  const inRoomKey = (presence?.peers ?? []).map((peer) => peer.connectionId).join(',');
  useEffect(() => {
    if (!inCall.current || !me?.inCall) return;
    for (const peerId of inCallKey ? inCallKey.split(',') : []) linkTo(peerId);
    const inRoom = new Set(inRoomKey.split(','));
    for (const peerId of [...links.current.keys()]) if (!inRoom.has(peerId)) closeLink(peerId);
  }, [inCallKey, inRoomKey, me?.inCall, linkTo, closeLink]);

  // Signals of this trade's call, stamped by the server; someone else joining gets the spec's toast.
  useEffect(
    () =>
      onRealtime((message) => {
        // The server took this tab out of the call (the seat went to the admin who took the trade over).
        if (message.type === 'error' && message.code === CALL_SEAT_TAKEN_OVER) {
          if (!inCall.current) return;
          setEndedAfterMs(leave());
          setEndedWhy(message.message);
          setState('ended');
          toast.error(m.ended, { description: message.message });
          return;
        }
        if (message.type === 'error' && inCall.current && joinedAs.current && !confirmedFor.current) {
          toast.error(m.errorTitle, { description: message.message });
          leave();
          setState('idle');
          return;
        }
        if (message.type !== 'signal' || message.tradeId !== tradeId || !inCall.current) return;
        if (message.signal.kind === 'user-joined' && message.from.role)
          toast.success(m.joined, { description: m.peerJoined[message.from.role] });
        // One peer's signals are handled in the order they came: a candidate must wait for the offer before it
        // is set, or addIceCandidate fails and the link never connects.
        const peerId = message.from.connectionId;
        const { signal } = message;
        const handled = (signalQueues.current.get(peerId) ?? Promise.resolve())
          .then(() => onSignal(peerId, signal))
          .catch(() => {
            // One broken negotiation ends that link only; the other side starts again on its next offer.
          });
        signalQueues.current.set(peerId, handled);
      }),
    [tradeId, onSignal, leave],
  );

  // The socket dropped: the server took this tab out of the call; links go, and the join goes again.
  useEffect(() => {
    if (!live && inCall.current) {
      closeAll();
      joinedAs.current = null;
      confirmedFor.current = null;
    }
  }, [live, closeAll]);

  // Leaving the room (another page, another trade) leaves the call.
  useEffect(() => () => void leave(), [leave]);

  const intermediaryInCall = (presence?.peers ?? []).some(
    (peer) => peer.inCall && peer.role === 'intermediador',
  );
  const isRecorder =
    Boolean(me?.inCall) &&
    (me?.role === 'intermediador' || (me?.role === 'comprador' && !intermediaryInCall));

  return {
    state,
    muted,
    /** When the first link connected (the timer counts from it); null before. */
    connectedAt,
    /** How long the last call lasted, once ended. */
    endedAfterMs,
    /** Why the server ended it, when it did (pt-BR). */
    endedWhy,
    /** The state of each link, by the other socket's connection id. */
    linkStates,
    start,
    hangUp,
    newCall,
    toggleMute,
    /** For the recorder (`useCallRecording`): this browser's microphone and the others' audio. */
    localStream,
    remoteStreams: [...remote.values()],
    remote,
    /** This browser records: the intermediary when in the call, otherwise the buyer. */
    isRecorder,
  };
}

function without<T>(map: ReadonlyMap<string, T>, key: string): ReadonlyMap<string, T> {
  if (!map.has(key)) return map;
  const next = new Map(map);
  next.delete(key);
  return next;
}
