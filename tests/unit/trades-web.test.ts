import type { ListingCard } from '@shared/listings';
import { filterProducts } from '@web/features/trades/product-filter';
import { centsToReais } from '@web/features/trades/trade-forms';
import { describeDeadline, formatDayTime } from '@web/features/trades/trade-time';
import { describe, expect, it } from 'vitest';

const card = (id: number, title: string, seller: string, game: string) =>
  ({
    id,
    title,
    seller: { id: `s${id}`, username: seller },
    game: { id: 1, name: game, slug: 'x' },
  }) as ListingCard;

describe('filterProducts (part 2 §5)', () => {
  const items = [
    card(1, 'Conta Valorant Imortal', 'LojaDoPro', 'Valorant'),
    card(2, 'Skin AK-47 Redline', 'MariaSkins', 'Counter-Strike 2'),
    card(Number.NaN, 'Sem id', 'Alguém', 'Valorant'),
  ];

  it('keeps only entries with a numeric id', () => {
    expect(filterProducts(items, '').map((i) => i.id)).toEqual([1, 2]);
  });

  it('matches title, seller or game, case-insensitively', () => {
    expect(filterProducts(items, 'REDLINE').map((i) => i.id)).toEqual([2]);
    expect(filterProducts(items, 'lojadopro').map((i) => i.id)).toEqual([1]);
    expect(filterProducts(items, 'counter').map((i) => i.id)).toEqual([2]);
    expect(filterProducts(items, '  valorant ').map((i) => i.id)).toEqual([1]);
    expect(filterProducts(items, 'fortnite')).toEqual([]);
  });
});

describe('the room’s words', () => {
  const at = new Date(2026, 10, 23, 14, 0).toISOString();

  it('says the running timer in words, in the second person for the one it waits on', () => {
    expect(formatDayTime(at)).toBe('23/11 às 14:00');
    expect(describeDeadline('value', at, 'comprador')).toBe(
      'O vendedor tem até 23/11 às 14:00 para confirmar o valor',
    );
    expect(describeDeadline('value', at, 'vendedor')).toBe(
      'Você tem até 23/11 às 14:00 para confirmar o valor',
    );
    expect(describeDeadline('release', at, 'comprador')).toBe(
      'O intermediador tem até 23/11 às 14:00 para liberar o pagamento',
    );
  });

  it('prefills the amount as the user types it', () => {
    expect(centsToReais(34990)).toBe('349,90');
    expect(centsToReais(100)).toBe('1,00');
  });
});
