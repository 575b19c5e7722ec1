import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'mg-config-'));

describe('configuration', () => {
  it('defaults to the embedded mode on port 3000', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, publicUrl: 'http://localhost:3000' });
    expect(config.discord).toBeUndefined();
  });

  it('names every wrong variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'nao-e-url', DATA_DIR: dataDir() })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'nao-e-url', DATA_DIR: dataDir() });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL/);
    }
  });

  it('generates the session secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first?.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(first);
  });

  it('turns Discord on only with both client id and secret', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DISCORD_CLIENT_ID: 'x' }).discord).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: dataDir(), DISCORD_CLIENT_ID: 'x', DISCORD_CLIENT_SECRET: 'y' }).discord
        ?.clientId,
    ).toBe('x');
  });

  it('charges PIX by hand by default, to the manual’s example key', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).pix).toMatchObject({
      provider: 'manual',
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Mercado Gamer',
      merchantCity: 'SAO PAULO',
    });
    for (const env of [
      { PIX_KEY: 'nao-e-chave' },
      { PIX_MERCHANT_NAME: 'Um nome longo demais para o BR Code' },
      { PIX_MERCHANT_CITY: 'Cidade longa demais' },
    ]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(Object.keys(env)[0]);
    }
  });

  it('refuses api-pix without its URLs and credentials, naming them', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PIX_PROVIDER: 'api-pix' })).toThrow(
      /PIX_API_URL, PIX_OAUTH_URL, PIX_CLIENT_ID, PIX_CLIENT_SECRET/,
    );
    const api = {
      DATA_DIR: dataDir(),
      PIX_PROVIDER: 'api-pix',
      PIX_API_URL: 'https://pix.example.com/api/v2/',
      PIX_OAUTH_URL: 'https://pix.example.com/oauth/token',
      PIX_CLIENT_ID: 'id',
      PIX_CLIENT_SECRET: 'segredo',
      PIX_WEBHOOK_SECRET: 'segredo-do-webhook-123',
    };
    expect(() => loadConfig({ ...api, PIX_CLIENT_SECRET: '' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...api, PIX_CERT_PATH: '/cert.pem' })).toThrow(/PIX_KEY_PATH/);
    expect(loadConfig(api).pix).toMatchObject({
      provider: 'api-pix',
      api: { baseUrl: 'https://pix.example.com/api/v2', clientId: 'id' },
    });
  });

  it("gives the voice call the spec's two STUN servers by default, none when set empty, TURN only with its secret", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).call).toEqual({
      stunUrls: ['stun:stun.l.google.com:19302', 'stun:stun1.l.google.com:19302'],
      turn: undefined,
    });
    expect(loadConfig({ DATA_DIR: dataDir(), STUN_URLS: '' }).call.stunUrls).toEqual([]);
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        TURN_URLS: 'turn:turn.exemplo.com:3478, turns:turn.exemplo.com:5349',
        TURN_SECRET: 'um-segredo-longo-o-bastante',
      }).call.turn,
    ).toEqual({
      urls: ['turn:turn.exemplo.com:3478', 'turns:turn.exemplo.com:5349'],
      secret: 'um-segredo-longo-o-bastante',
      ttlSeconds: 3600,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), TURN_URLS: 'turn:turn.exemplo.com:3478' })).toThrow(
      /TURN_URLS exige TURN_SECRET/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), STUN_URLS: 'https://stun.exemplo.com' })).toThrow(
      /STUN_URLS/,
    );
  });

  it('turns the metrics on only with a token of at least 16 characters', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'curto-demais' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: 'um-token-bem-longo' }).metricsToken).toBe(
      'um-token-bem-longo',
    );
  });
});
