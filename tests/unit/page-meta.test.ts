import { pageAliases, pageMeta, SITE_NAME, sellerDescription } from '@shared/page-meta';
import { sealTypes } from '@shared/reputation';
import { describe, expect, it } from 'vitest';

const entries = Object.entries(pageMeta);

describe('page metadata table', () => {
  it('gives every page a title search results show whole and the site name', () => {
    for (const [path, meta] of entries) {
      expect(meta.title.length, path).toBeLessThanOrEqual(60);
      expect(meta.title, path).toContain(SITE_NAME);
    }
  });

  it('gives every page a description of 50 to 160 characters', () => {
    for (const [path, meta] of entries) {
      expect(meta.description.length, path).toBeGreaterThanOrEqual(50);
      expect(meta.description.length, path).toBeLessThanOrEqual(160);
    }
  });

  it('never gives two pages the same title or description', () => {
    expect(new Set(entries.map(([, meta]) => meta.title)).size).toBe(entries.length);
    expect(new Set(entries.map(([, meta]) => meta.description)).size).toBe(entries.length);
  });

  it('covers every seal page and points each alias at a page of the table', () => {
    for (const seal of sealTypes) expect(pageMeta).toHaveProperty([`/selos/${seal}`]);
    for (const canonical of Object.values(pageAliases)) expect(pageMeta).toHaveProperty([canonical]);
  });
});

describe('seller description', () => {
  it('states a public seller’s real rating and sales in pt-BR', () => {
    expect(sellerDescription('LojaDoPro', { rating: 4.75, reviewCount: 12, completedSales: 1 })).toBe(
      'LojaDoPro no Mercado Gamer: nota 4,8 de 5 em 12 avaliações, 1 venda concluída. Veja os anúncios ativos e compre com intermediação garantida.',
    );
    expect(sellerDescription('Novato', { rating: null, reviewCount: 0, completedSales: 0 })).toContain(
      'ainda sem avaliações, 0 vendas concluídas',
    );
  });

  it('says nothing but the nickname of a private profile', () => {
    expect(sellerDescription('Reservado', null)).toBe(
      'Reservado vende no Mercado Gamer. Veja os anúncios ativos e compre com intermediação garantida.',
    );
  });
});
