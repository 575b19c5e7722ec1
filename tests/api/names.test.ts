import { accountMessages } from '@shared/account-messages';
import { settingsMessages } from '@shared/settings-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../../src/server/db/schema';
import { backfillNameSkeletons } from '../../src/server/modules/accounts/usernames';
import { createStaff, createUser } from '../factories/accounts';
import { apiOf } from '../helpers/api';
import { errorOf, signIn } from '../helpers/http';
import { readOutbox } from '../helpers/outbox';
import { sessionCookie } from '../helpers/sessions';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The staff account's public name, and the ways issue 25 found to pass for it. */
const STAFF_NAME = 'Equipe Mercado Gamer';
const lookAlikes: [string, string, string][] = [
  ['a zero-width space', 'Equipe Mercado\u200bGamer', accountMessages.nameHiddenCharacter],
  ['a no-break space', 'Equipe\u00a0Mercado Gamer', accountMessages.nameReserved],
  ["a Cyrillic 'е'", 'Equipe Mercado Gam\u0435r', accountMessages.nameReserved],
  ['U+202E reversal', '\u202eremaG odacreM epiuqE', accountMessages.nameHiddenCharacter],
];

/** The same tricks in a sign-up's nickname, which is a handle: no spaces (a no-break space is one). */
const signUpLookAlikes: [string, string, string][] = [
  ['a zero-width space', 'EquipeMercado\u200bGamer', accountMessages.nameHiddenCharacter],
  ['a no-break space', 'Equipe\u00a0MercadoGamer', accountMessages.nicknameSpaces],
  ["a Cyrillic 'е'", 'EquipeMercadoGam\u0435r', accountMessages.nameReserved],
  ['U+202E reversal', '\u202eremaGodacreMepiuqE', accountMessages.nameHiddenCharacter],
];

const api = apiOf(() => t);
let sequence = 0;
const register = (nickname: string) => {
  const email = `nome${++sequence}.${Date.now().toString(36)}@teste.com.br`;
  return {
    email,
    response: api.as().post('/api/accounts/register', {
      email,
      nickname,
      password: 'segredo1',
      confirmPassword: 'segredo1',
    }),
  };
};

async function member() {
  const user = await createUser(t.db);
  return { user, cookie: await sessionCookie(t, user.id) };
}

const saveProfile = (cookie: string, payload: object) =>
  api.as(cookie).put('/api/accounts/me/profile', payload);

const nameOf = async (userId: string) =>
  (await t.db.select({ username: profiles.username }).from(profiles).where(eq(profiles.id, userId)))[0]
    ?.username;

beforeAll(async () => {
  // The staff account holds the name (a staff account may: the demo's admin is called so).
  await createUser(t.db, { nickname: STAFF_NAME, role: 'admin' });
});

describe('signing up with a name that passes for the staff', () => {
  for (const [how, nickname, message] of signUpLookAlikes) {
    it(`refuses 'Equipe Mercado Gamer' with ${how}, under the field, and creates nothing`, async () => {
      const { email, response } = register(nickname);
      const res = await response;
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ message, fields: { nickname: message } });
      expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      expect(readOutbox(t.config.dataDir).filter((mail) => mail.to === email)).toHaveLength(0);
    });
  }

  it('refuses the staff words inside a name, whatever the letters', async () => {
    for (const nickname of ['SuporteOficial', 'ADMlN', 'Adm1n', 'mercadogamer_br', 'Moderacao', 'Equipe']) {
      const res = await register(nickname).response;
      expect(res.statusCode, nickname).toBe(400);
      expect(errorOf(res).fields?.nickname, nickname).toBe(accountMessages.nameReserved);
    }
  });

  it("refuses the team's service words, leetspeak and 'MG' after a team word (issue 33)", async () => {
    for (const nickname of [
      'EquipeMG',
      'AtendimentoMG',
      'Mediador',
      'Intermediario',
      'M3rcadoGamer',
      'FinanceiroMG',
      'Ouvidoria',
      'Segurança',
    ]) {
      const { email, response } = register(nickname);
      const res = await response;
      expect(res.statusCode, nickname).toBe(400);
      expect(errorOf(res).fields?.nickname, nickname).toBe(accountMessages.nameReserved);
      expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    }
    // Nicknames are handles (no spaces at sign-up): the keys ignore spaces, so these read as the spaced names.
    for (const nickname of ['EquipeRocket', 'LojaOficialDoZé', 'Ana', 'ZecaMG']) {
      expect((await register(nickname).response).statusCode, nickname).toBe(201);
    }
  });

  it("refuses a name that differs from a member's only by a combining mark", async () => {
    await createUser(t.db, { nickname: 'Gestor Ana' });
    for (const nickname of ['GestorAnạ', 'GestorAna\u0323', 'GestõrAna']) {
      const res = await register(nickname).response;
      expect(res.statusCode, nickname).toBe(409);
      expect(errorOf(res).fields?.nickname, nickname).toBe(accountMessages.nameLookAlike);
    }
  });

  it("refuses a look-alike of an existing member's name", async () => {
    await createUser(t.db, { nickname: 'IsabelaSkins' });
    for (const nickname of ['lsabelaSkins', 'IsabeIaSkins', 'IsаbelaSkins' /* Cyrillic 'а' */]) {
      const res = await register(nickname).response;
      expect(res.statusCode, nickname).toBe(409);
      expect(errorOf(res)).toMatchObject({
        message: accountMessages.nameLookAlike,
        fields: { nickname: accountMessages.nameLookAlike },
      });
    }
    // The exact name, in any case, is still 'already in use'.
    const same = await register('ISABELASKINS').response;
    expect(errorOf(same).fields?.nickname).toBe(settingsMessages.usernameTaken);
  });

  it("accepts ordinary names with accents: 'João', 'Ñandú'", async () => {
    for (const nickname of ['João', 'Ñandú']) {
      const { email, response } = register(nickname);
      expect((await response).statusCode, nickname).toBe(201);
      const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      expect(await nameOf(user!.id)).toBe(nickname);
      // Free again for the profile edit below (this file shares one database).
      await t.db.delete(users).where(eq(users.email, email));
    }
    // A full-width name is stored in its plain form (NFKC).
    const { email, response } = register('ＰｌａｙｅｒＸ');
    expect((await response).statusCode).toBe(201);
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await nameOf(user!.id)).toBe('PlayerX');
  });
});

