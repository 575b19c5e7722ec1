import { pathAliases, paths, routePatterns, withQuery } from '@shared/paths';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';

describe('paths build every page address', () => {
  it('builds the pages with a parameter', () => {
    expect(paths.listing(12)).toBe('/listing/12');
    expect(paths.editListing('12')).toBe('/listing/12/editar');
    expect(paths.listingCodes(12)).toBe('/listing/12/codigos');
    expect(paths.post(7)).toBe('/community/post/7');
    expect(paths.trade(31)).toBe('/intermediacao/31');
    expect(paths.user('PedroGamer')).toBe('/u/PedroGamer');
    expect(paths.category('free-fire')).toBe('/categoria/free-fire');
    expect(paths.seal('ouro')).toBe('/selos/ouro');
    expect(paths.admin()).toBe('/admin');
    expect(paths.admin('denuncias')).toBe('/admin/denuncias');
  });

  it('keeps text a member chose inside its segment', () => {
    expect(paths.user('a b/c?')).toBe('/u/a%20b%2Fc%3F');
    expect(paths.category('x#y')).toBe('/categoria/x%23y');
  });

  it('builds what the router patterns match, with the same parameter back', () => {
    const cases: [pattern: string, path: string, params: Record<string, string>][] = [
      [routePatterns.listing, paths.listing(12), { id: '12' }],
      [routePatterns.editListing, paths.editListing(12), { id: '12' }],
      [routePatterns.listingCodes, paths.listingCodes(12), { id: '12' }],
      [routePatterns.post, paths.post(7), { id: '7' }],
      [routePatterns.trade, paths.trade(31), { id: '31' }],
      [routePatterns.user, paths.user('AnaGamer'), { username: 'AnaGamer' }],
      [routePatterns.category, paths.category('cs2'), { gameSlug: 'cs2' }],
      [routePatterns.seal, paths.seal('prata'), { tipo: 'prata' }],
      [routePatterns.adminTab, paths.admin('auditoria'), { tab: 'auditoria' }],
    ];
    for (const [pattern, path, params] of cases) expect(matchPath(pattern, path)?.params).toEqual(params);
  });

  it('leads each alias to a fixed page', () => {
    const fixed = new Set<string>(Object.values(paths).filter((value) => typeof value === 'string'));
    for (const [alias, canonical] of Object.entries(pathAliases)) {
      expect(fixed.has(canonical)).toBe(true);
      expect(fixed.has(alias)).toBe(false);
    }
  });

  it('adds only the query values that are set', () => {
    expect(withQuery('/marketplace', { jogo: 'cs2', categoria: undefined, pagina: null, q: '' })).toBe(
      '/marketplace?jogo=cs2',
    );
    expect(withQuery('/marketplace', {})).toBe('/marketplace');
    expect(withQuery('/admin/login', { de: '/admin/auditoria' })).toBe(
      '/admin/login?de=%2Fadmin%2Fauditoria',
    );
  });
});
