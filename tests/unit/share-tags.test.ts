import path from 'node:path';
import sharp from 'sharp';
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

  it('has the default preview image it names: a PNG of 1200×630 the build copies to the site root', async () => {
    const image = defaultShareImage('http://localhost:3000');
    expect(image.url).toBe('http://localhost:3000/og-image.png');
    const file = path.resolve(import.meta.dirname, '../../src/web/public/og-image.png');
    expect(await sharp(file).metadata()).toMatchObject({
      format: 'png',
      width: image.width,
      height: image.height,
    });
  });
});