describe('names stored before the marks were folded', () => {
  it('get their keys recomputed at start, so a look-alike of them is refused', async () => {
    const older = await createUser(t.db, { nickname: 'Gestor Beạtriz' });
    // As the previous folding stored it: the dot under the 'a' kept, no version.
    await t.db
      .update(profiles)
      .set({ nameSkeletons: ['gestorbeạtriz'] })
      .where(eq(profiles.id, older.id));
    await backfillNameSkeletons(t.db);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, older.id));
    expect(row?.username).toBe('Gestor Beạtriz');
    const res = await register('GestorBeatriz').response;
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).fields?.nickname).toBe(accountMessages.nameLookAlike);
    // Every profile's keys are of the current folding now: a second start has nothing left to do.
    expect(await backfillNameSkeletons(t.db)).toBe(0);
  });
});

describe('editing the profile to a name that passes for someone else', () => {
  for (const [how, username, message] of lookAlikes) {
    it(`refuses 'Equipe Mercado Gamer' with ${how} and changes nothing`, async () => {
      const { user, cookie } = await member();
      const res = await saveProfile(cookie, { username, bio: 'oi' });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ message, fields: { username: message } });
      const [row] = await t.db.select().from(profiles).where(eq(profiles.id, user.id));
      expect(row).toMatchObject({ username: user.nickname, bio: null });
    });
  }

  it("refuses a look-alike of another member's name, and takes ordinary ones", async () => {
    const { user, cookie } = await member();
    await createUser(t.db, { nickname: 'Vendedor Confiavel' });
    for (const username of [
      'Vеndedor Confiavel' /* Cyrillic 'е' */,
      'Vendedor Confiave1',
      'Vendedor.Confiavel',
    ]) {
      const copy = await saveProfile(cookie, { username, bio: 'oi' });
      expect(copy.statusCode, username).toBe(409);
      expect(errorOf(copy)).toMatchObject({
        message: accountMessages.nameLookAlike,
        fields: { username: accountMessages.nameLookAlike },
      });
    }
    expect(await nameOf(user.id)).toBe(user.nickname);
    for (const username of ['João', 'Ñandú']) {
      const ok = await saveProfile(cookie, { username });
      expect(ok.statusCode, username).toBe(200);
      expect(await nameOf(user.id)).toBe(username);
    }
  });

  it('refuses a display name that reads as staff or hides characters, under its field', async () => {
    const { user, cookie } = await member();
    const staffy = await saveProfile(cookie, { username: user.nickname, fullName: 'Suporte Mercado Gamer' });
    expect(staffy.statusCode).toBe(400);
    expect(errorOf(staffy).fields?.fullName).toBe(accountMessages.nameReserved);
    const hidden = await saveProfile(cookie, { username: user.nickname, fullName: 'Maria\u200b Silva' });
    expect(errorOf(hidden).fields?.fullName).toBe(accountMessages.nameHiddenCharacter);
    // People share full names: another member's is fine.
    const ok = await saveProfile(cookie, { username: user.nickname, fullName: 'João\u00a0da Silva' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().fullName).toBe('João da Silva');
  });

  it('keeps a name already held: the staff account saves its profile under its name', async () => {
    const staff = await createStaff(t.db);
    const cookie = await signIn(t.app, staff.email, staff.password);
    const res = await saveProfile(cookie, { username: 'Equipe Oficial', bio: 'Fale com a gente.' });
    expect(res.statusCode).toBe(200);
    expect((await saveProfile(cookie, { username: 'Equipe Oficial', bio: 'Atendimento.' })).statusCode).toBe(
      200,
    );
  });
});
