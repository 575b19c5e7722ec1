import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import type { AuthHooks } from './hooks';
import { currentAttempt } from './oauth-sign-in';

const isConfirmationLink = (context: { path?: string }) => context.path === '/verify-email';

/**
 * The e-mail confirmation link signs the member in (`autoSignInAfterVerification`): that sign-in goes to the login
 * history like the form's and Discord's. auth/routes.ts runs the link inside `withOAuthAttempt`, which gives the
 * browser's address and user agent; the session-create hook (auth.ts) notes the member when a session is made, so
 * a link opened in a browser already signed in to the same account (no new session) records nothing, nor does a
 * spent or forged link.
 */
export function confirmationSignIn({
  recordLoginAttempt,
}: Pick<AuthHooks, 'recordLoginAttempt'>): BetterAuthPlugin {
  return {
    id: 'mg-confirmation-sign-in',
    hooks: {
      after: [
        {
          matcher: isConfirmationLink,
          handler: createAuthMiddleware(async (ctx) => {
            const attempt = currentAttempt();
            const session = ctx.context.newSession;
            if (!attempt?.userId || !session || session.user.id !== attempt.userId) return;
            await recordLoginAttempt(session.user.id, true, attempt.client);
          }),
        },
      ],
    },
  };
}
