import { callMessages as m } from '@shared/call-messages';
import type { RoomPeer } from '@shared/realtime';
import { type TradeView, tradeRoleLabels } from '@shared/trades';
import { UserAvatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { useRecordingUnderWay } from '@web/features/trade-recording/api';
import { RecordingIndicator } from '@web/features/trade-recording/RecordingIndicator';
import { RecordingNotice } from '@web/features/trade-recording/RecordingNotice';
import { useCallRecording } from '@web/features/trade-recording/useCallRecording';
import { cn } from '@web/lib/cn';
import { useToastsAtTop } from '@web/lib/toast';
import { Headphones, Mic, MicOff, Phone, PhoneOff } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { type RoomPresence, useTradePresence } from './usePresence';
import { type CallState, formatCallDuration, useTradeCall } from './useTradeCall';

/**
 * The trade room's live side: who is in the room now (from real connections) and the recorded voice call
 * between its parties (docs/decisions/014-voice-call.md). Mounted once in the room.
 */
export function TradeCall({ trade }: { trade: TradeView }) {
  const presence = useTradePresence(trade.id);
  const call = useTradeCall(trade.id, presence);
  // Staff watching a trade another staff member took have no role in it: they see the room, not the call.
  const me = presence?.peers.find((peer) => peer.connectionId === presence.you);
  const mayCall = !me || me.role !== null;
  // One browser records the connected call (decision 015): the intermediary's, else the buyer's.
  const recordedStreams = useMemo(
    () => (call.localStream ? [call.localStream, ...call.remote.values()] : []),
    [call.localStream, call.remote],
  );
  const ownRecording = useCallRecording({
    tradeId: trade.id,
    active: call.isRecorder && call.state === 'connected',
    streams: recordedStreams,
  });
  // The others see the indicator while the server is storing the recorder's chunks.
  const othersRecording = useRecordingUnderWay(trade.id, !call.isRecorder && call.state === 'connected');
  const recordingStatus = call.isRecorder ? ownRecording.status : othersRecording ? 'recording' : 'idle';
  const live = call.state === 'connecting' || call.state === 'connected';
  // Toasts go to the top while the room is open: at the bottom right they covered the call's controls.
  useToastsAtTop();

  return (
    <section aria-labelledby="sala-de-voz" className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <h2 id="sala-de-voz" className="font-display text-lg font-semibold tracking-wide text-fg">
        {m.heading}
      </h2>
      <RoomPeople
        presence={presence}
        linkStates={call.state === 'idle' || call.state === 'ended' ? null : call.linkStates}
      />
      <div className="mt-5 flex flex-col gap-3 border-t border-line pt-4">
        {/* While a call is live, below 1024 px its status and controls ride a bar over the bottom tab bar: the
            room sits far down a long page, and hanging up must stay one tap away (pb-7: the tab bar's raised
            'Serviços' button rises into it). */}
        {live && <PhoneBarRoom />}
        <div
          data-call-controls
          className={cn(
            'flex flex-col gap-3',
            live &&
              'max-lg:fixed max-lg:inset-x-0 max-lg:bottom-[calc(4rem+1px+env(safe-area-inset-bottom))] max-lg:z-20 max-lg:border-t max-lg:border-line max-lg:bg-surface/95 max-lg:px-4 max-lg:pt-2 max-lg:pb-7 max-lg:shadow-lg max-lg:shadow-black/40 max-lg:backdrop-blur-md',
          )}
        >
          <div
            className={cn(
              'flex flex-col gap-3',
              live && 'max-lg:mx-auto max-lg:w-full max-lg:max-w-lg max-lg:flex-row max-lg:items-center',
            )}
          >
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <CallStatus
                state={call.state}
                connectedAt={call.connectedAt}
                endedAfterMs={call.endedAfterMs}
                alone={call.remote.size === 0}
              />
              {call.state === 'ended' && call.endedWhy && (
                <p className="text-sm text-muted">{call.endedWhy}</p>
              )}
              <RecordingIndicator status={recordingStatus} />
            </div>
            {call.state === 'idle' && <RecordingNotice />}
            <div className="flex shrink-0 flex-wrap gap-2">
              {call.state === 'idle' && !mayCall && <p className="text-sm text-muted">{m.cannotCall}</p>}
              {call.state === 'idle' && mayCall && (
                <Button onClick={() => void call.start()} disabled={!presence}>
                  <Phone aria-hidden />
                  {m.start}
                </Button>
              )}
              {live && (
                <>
                  <Button
                    variant="secondary"
                    size="icon"
                    aria-label={m.mute}
                    aria-pressed={call.muted}
                    title={m.mute}
                    onClick={call.toggleMute}
                  >
                    {call.muted ? <MicOff aria-hidden /> : <Mic aria-hidden />}
                  </Button>
                  <Button variant="danger" onClick={call.hangUp}>
                    <PhoneOff aria-hidden />
                    {m.hangUp}
                  </Button>
                </>
              )}
              {call.state === 'ended' && mayCall && (
                <Button variant="secondary" onClick={call.newCall}>
                  <Phone aria-hidden />
                  {m.again}
                </Button>
              )}
            </div>
          </div>
        </div>
        {[...call.remote].map(([peerId, stream]) => (
          <RemoteAudio key={peerId} stream={stream} />
        ))}
      </div>
    </section>
  );
}

/**
 * Below 1024 px, while the call's bar is up: room for it at the end of the page (the footer scrolls clear of it)
 * and a scroll padding, so an element that takes the focus is scrolled above it rather than left under it.
 */
function PhoneBarRoom() {
  useEffect(() => {
    if (!window.matchMedia('(max-width: 63.99rem)').matches) return;
    const root = document.documentElement;
    const before = root.style.scrollPaddingBottom;
    root.style.scrollPaddingBottom = '11rem';
    return () => {
      root.style.scrollPaddingBottom = before;
    };
  }, []);
  return createPortal(<div aria-hidden className="h-24 lg:hidden" />, document.body);
}

/** The people in the room, one line per person (several tabs of one person count once). */
function RoomPeople({
  presence,
  linkStates,
}: {
  presence: RoomPresence | null;
  /** While this tab is in the call: the state of its link to each other socket. */
  linkStates: ReadonlyMap<string, RTCPeerConnectionState> | null;
}) {
  if (!presence) return <p className="mt-3 text-sm text-muted">{m.offline}</p>;
  const people = new Map<string, RoomPeer & { isYou: boolean }>();
  for (const peer of presence.peers) {
    const seen = people.get(peer.userId);
    const isYou = (seen?.isYou ?? false) || peer.connectionId === presence.you;
    // The tab in the call speaks for the person.
    const shown = seen && (seen.inCall || !peer.inCall) ? seen : peer;
    people.set(peer.userId, { ...shown, isYou });
  }
  const others = [...people.values()].filter((person) => !person.isYou);
  return (
    <div className="mt-3">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted">{m.inRoom}</h3>
      <ul className="mt-2 flex flex-col gap-2.5">
        {[...people.values()].map((person) => (
          <li key={person.userId} className="flex items-center gap-3">
            <span className="relative">
              <UserAvatar name={person.name} src={null} size="md" />
              <span
                aria-hidden
                className="absolute -right-0.5 -bottom-0.5 size-3 rounded-full border-2 border-surface bg-accent"
              />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-xs font-semibold uppercase tracking-wide text-muted">
                {person.role ? tradeRoleLabels[person.role] : m.staff}
                {person.isYou && <span className="ml-1.5 text-accent">{m.you}</span>}
              </p>
              <p className="truncate text-sm font-semibold text-fg">{person.name}</p>
            </div>
            {person.inCall &&
              (linkStates && !person.isYou && linkStates.get(person.connectionId) !== 'connected' ? (
                <span className="inline-flex items-center gap-1 text-xs text-muted">
                  <Headphones aria-hidden className="size-4" />
                  {m.linking}
                </span>
              ) : (
                <span className="inline-flex items-center gap-1 text-xs text-accent">
                  <Headphones aria-hidden className="size-4" />
                  {m.inCall}
                </span>
              ))}
            {person.inCall && person.muted && (
              <span className="inline-flex items-center text-muted">
                <MicOff aria-hidden className="size-4" />
                <span className="sr-only">{m.mutedLabel}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
      {others.length === 0 && <p className="mt-2 text-xs text-muted">{m.nobody}</p>}
    </div>
  );
}

function CallStatus({
  state,
  connectedAt,
  endedAfterMs,
  alone,
}: {
  state: CallState;
  connectedAt: number | null;
  endedAfterMs: number | null;
  alone: boolean;
}) {
  const label =
    state === 'connecting' && alone ? m.states.waiting : state === 'ended' ? m.ended : m.states[state];
  return (
    <div className="flex items-center justify-between gap-3">
      <p
        role="status"
        className={cn('text-sm font-semibold', state === 'connected' ? 'text-accent' : 'text-fg')}
      >
        {label}
      </p>
      {state === 'connected' && connectedAt !== null && <CallTimer since={connectedAt} />}
      {state === 'ended' && endedAfterMs !== null && (
        <p className="font-mono text-sm text-muted">
          <span className="sr-only">{m.durationLabel}: </span>
          {formatCallDuration(endedAfterMs)}
        </p>
      )}
    </div>
  );
}

/** The call's duration, ticking every second. */
function CallTimer({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  return (
    <p className="font-mono text-sm text-fg tabular-nums">
      <span className="sr-only">{m.durationLabel}: </span>
      <time>{formatCallDuration(now - since)}</time>
    </p>
  );
}

/** The others' audio, played as it arrives (no controls: the call's buttons are the controls). */
function RemoteAudio({ stream }: { stream: MediaStream }) {
  return (
    // biome-ignore lint/a11y/useMediaCaption: live speech of a call has no captions to give
    <audio
      autoPlay
      ref={(element) => {
        if (element && element.srcObject !== stream) element.srcObject = stream;
      }}
    />
  );
}
