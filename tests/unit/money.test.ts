import { parsePriceCents } from '@shared/money';
import { describe, expect, it } from 'vitest';

describe('parsePriceCents', () => {
  it.each([
    ['19,90', 1990],
    ['R$ 19,90', 1990],
    ['1.500', 150_000],
    ['1.500,90', 150_090],
    ['10.5', 1050],
    ['10,9', 1090],
    ['10,', 1000],
    ['0,01', 1],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parsePriceCents(text)).toBe(cents);
  });

  it.each(['10,999', '0,001', '1.500,901', '-5', '1e3', '12abc', '', ','])(
    'refuses %j: a fraction of a cent or not a price',
    (text) => {
      expect(parsePriceCents(text)).toBeNaN();
    },
  );
});
