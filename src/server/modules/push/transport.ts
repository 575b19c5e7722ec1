import type { PushPayload, PushUrgency } from '@shared/push';
import webpush from 'web-push';
import type { VapidKeys } from './keys';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the push service answered: its status, and its Retry-After when it asks us to wait. */
export interface PushAnswer {
  status: number;
}

/** A push service's answer that means the subscription is gone for good (RFC 8030 §7.3; FCM, Mozilla, Apple). */
export const isGone = (status: number) => status === 404 || status === 410;
/** Worth another try later: too many (429) or the service's own trouble (5xx). */
export const isTransient = (status: number) => status === 429 || status >= 500;

/**
 * Sends one push: the `web-push` library signs the VAPID JWT (audience: the endpoint's origin, 12 h) and encrypts
 * the payload (aes128gcm, RFC 8291); the request goes through fetch, which answers the status instead of throwing
 * on it, so the sender decides what each means. The topic lets the push service replace a newer push about the
 * same thing still waiting for an offline phone.
 */
export function createPushTransport(vapid: VapidKeys & { subject: string }, timeoutMs = 10_000) {
  return async function deliver(
    target: PushTarget,
    payload: PushPayload,
    options: { ttlSeconds: number; urgency: PushUrgency },
  ): Promise<PushAnswer> {
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: vapid,
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        contentEncoding: 'aes128gcm',
        ...(/^[A-Za-z0-9_-]{1,32}$/.test(payload.tag) && { topic: payload.tag }),
      },
    );
    const headers = { ...(details.headers as Record<string, string>) };
    // fetch sets it from the body.
    delete headers['Content-Length'];
    const res = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: new Uint8Array(details.body as Buffer),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    await res.body?.cancel();
    return { status: res.status };
  };
}

export type PushTransport = ReturnType<typeof createPushTransport>;
