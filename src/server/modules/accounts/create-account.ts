import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@shared/accounts';
import { normalizeName } from '@shared/accounts';
import { hashPassword } from 'better-auth/crypto';
import type { Db } from '../../db/client';
import { accounts, adminRoles, profiles, users } from '../../db/schema';
import { nameSkeletons } from './names';
import { assertUsernameFree, lockUsername } from './usernames';

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
  const nickname = normalizeName(input.nickname);
  await db.transaction(async (tx) => {
    // Under the name's lock, as the sign-up form and a profile save: a taken or look-alike name is refused the same
    // way; only a staff account may carry a staff word ('Equipe Mercado Gamer').
    await lockUsername(tx, nickname);
    await assertUsernameFree(tx, input.nickname, {
      field: 'nickname',
      mayBeReserved: input.role !== undefined,
    });
    await tx.insert(users).values({
      id,
      name: nickname,
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
    await tx.insert(profiles).values({ id, username: nickname, nameSkeletons: nameSkeletons(nickname) });
    if (input.role) await tx.insert(adminRoles).values({ userId: id, role: input.role });
  });
  return { id };
}
