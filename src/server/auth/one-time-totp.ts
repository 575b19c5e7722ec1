import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { twoFactorMessages as m } from '@shared/settings-messages';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, twoFactors, verifications } from '../db/schema';

/** The app's codes: 6 digits for 30-second steps (RFC 6238 defaults, as the twoFactor plugin is configured). */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** better-auth accepts the step before and after the current one (clock drift); so do we when finding the step. */
const TOTP_WINDOW = 1;

/** The error code a replayed code is refused with (two-factor.ts and pix-keys map it to `m.codeUsed`). */
export const TOTP_CODE_USED = 'TOTP_CODE_USED';

const isVerifyTotp = (context: { path?: string }) => context.path === '/two-factor/verify-totp';

/**
 * One-time codes (RFC 6238 §5.2: "the verifier MUST NOT accept the second attempt of the OTP after the successful
 * validation has been issued for the first OTP"). better-auth 1.7's `verifyTOTP` checks only that a code fits the
 * clock, so the same six digits would open two sign-ins or two step-ups within their ~90 seconds. This hook runs
 * before every `verifyTOTP` — the sign-in's code step, the setup's confirmation, the PIX-key step-up and any later
 * caller — and, when the code is the member's code for some step of the window, claims that step with one guarded
 * UPDATE (`last_totp_step < step`): of two uses of the same code, even at once, exactly one passes; the other, and
 * any code of an earlier step, is refused as used. A code that fits no step is left to better-auth, which refuses it
 * and counts the failure. Backup codes are single-use in better-auth itself.
 */
export function oneTimeTotp({ db }: { db: Db }): BetterAuthPlugin {
  return {
    id: 'mg-one-time-totp',
    hooks: {
      before: [
        {
          matcher: isVerifyTotp,
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as { code?: unknown } | undefined;
            const code = typeof body?.code === 'string' ? body.code : '';
            const userId = await memberVerifying(ctx, db);
            if (!userId || !code) return;
            const [row] = await db
              .select({ secret: twoFactors.secret })
              .from(twoFactors)
              .where(eq(twoFactors.userId, userId));
            if (!row) return;
            const secret = await decryptSecret(ctx.context.secretConfig, row.secret);
            const step = await matchingStep(secret, code, Date.now());
            if (step === null) return;
            const claimed = await db
              .update(twoFactors)
              .set({ lastTotpStep: step })
              .where(and(eq(twoFactors.userId, userId), lt(twoFactors.lastTotpStep, step)))
              .returning({ id: twoFactors.id });
            if (claimed.length === 0) {
              throw new APIError('UNAUTHORIZED', { code: TOTP_CODE_USED, message: m.codeUsed });
            }
          }),
        },
      ],
    },
  };
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Whose code it is, the way better-auth's `verifyTOTP` decides it: the signed-in member's (setup, step-up), else
 * the member whose sign-in the signed 'two_factor' cookie continues.
 */
async function memberVerifying(ctx: HookContext, db: Db): Promise<string | null> {
  const token = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
  if (token) {
    const [session] = await db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(and(eq(sessions.token, token), gt(sessions.expiresAt, new Date())));
    if (session) return session.userId;
  }
  const challenge = await ctx.getSignedCookie(
    ctx.context.createAuthCookie('two_factor').name,
    ctx.context.secret,
  );
  if (!challenge) return null;
  const [row] = await db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, challenge), gt(verifications.expiresAt, new Date())));
  return row?.userId ?? null;
}

/** The secret as better-auth's TOTP uses it (imported secrets are stored as `base32:<secret>`). */
async function decryptSecret(
  key: HookContext['context']['secretConfig'],
  data: string,
): Promise<string | Uint8Array> {
  const secret = await symmetricDecrypt({ key, data });
  if (!secret.startsWith('base32:')) return secret;
  return base32.decode(secret.slice('base32:'.length).toUpperCase());
}

/** The latest step of the window whose code this is, or null. Every step is computed (no early exit). */
async function matchingStep(secret: string | Uint8Array, code: string, at: number): Promise<number | null> {
  const otp = createOTP(secret, { period: TOTP_PERIOD_SECONDS, digits: TOTP_DIGITS });
  const current = Math.floor(at / 1000 / TOTP_PERIOD_SECONDS);
  let matched: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    if ((await otp.hotp(step)) === code) matched = step;
  }
  return matched;
}
