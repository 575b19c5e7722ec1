import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@shared/accounts';
import { settingsMessages as m } from '@shared/settings-messages';
import { hashPassword } from 'better-auth/crypto';
import type { Db } from '../../db/client';
import { accounts, adminRoles, profiles, users } from '../../db/schema';
import { AppError } from '../../errors';
import { isUsernameTaken, lockUsername } from './usernames';

export interface NewAccount {
  email: string;
  password: string;
  nickname: string;
  role?: StaffRole;
  emailVerified?: boolean;
  /** `hashPassword(password)`, when the caller has it already (the test factories hash each password once). */
  passwordHash?: string;
}

/**
 * Writes a ready-to-use e-mail/password account in one transaction, the way better-auth would
 * (credential account with its password hash). Used by the demo seed and the test factories.
 */
export async function createAccount(db: Db, input: NewAccount): Promise<{ id: string }> {
  const id = randomUUID();
  const passwordHash = input.passwordHash ?? (await hashPassword(input.password));
  await db.transaction(async (tx) => {
    // Under the name's lock, as the sign-up form and a profile save: a taken name is refused the same way.
    await lockUsername(tx, input.nickname);
    if (await isUsernameTaken(tx, input.nickname)) {
      throw new AppError('CONFLICT', m.usernameTaken, { nickname: m.usernameTaken });
    }
    await tx.insert(users).values({
      id,
      name: input.nickname,
      email: input.email.toLowerCase(),
      emailVerified: input.emailVerified ?? true,
    });
    await tx.insert(accounts).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: passwordHash,
    });
    await tx.insert(profiles).values({ id, username: input.nickname });
    if (input.role) await tx.insert(adminRoles).values({ userId: id, role: input.role });
  });
  return { id };
}
