import { describe, expect, it } from 'vitest';
import { adminLoginFor, adminReturnPath } from '../../src/web/features/admin/redirect';

describe('the admin login goes back only into the panel', () => {
  it('accepts the panel and its tabs', () => {
    expect(adminReturnPath('/admin')).toBe('/admin');
    expect(adminReturnPath('/admin/banners')).toBe('/admin/banners');
  });

  it('falls back to /admin for anything else', () => {
    for (const param of [
      null,
      '',
      '/admin/login',
      '//evil.example',
      'https://evil.example/admin',
      '/home',
      '/admin/../x',
    ])
      expect(adminReturnPath(param)).toBe('/admin');
  });

  it('builds the login address that comes back', () => {
    expect(adminLoginFor('/admin')).toBe('/admin/login');
    expect(adminLoginFor('/admin/auditoria')).toBe('/admin/login?de=%2Fadmin%2Fauditoria');
  });
});
