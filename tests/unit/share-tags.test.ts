import { describe, expect, it } from 'vitest';
import { defaultShareImage, withShareTags } from '../../src/server/modules/share/tags';

const page =
  '<!doctype html><html><head><title>Mercado Gamer</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';

describe('share tags', () => {
  it('writes $-sequences of a title or description as text, never splicing the page into itself', () => {
    for (const trick of ['$&', "$'", '$`', '$$', '$1']) {
      const escaped = trick.replace('&', '&amp;');
      const html = withShareTags(page, {
        title: `Conta ${trick} rara`,
        description: `Entrega ${trick} imediata`,
        url: 'http://localhost:3000/listing/1',
        image: defaultShareImage('http://localhost:3000'),
      });
      expect(html).toContain(`<title>Conta ${escaped} rara</title>`);
      expect(html).toContain(`<meta property="og:description" content="Entrega ${escaped} imediata" />`);
      expect(html.match(/<html>/g)).toHaveLength(1);
      expect(html.match(/<div id="root">/g)).toHaveLength(1);
      expect(html.match(/<title>/g)).toHaveLength(1);
    }
  });
});
