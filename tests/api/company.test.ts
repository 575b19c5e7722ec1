import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { createTestApp, TEST_ORIGIN } from '../helpers/test-app';

// Issue 34: who runs the site, from COMPANY_NAME and COMPANY_CNPJ, beside the support contact (footer, /sobre).
const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-company-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('GET /api/contact', () => {
  it('gives the company as configured, the CNPJ checked and formatted', async () => {
    const t = await createTestApp({
      COMPANY_NAME: ' Mercado Gamer Ltda. ',
      COMPANY_CNPJ: '11222333000181',
      SUPPORT_EMAIL: 'contato@mercadogamer.com.br',
    });
    const response = await t.app.inject({ method: 'GET', url: '/api/contact' });
    expect(response.json()).toMatchObject({
      email: 'contato@mercadogamer.com.br',
      companyName: 'Mercado Gamer Ltda.',
      companyCnpj: '11.222.333/0001-81',
    });
    await t.close();
  });

  it('invents nothing when they are unset', async () => {
    const t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/contact' });
    expect(response.json()).toMatchObject({ companyName: null, companyCnpj: null });
    await t.close();
  });
});

it('refuses to start with a CNPJ whose check digits are wrong, naming it', () => {
  const env = {
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    NODE_ENV: 'test',
    COMPANY_CNPJ: '11.222.333/0001-82',
  };
  expect(() => loadConfig(env)).toThrow(ConfigError);
  expect(() => loadConfig(env)).toThrow(/COMPANY_CNPJ/);
});
