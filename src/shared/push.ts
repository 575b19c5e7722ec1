import { z } from 'zod';
import type { NotificationKind } from './notification-constants';

/**
 * Web Push (issue 38): the moments a member may have pushed to their phone, each with its own switch in settings.
 * A notification's kind decides its event (`pushEventOfKind`); one event may gather several kinds (an offer's
 * acceptance and its refusal are one switch).
 */
export const pushEvents = [
  'payment_confirmed',
  'offer_received',
  'offer_answered',
  'trade_message',
  'delivered',
  'dispute',
  'payout_sent',
  'alert_match',
] as const;
export type PushEvent = (typeof pushEvents)[number];

/** The switches' labels beside the e-mail switch (settings). */
export const pushEventLabels: Record<PushEvent, string> = {
  payment_confirmed: 'Pagamento confirmado',
  offer_received: 'Nova oferta',
  offer_answered: 'Oferta aceita ou recusada',
  trade_message: 'Nova mensagem na intermediação',
  delivered: 'Entrega realizada',
  dispute: 'Disputa aberta ou respondida',
  payout_sent: 'Repasse enviado ou recusado',
  alert_match: 'Alerta de busca',
};

/**
 * Which push event each notification kind is (null: none, the bell and the e-mail only). The type asks for every
 * kind: a branch adding a kind adds its line here. Deadline warnings, reviews and support stay off the phone: a push for each
 * would teach people to ignore the ones about money.
 */
export const pushEventOfKind: Record<NotificationKind, PushEvent | null> = {
  offer_received: 'offer_received',
  offer_accepted: 'offer_answered',
  offer_rejected: 'offer_answered',
  offer_withdrawn: null,
  trade_started: null,
  trade_step: null,
  delivery_marked: 'delivered',
  dispute_opened: 'dispute',
  dispute_decided: 'dispute',
  trade_cancelled: null,
  timer_warning: null,
  review_received: null,
  review_answered: null,
  support_reply: null,
  // Web Push (issue 38)
  payment_confirmed: 'payment_confirmed',
  trade_message: 'trade_message',
  // Instant delivery (issue 37): the code in the room is a delivery; an empty stock waits for the seller's next visit.
  code_delivered: 'delivered',
  instant_stock_empty: null,
  instant_moderated: null,
  // Payouts (issue 36): a refused payout is the seller's to fix, under the same switch as the one sent.
  payout_sent: 'payout_sent',
  payout_failed: 'payout_sent',
  // Saved searches that alert (issue 38).
  saved_search_match: 'alert_match',
};

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

/**
 * How long the push service keeps a push for a phone that is off (TTL, seconds) and how urgent it is (RFC 8030
 * §5.3: a phone saving battery wakes only for `high`). Money and disputes wait a day and wake the phone; a chat
 * message is stale after an hour; an alert is worth little after a few hours (the listing may be gone).
 */
export const pushDelivery: Record<PushEvent, { ttlSeconds: number; urgency: PushUrgency }> = {
  payment_confirmed: { ttlSeconds: 24 * 3600, urgency: 'high' },
  offer_received: { ttlSeconds: 12 * 3600, urgency: 'normal' },
  offer_answered: { ttlSeconds: 12 * 3600, urgency: 'normal' },
  trade_message: { ttlSeconds: 3600, urgency: 'normal' },
  delivered: { ttlSeconds: 24 * 3600, urgency: 'high' },
  dispute: { ttlSeconds: 24 * 3600, urgency: 'high' },
  payout_sent: { ttlSeconds: 24 * 3600, urgency: 'normal' },
  alert_match: { ttlSeconds: 4 * 3600, urgency: 'low' },
};

/**
 * What a push carries, encrypted for the device: exactly what the notification shows and where a tap goes. No
 * ids of people, no e-mail, no amounts beyond the notification's own text, never a token.
 */
export const pushPayload = z.object({
  title: z.string(),
  body: z.string(),
  /** An app path ('/intermediacao/12'): the service worker opens it on the tap. */
  url: z.string(),
  /** One notification per tag on the phone: a newer one about the same thing replaces the older. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayload>;

/** The bytes of a P-256 public key (65, uncompressed) and of an auth secret (16), in base64url, as browsers give them. */
const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((v) => Buffer.from(v, 'base64url').length === bytes, 'chave inválida');

export const MAX_PUSH_ENDPOINT = 1000;
/** Devices one member may keep subscribed: a phone, a tablet, a few browsers. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/** `POST /api/push/subscriptions`: what `PushSubscription.toJSON()` gives. */
export const pushSubscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(MAX_PUSH_ENDPOINT),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

export const pushDevice = z.object({
  id: z.number().int(),
  /** 'Chrome no Android', from the user agent that subscribed. */
  device: z.string(),
  /** The push service's host ('fcm.googleapis.com'): which browser family, never the endpoint (a capability). */
  service: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDevice>;
export const pushDevices = z.object({ devices: z.array(pushDevice) });
export const pushDeviceParams = z.object({ id: z.coerce.number().int().positive() });

export const pushKey = z.object({ publicKey: z.string() });

export const pushEventSwitches = z.object(
  Object.fromEntries(pushEvents.map((event) => [event, z.boolean()])) as Record<PushEvent, z.ZodBoolean>,
);
export type PushEventSwitches = z.infer<typeof pushEventSwitches>;
/** Every event is on until the member turns it off: subscribing a device is the opt-in. */
export const defaultPushEventSwitches = Object.fromEntries(
  pushEvents.map((event) => [event, true]),
) as PushEventSwitches;
export const pushEventSwitchesInput = pushEventSwitches.partial();
