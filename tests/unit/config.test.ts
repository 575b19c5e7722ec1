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
    expect(first.length).toBeGreaterThanOrEqual(32);
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
});
