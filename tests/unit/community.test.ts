import { categoryLabel, POST_EXCERPT_LENGTH, postExcerpt } from '@shared/community-rules';
import { describe, expect, it } from 'vitest';

describe('postExcerpt', () => {
  it('keeps a short post whole', () => {
    expect(postExcerpt('  Alguém sabe do evento?  ')).toBe('Alguém sabe do evento?');
  });

  it('cuts a long post at a word, without trailing punctuation, and marks the cut', () => {
    const content = `${'palavra '.repeat(30)}fim.`;
    const excerpt = postExcerpt(content);
    expect(excerpt.length).toBeLessThanOrEqual(POST_EXCERPT_LENGTH + 1);
    expect(excerpt).toMatch(/palavra…$/);
    expect(postExcerpt(`${'a'.repeat(216)}. Mais texto depois`)).toBe(`${'a'.repeat(216)}…`);
  });

  it('cuts a post with no spaces at the limit', () => {
    expect(postExcerpt('x'.repeat(500))).toBe(`${'x'.repeat(POST_EXCERPT_LENGTH)}…`);
  });
});

describe('categoryLabel', () => {
  it('gives the spec’s labels and any other value raw', () => {
    expect(['dicas', 'ddtank', 'geral', 'suporte', 'torneios'].map(categoryLabel)).toEqual([
      'Dicas',
      'DDtank Brasil S3',
      'Geral',
      'Suporte',
      'torneios',
    ]);
  });
});
