import { CONFIRMATION_LINK_HOURS, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@shared/accounts';
import { suspendedMessage } from '@shared/moderation-messages';
import { paths } from '@shared/paths';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { genericOAuth, twoFactor } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { accounts, sessions, twoFactors, users, verifications } from '../db/schema';
import type { Mailer, QueueMail } from '../mail/mailer';
import { confirmationMail } from '../mail/templates/confirmation';
import { passwordResetMail } from '../mail/templates/password-reset';
import { confirmationSignIn } from './confirmation-sign-in';
import { CLIENT_IP_HEADER } from './headers';
import type { AuthHooks } from './hooks';
import { noteOAuthEmail, noteOAuthMember, oauthSignIn } from './oauth-sign-in';
import { oneTimeTotp, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from './one-time-totp';

const DAY = 24 * 60 * 60;
/** How long an e-mail confirmation link stays valid, in seconds (the mail and the confirmation page say so). */
const CONFIRMATION_EXPIRES_IN = CONFIRMATION_LINK_HOURS * 60 * 60;
/** How long a password-reset link stays valid, in seconds. */
const PASSWORD_RESET_EXPIRES_IN = 60 * 60;
/** The SPA page the reset link opens; it posts the token to /api/accounts/password-reset/confirm. */
const PASSWORD_RESET_PATH = paths.resetPassword;

/** How long the code step of a sign-in stays open after the right password, in seconds. */
const TWO_FACTOR_CHALLENGE_SECONDS = 10 * 60;

/**
 * How stale a session's "last seen" (`sessions.updated_at`) may get: a request on a session older than this
 * refreshes it (one write per session per interval, none per request). Decision 012.
 */
const SESSION_TOUCH_SECONDS = 5 * 60;

export type Auth = ReturnType<typeof createAuth>;

/**
 * better-auth over our Drizzle tables: e-mail + password with confirmation, Discord through OAuth2. What it needs
 * from the domain (login history, suspensions, profiles) comes in `hooks`.
 */
export function createAuth(
  config: Config & { sessionSecret: string },
  db: Db,
  /**
   * `send` now: the sign-up's confirmation, whose failure the form shows (a sign-in mails a fresh one);
   * `queue`: the mail job (retried, then a dead letter).
   */
  mail: { send: Mailer; queue: QueueMail },
  log: FastifyBaseLogger,
  hooks: AuthHooks,
) {
  const origin = new URL(config.publicUrl);
  // TOTP from an authenticator app plus ten single-use backup codes; a sign-in of an account with it on ends with
  // a short-lived 'two_factor' cookie instead of a session (accounts/two-factor.ts). Its challenge is reused on
  // the Discord callback (oauth-sign-in.ts).
  const twoFactorPlugin = twoFactor({
    issuer: 'Mercado Gamer',
    twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_SECONDS,
    totpOptions: { period: TOTP_PERIOD_SECONDS, digits: TOTP_DIGITS },
  });
  const [twoFactorChallenge] = twoFactorPlugin.hooks.after;
  if (!twoFactorChallenge) throw new Error('better-auth twoFactor plugin without its sign-in hook');
  return betterAuth({
    appName: 'Mercado Gamer',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.sessionSecret,
    logger: {
      log: (level, message, ...args) => log[level]({ args }, `[auth] ${message}`),
    },
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    user: { additionalFields: { mainGame: { type: 'string', required: false, input: true } } },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_EXPIRES_IN,
      // The reset ends every session of the account, in the same transaction as the new password.
      revokeSessionsOnPasswordReset: true,
      // The link goes straight to our page with the token (better-auth's own /reset-password/:token redirect
      // stays closed). The mail is a job, queued in the background: a request for an unknown address queues
      // nothing, and awaiting even the queueing only for real accounts would tell them apart by the answer's time.
      // Once queued, a failed send is retried and ends as a dead letter (decision 021).
      sendResetPassword: async ({ user, token }) => {
        const link = `${config.publicUrl}${PASSWORD_RESET_PATH}?token=${encodeURIComponent(token)}`;
        mail
          .queue(passwordResetMail(user.email, user.name, link, PASSWORD_RESET_EXPIRES_IN / 60))
          .catch((error: unknown) => log.error({ err: error }, '[auth] password-reset mail not queued'));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A sign-in with the right password on an unconfirmed account mails a fresh link (the first may have expired).
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: CONFIRMATION_EXPIRES_IN,
      sendVerificationEmail: async ({ user, url }) => {
        await mail.send(confirmationMail(user.email, user.name, url, CONFIRMATION_LINK_HOURS));
      },
    },
    session: { expiresIn: 30 * DAY, updateAge: SESSION_TOUCH_SECONDS },
    // Credentials go through our own routes, limited in the database (rate-limit.ts); better-auth's own
    // endpoints for them are not exposed at all (auth/routes.ts, decision 006).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'mg',
      useSecureCookies: origin.protocol === 'https:',
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      // Whatever the way in (form or Discord), a suspended member gets no session; the form's login tells
      // them until when (accounts/service.ts). Staff end their existing sessions when suspending.
      session: {
        create: {
          before: async (session) => {
            noteOAuthMember(session.userId);
            const suspension = await hooks.activeSuspension(session.userId);
            if (suspension) {
              throw new APIError('FORBIDDEN', {
                code: 'ACCOUNT_SUSPENDED',
                message: suspendedMessage(suspension.endsAt),
              });
            }
          },
        },
      },
      user: {
        create: {
          // Every account, whatever its origin (form or Discord), gets its public profile (accounts/auth-hooks.ts).
          after: (user) => hooks.createProfile(user),
        },
      },
    },
    plugins: [
      twoFactorPlugin,
      // Each code of the app opens one door: a step that succeeded never succeeds again (one-time-totp.ts).
      oneTimeTotp({ db }),
      confirmationSignIn(hooks),
      ...(config.discord
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'discord',
                  name: 'Discord',
                  clientId: config.discord.clientId,
                  clientSecret: config.discord.clientSecret,
                  authorizationUrl: config.discord.authorizationUrl,
                  tokenUrl: config.discord.tokenUrl,
                  userInfoUrl: config.discord.userInfoUrl,
                  scopes: ['identify', 'email'],
                  mapProfileToUser: (profile) => {
                    noteOAuthEmail(profile.email ?? undefined);
                    return {
                      name: String(profile.global_name ?? profile.username ?? profile.name ?? ''),
                      email: profile.email ?? undefined,
                      emailVerified: profile.verified === true || profile.email_verified === true,
                    };
                  },
                },
              ],
            }),
            // After genericOAuth and twoFactor: their callback work is done when these hooks run.
            oauthSignIn({ db, hooks, publicUrl: config.publicUrl, twoFactorChallenge }),
          ]
        : []),
    ],
  });
}
