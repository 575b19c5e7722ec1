import type { StaffRole } from '@shared/accounts';
import type { Db } from '../../src/server/db/client';
import { createAccount } from '../../src/server/modules/accounts/create-account';

let sequence = 0;

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
    role: overrides.role,
    emailVerified: overrides.emailVerified,
  });
  return { id, ...data };
}

export const createStaff = (db: Db, role: StaffRole = 'admin') => createUser(db, { role });
