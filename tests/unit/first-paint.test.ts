import { PAGE_MODULES_ELEMENT_ID } from '@shared/page-modules';
import { describe, expect, it } from 'vitest';
import { withFirstPaint } from '../../src/server/modules/share/first-paint';

const html =
  '<html><head><script type="module" src="/assets/index-a.js"></script></head><body><div id="root"><!--page--></div></body></html>';
const modules = ['/assets/index-a.js', '/assets/app-b.js', '/assets/HomePage-c.js'];

describe('how a page announces its code (decision 026)', () => {
  it('with a first screen, lists the chunks for main.tsx and fetches none before that screen paints', () => {
    const page = withFirstPaint(html, { modules, firstScreen: '<h1>Início</h1>' });
    expect(page).not.toContain('modulepreload');
    const list = page.match(
      new RegExp(`<script type="application/json" id="${PAGE_MODULES_ELEMENT_ID}">(.*?)</script>`),
    );
    // The entry is already in the page: only the others are listed.
    expect(JSON.parse(list?.[1] ?? 'null')).toEqual(['/assets/app-b.js', '/assets/HomePage-c.js']);
    expect(page).toContain('<div class="contents" data-first-screen><h1>Início</h1></div>');
  });

  it('without one, the app is the first paint: its chunks are modulepreload links in the head', () => {
    const page = withFirstPaint(html, { modules });
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/app-b.js" />');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/HomePage-c.js" />');
    expect(head).not.toContain('modulepreload" crossorigin href="/assets/index-a.js"');
    expect(page).not.toContain(PAGE_MODULES_ELEMENT_ID);
  });
});
