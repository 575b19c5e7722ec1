import path from 'node:path';

/** A confirmed account with a live session, made before the server starts (see global-setup.ts). */
export interface PoolMember {
  email: string;
  password: string;
  nickname: string;
  userId: string;
  /** The session cookie exactly as the server's Set-Cookie would have put it in the browser. */
  cookie: { name: string; value: string };
}

export interface MemberPool {
  members: PoolMember[];
  /** Members with an `admin_roles` row ('admin'): the staff side without the shared demo admin. */
  staff: PoolMember[];
}

export const memberPoolFile = (dataDir: string) => path.join(dataDir, 'e2e-members.json');
