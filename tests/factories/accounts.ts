import type { StaffRole } from '@shared/accounts';
import { hashPassword } from 'better-auth/crypto';
import type { Db } from '../../src/server/db/client';
import { createAccount } from '../../src/server/modules/accounts/create-account';

let sequence = 0;

/**
 * One scrypt hash per password and process, shared by every member with that password: hashing is most of the
 * time a member takes to make. Signing in still checks the password the real way.
 */
const hashes = new Map<string, Promise<string>>();
function hashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  nickname: string;
}

/** A confirmed e-mail/password account with unique values; override what the test cares about. */
export async function createUser(
  db: Db,
  overrides: Partial<Omit<TestUser, 'id'>> & { role?: StaffRole; emailVerified?: boolean } = {},
): Promise<TestUser> {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  const data = {
    email: overrides.email ?? `user${tag}@teste.com.br`,
    password: overrides.password ?? 'Senha@123',
    nickname: overrides.nickname ?? `jogador${tag}`,
  };
  const { id } = await createAccount(db, {
    ...data,
    passwordHash: await hashOf(data.password),
    role: overrides.role,
    emailVerified: overrides.emailVerified,
  });
  return { id, ...data };
}

export const createStaff = (db: Db, role: StaffRole = 'admin') => createUser(db, { role });
