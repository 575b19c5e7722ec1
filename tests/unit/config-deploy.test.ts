import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

// The settings a deploy gets wrong at its peril (security round 3): whose X-Forwarded-For is believed, and whether
// a start creates the demo admin with the README's password.
const dataDir = () => mkdtempSync(path.join(tmpdir(), 'mg-config-'));
const postgres = {
  DATABASE_URL: 'postgres://mercadogamer@db.internal:5432/mercadogamer',
  DELIVERY_SECRET: 'x'.repeat(32),
};
const messageOf = (env: Record<string, string>) => {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, and the addresses, CIDRs and ranges given', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(
      loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: ' 10.0.0.0/8, fd00::/8 ,loopback' }).trustProxy,
    ).toEqual(['10.0.0.0/8', 'fd00::/8', 'loopback']);
  });

  it('refuses true, a hop count and what is no address, naming the variable', () => {
    expect(messageOf({ TRUST_PROXY: 'true' })).toMatch(
      /^Configuração inválida:\n {2}TRUST_PROXY: true confiaria/,
    );
    expect(messageOf({ TRUST_PROXY: '1' })).toMatch(/TRUST_PROXY: um número de proxies/);
    expect(messageOf({ TRUST_PROXY: '10.0.0.0/33,proxy.internal' })).toMatch(
      /TRUST_PROXY: 10\.0\.0\.0\/33, proxy\.internal não é endereço IP/,
    );
  });
});

describe('the demo admin', () => {
  it('is seeded by default in the embedded mode only (npm start on a fresh machine)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), ...postgres }).seedDemo).toBe(false);
  });

  it('with DATABASE_URL, is seeded only with an ADMIN_PASSWORD of its own', () => {
    const refused = /^Configuração inválida:\n {2}SEED_DEMO=true com DATABASE_URL exige ADMIN_PASSWORD/;
    expect(messageOf({ ...postgres, SEED_DEMO: 'true' })).toMatch(refused);
    // The README's password is refused with DATABASE_URL whether or not the demo is seeded: it would be the first
    // admin's (ensureFirstAdmin).
    for (const seed of ['true', 'false']) {
      expect(messageOf({ ...postgres, SEED_DEMO: seed, ADMIN_PASSWORD: 'Admin@12345' })).toMatch(
        /^Configuração inválida:\n {2}ADMIN_PASSWORD com DATABASE_URL não pode ser a senha de demonstração/,
      );
    }
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ...postgres,
      SEED_DEMO: 'true',
      ADMIN_PASSWORD: 'Outra#Senha9',
    });
    expect([config.seedDemo, config.admin.password]).toEqual([true, 'Outra#Senha9']);
  });
});
