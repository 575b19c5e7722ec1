import type { ListingCard } from '@shared/listings';
import type { TradeView } from '@shared/trades';
import { filterProducts } from '@web/features/trades/product-filter';
import { centsToReais } from '@web/features/trades/trade-forms';
import { PAYMENT_RECEIVED, PURCHASE_COMPLETED, tradeGuideFor } from '@web/features/trades/trade-guide';
import { describeDeadline, formatTimeLeft } from '@web/features/trades/trade-time';
import { formatDayAtTime } from '@web/lib/format';
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
    expect(formatDayAtTime(at)).toBe('23/11 às 14:00');
    expect(describeDeadline('awaiting_value', at, 'comprador')).toBe(
      'O vendedor tem até 23/11 às 14:00 para confirmar o valor',
    );
    expect(describeDeadline('awaiting_value', at, 'vendedor')).toBe(
      'Você tem até 23/11 às 14:00 para confirmar o valor',
    );
    expect(describeDeadline('value_proposed', at, 'comprador')).toBe(
      'Você tem até 23/11 às 14:00 para aceitar ou recusar o novo valor',
    );
    expect(describeDeadline('awaiting_release', at, 'comprador')).toBe(
      'A equipe tem até 23/11 às 14:00 para pagar o repasse ao vendedor',
    );
    // The warranty window has a notice of its own: nobody must act in it.
    expect(describeDeadline('in_warranty', at, 'comprador')).toBeNull();
  });

  it('counts down to a deadline in days, hours and minutes, and stops once it passed', () => {
    const now = Date.UTC(2026, 10, 23, 12, 0);
    const inMinutes = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
    expect(formatTimeLeft(inMinutes(5 * 1440), now)).toBe('5 dias');
    expect(formatTimeLeft(inMinutes(5 * 1440 - 1), now)).toBe('4 dias e 23 horas');
    expect(formatTimeLeft(inMinutes(1440 + 60), now)).toBe('1 dia e 1 hora');
    expect(formatTimeLeft(inMinutes(125), now)).toBe('2 horas e 5 minutos');
    expect(formatTimeLeft(inMinutes(1), now)).toBe('1 minuto');
    expect(formatTimeLeft(inMinutes(0), now)).toBeNull();
    expect(formatTimeLeft(inMinutes(-10), now)).toBeNull();
  });

  it('prefills the amount as the user types it', () => {
    expect(centsToReais(34990)).toBe('349,90');
    expect(centsToReais(100)).toBe('1,00');
  });
});

describe("the room's guide", () => {
  const steps = (active: number) =>
    ['value_confirmation', 'payment_confirmation', 'delivery_confirmation', 'payment_release'].map(
      (key, i) =>
        ({
          key,
          title: `Etapa ${key}`,
          status: i < active ? 'completed' : i === active ? 'active' : 'pending',
        }) as TradeView['steps'][number],
    );

  it('names the step, and what the buyer reads once paid and once they confirmed', () => {
    const paid = tradeGuideFor({
      state: 'awaiting_delivery',
      steps: steps(2),
      viewerRole: 'comprador',
      actions: [],
    });
    expect(paid).toEqual({ step: 3, stepTitle: 'Etapa delivery_confirmation', now: PAYMENT_RECEIVED });
    expect(
      tradeGuideFor({ state: 'awaiting_release', steps: steps(3), viewerRole: 'comprador', actions: [] }).now,
    ).toBe(PURCHASE_COMPLETED);
    expect(
      tradeGuideFor({ state: 'completed', steps: steps(4), viewerRole: 'comprador', actions: [] }).step,
    ).toBeNull();
  });

  it('gives staff the move only when they may take it (an admin pays the payout, a moderator watches)', () => {
    const due = { state: 'awaiting_release', steps: steps(3), viewerRole: 'intermediador' } as const;
    expect(tradeGuideFor({ ...due, actions: ['release'] }).now).toBe('Pague o repasse ao vendedor');
    expect(tradeGuideFor({ ...due, actions: [] }).now).toBe('A equipe envia o repasse ao vendedor');
  });
});
