import { linkify } from '@shared/linkify';
import { describe, expect, it } from 'vitest';

describe('linkify', () => {
  it('turns web addresses into links and leaves the rest as text', () => {
    expect(linkify('Guia: https://exemplo.com/guia?x=1 e www.site.com.br.')).toEqual([
      { kind: 'text', text: 'Guia: ' },
      { kind: 'link', text: 'https://exemplo.com/guia?x=1', href: 'https://exemplo.com/guia?x=1' },
      { kind: 'text', text: ' e ' },
      { kind: 'link', text: 'www.site.com.br', href: 'https://www.site.com.br' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps line breaks and markup as plain text', () => {
    const text = 'linha 1\n<script>alert(1)</script>\n<a href="javascript:alert(1)">x</a>';
    expect(linkify(text)).toEqual([{ kind: 'text', text }]);
  });

  it('never makes a link of another scheme', () => {
    const parts = linkify('javascript:alert(1) data:text/html,oi ftp://x.com');
    expect(parts.filter((p) => p.kind === 'link')).toEqual([]);
  });

  it('ends a link before closing punctuation', () => {
    expect(linkify('(veja http://a.com/b)')).toEqual([
      { kind: 'text', text: '(veja ' },
      { kind: 'link', text: 'http://a.com/b', href: 'http://a.com/b' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('gives nothing for empty text', () => {
    expect(linkify('')).toEqual([]);
  });
});
