/** What the browser said about itself, as a sign-in records it. */
export interface Client {
  ipAddress: string | null;
  userAgent: string | null;
}

/**
 * What auth needs from the domain modules, handed over by whoever builds it (app.ts: `accountAuthHooks`), so that
 * auth, a layer below the modules, imports none of them (README, Layers).
 */
export interface AuthHooks {
  /** Writes one sign-in attempt on an existing account to its login history. */
  recordLoginAttempt(userId: string, success: boolean, client: Client): Promise<void>;
  /** The suspension that refuses `userId` a session now, if any (`endsAt` null: permanent). */
  activeSuspension(userId: string): Promise<{ endsAt: Date | null } | null>;
  /** Gives an account just created by better-auth (form or Discord) its public profile and a free name. */
  createProfile(user: { id: string; name: string; email: string }): Promise<void>;
}
