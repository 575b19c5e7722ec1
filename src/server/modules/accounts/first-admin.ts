import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { adminRoles, users } from '../../db/schema';
import { createAccount } from './create-account';

/**
 * The first admin of a marketplace started without demo data (production): with ADMIN_EMAIL and ADMIN_PASSWORD set
 * and no admin yet, that account is made an admin (created, its e-mail taken as confirmed), so someone can run the
 * staff panel from the first start. Once any admin exists it does nothing: the team is managed in the panel. An
 * address a member already holds is refused (said in the log), never promoted.
 */
export async function ensureFirstAdmin(
  db: Db,
  admin: { email: string | undefined; password: string | undefined },
): Promise<'created' | 'exists' | 'not-configured' | 'email-taken'> {
  if (!admin.email || !admin.password) return 'not-configured';
  const [existing] = await queryRows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from ${adminRoles} where ${adminRoles.role} = 'admin') as any`,
  );
  if (existing?.any) return 'exists';
  // A member already holds the address: never promoted from here (whoever signed it up may not be the operator).
  const [taken] = await queryRows<{ any: boolean }>(
    db,
    sql`select exists (select 1 from ${users} where ${users.email} = ${admin.email.toLowerCase()}) as any`,
  );
  if (taken?.any) return 'email-taken';
  try {
    await createAccount(db, {
      email: admin.email,
      password: admin.password,
      nickname: 'Administrador',
      role: 'admin',
    });
  } catch (error) {
    // Two processes starting at once on an empty database: the other one made it.
    const [made] = await queryRows<{ any: boolean }>(
      db,
      sql`select exists (select 1 from ${adminRoles} where ${adminRoles.role} = 'admin') as any`,
    );
    if (made?.any) return 'exists';
    throw error;
  }
  return 'created';
}
