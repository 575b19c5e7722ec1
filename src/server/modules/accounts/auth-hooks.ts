import { defaultNickname } from '@shared/accounts';
import { eq } from 'drizzle-orm';
import type { AuthHooks } from '../../auth/hooks';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { recordLoginAttempt } from './login-history';
import { nameSkeletons } from './names';
import { activeSuspension } from './standing';
import { claimFreeUsername, usableUsername } from './usernames';

/** What auth (auth/hooks.ts) takes from the domain: handed to `createAuth` by app.ts, the tests and the benches. */
export function accountAuthHooks(db: Db): AuthHooks {
  return {
    recordLoginAttempt: (userId, success, client) => recordLoginAttempt(db, userId, success, client),
    activeSuspension: (userId) => activeSuspension(db, userId, new Date()),
    // The name within the form's limit whatever the provider sent, and free whatever its case: a Discord name
    // already taken (or a form's name taken since the form checked it) becomes `name-2`, `name-3` … instead of
    // failing.
    async createProfile(user) {
      // A provider's name is nobody's typing here: hidden characters become spaces, and a name that reads as staff
      // gives way to the e-mail's local part (usernames.ts); a look-alike of a member's name is taken as taken.
      const wanted = usableUsername(user.name, defaultNickname(user.email));
      await db.transaction(async (tx) => {
        const username = await claimFreeUsername(tx, wanted);
        await tx
          .insert(profiles)
          .values({ id: user.id, username, nameSkeletons: nameSkeletons(username) })
          .onConflictDoNothing();
        // better-auth's name is what its mails greet; it follows the username (as a profile save does).
        if (username !== user.name)
          await tx.update(users).set({ name: username }).where(eq(users.id, user.id));
      });
    },
  };
}
