import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoles, games, users } from '../../src/server/db/schema';
import { ensureFirstAdmin } from '../../src/server/modules/accounts/first-admin';
import { ensureGameCatalogue, gameCatalogue } from '../../src/server/modules/games/catalogue';
import { createUser } from '../factories/accounts';
import { signIn } from '../helpers/http';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A production start (no demo data): the catalogue of games and the first admin come from the start itself.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a first start without demo data', () => {
  it('writes the games once, in sidebar order', async () => {
    expect(await ensureGameCatalogue(t.db)).toBe(true);
    expect(await ensureGameCatalogue(t.db)).toBe(false);
    const rows = await t.db.select({ slug: games.slug }).from(games).orderBy(games.sortOrder);
    expect(rows.map((row) => row.slug)).toEqual(gameCatalogue.map((game) => game.slug));
    const sidebar = (await t.app.inject('/api/games')).json() as { games: unknown[] };
    expect(sidebar.games).toHaveLength(gameCatalogue.length);
  });

  it('makes ADMIN_EMAIL the first admin, never a member who holds the address, and only while there is none', async () => {
    const admins = () => t.db.select().from(adminRoles).where(eq(adminRoles.role, 'admin'));
    expect(await ensureFirstAdmin(t.db, { email: undefined, password: undefined })).toBe('not-configured');
    expect(await ensureFirstAdmin(t.db, { email: 'dono@loja.com.br', password: undefined })).toBe(
      'not-configured',
    );

    const member = await createUser(t.db);
    expect(
      await ensureFirstAdmin(t.db, { email: member.email.toUpperCase(), password: 'Segredo!2026' }),
    ).toBe('email-taken');
    expect(await admins()).toHaveLength(0);

    expect(await ensureFirstAdmin(t.db, { email: 'Dono@Loja.com.br', password: 'Segredo!2026' })).toBe(
      'created',
    );
    const cookie = await signIn(t.app, 'dono@loja.com.br', 'Segredo!2026');
    const panel = await t.app.inject({ url: '/api/admin/system', headers: { cookie } });
    expect(panel.statusCode, panel.body).toBe(200);

    // Restarts change nothing, whatever the variables say then.
    expect(await ensureFirstAdmin(t.db, { email: 'outro@loja.com.br', password: 'Outra!2026' })).toBe(
      'exists',
    );
    expect(await admins()).toHaveLength(1);
    expect(await t.db.select().from(users).where(eq(users.email, 'outro@loja.com.br'))).toHaveLength(0);
  });
});
