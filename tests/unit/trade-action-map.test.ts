import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { emptyStepInput, tradeActionMap, tradeActionUrl } from '@shared/trade-action-map';
import { tradeActions } from '@shared/trade-process';
import { describe, expect, it } from 'vitest';

const routes = Object.entries(tradeActionMap);

describe('the room actions map', () => {
  it('gives every action of the process a path and an input schema', () => {
    expect(Object.keys(tradeActionMap).sort()).toEqual([...tradeActions].sort());
    for (const [action, route] of routes) {
      expect(route.path, action).toMatch(/^[a-z]+(?:[/-][a-z]+)*$/);
      expect(typeof route.input.safeParse, action).toBe('function');
    }
  });

  it('gives no two actions the same path', () => {
    const paths = routes.map(([, route]) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('checks the inputs the routes check, with their pt-BR messages', () => {
    expect(tradeActionMap.take.input).toBe(emptyStepInput);
    expect(tradeActionMap.release.input.safeParse({ endToEndId: 'E123' }).error?.issues[0]?.message).toMatch(
      /^Informe o identificador da transferência PIX/,
    );
    expect(tradeActionUrl(12, 'add_evidence')).toBe('/api/trades/12/dispute/photos');
  });

  it('is the only place the web spells a step route', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    const handMade = files('src/web').filter((file) =>
      routes.some(([, { path }]) => readFileSync(file, 'utf8').includes(`/api/trades/\${id}/${path}\``)),
    );
    expect(handMade).toEqual([]);
  });
});
