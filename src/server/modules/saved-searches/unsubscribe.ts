import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_LINK_DAYS } from '@shared/saved-searches';

/**
 * The alert e-mails' one-tap unsubscribe link (issue 38): a token signed with HMAC-SHA256 under a server secret
 * (`server_secrets` 'alert-unsubscribe', shared by every process, decision 025), so it works signed out and
 * cannot be forged or pointed at another member's alert. It says what to stop and until when it works:
 * one saved search's e-mails (`s`, an alert's mail), or all the member's alert e-mails (`u`, the digest).
 */
export type UnsubscribeScope = { kind: 's'; searchId: number } | { kind: 'u'; userId: string };

const b64 = (text: string) => Buffer.from(text).toString('base64url');

export function createUnsubscribeTokens(secret: string, now: () => Date = () => new Date()) {
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

  return {
    /** A token for `scope`, good for UNSUBSCRIBE_LINK_DAYS from now. */
    sign(scope: UnsubscribeScope, days = UNSUBSCRIBE_LINK_DAYS): string {
      const expires = Math.floor(now().getTime() / 1000) + days * 24 * 60 * 60;
      const subject = scope.kind === 's' ? String(scope.searchId) : scope.userId;
      const payload = b64(`${scope.kind}:${subject}:${expires}`);
      return `${payload}.${sign(payload)}`;
    },

    /** The scope a token names, or null when it is malformed, tampered with or expired. */
    verify(token: string): UnsubscribeScope | null {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const [kind, subject, expires] = Buffer.from(payload, 'base64url').toString().split(':');
      if (!subject || Number(expires) * 1000 < now().getTime()) return null;
      if (kind === 's' && /^\d{1,10}$/.test(subject)) return { kind, searchId: Number(subject) };
      if (kind === 'u') return { kind, userId: subject };
      return null;
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
