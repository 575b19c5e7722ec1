import type { TradeView } from '@shared/trades';
import { instantDeliveryOf, takesInstantDelivery } from '@web/features/listings/instant';
import { isInstantTrade, revealWords } from '@web/features/trades/instant-trade';
import { CODE_ARRIVED, tradeGuideFor } from '@web/features/trades/trade-guide';
import { describe, expect, it } from 'vitest';

const event = (kind: string) => ({ kind }) as TradeView['events'][number];
const steps = (
  ['value_confirmation', 'payment_confirmation', 'delivery_confirmation', 'payment_release'] as const
).map((key, i) => ({
  key,
  title: `Etapa ${key}`,
  status: i < 2 ? 'completed' : i === 2 ? 'active' : 'pending',
})) as TradeView['steps'];

describe('instant delivery on the web (issue 37)', () => {
  it('offers the switch for items, coins and accounts only', () => {
    expect(['items', 'coins', 'accounts', 'skins', 'rare'].map(takesInstantDelivery)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('reads a listing as instant only when the server says so', () => {
    expect(instantDeliveryOf({ instantDelivery: true })).toBe(true);
    expect(instantDeliveryOf({ instantDelivery: false })).toBe(false);
    expect(instantDeliveryOf({})).toBe(false);
  });

  it('knows an instant trade by its flag, else by the code delivered in its history', () => {
    expect(isInstantTrade({ events: [], instantDelivery: true })).toBe(true);
    expect(isInstantTrade({ events: [event('code_delivered')], instantDelivery: false })).toBe(false);
    expect(isInstantTrade({ events: [event('payment_confirmed'), event('code_delivered')] })).toBe(true);
    expect(isInstantTrade({ events: [event('delivery_marked')] })).toBe(false);
    const delivery = (automatic: boolean) => ({ automatic }) as TradeView['delivery'];
    expect(isInstantTrade({ events: [], delivery: delivery(true) })).toBe(true);
    expect(isInstantTrade({ events: [event('code_delivered')], delivery: delivery(false) })).toBe(false);
  });

  it('says "Seu código" to the buyer of an instant trade, and keeps the access data words otherwise', () => {
    expect(revealWords(true, 'comprador')).toMatchObject({ title: 'Seu código', show: 'Mostrar código' });
    expect(revealWords(true, 'intermediador').title).toBe('Código entregue');
    expect(revealWords(false, 'comprador').title).toBe('Dados de acesso');
  });

  it('tells the buyer the code arrived once an instant trade is delivered', () => {
    const base = { state: 'delivered' as const, steps, viewerRole: 'comprador' as const, actions: [] };
    expect(tradeGuideFor({ ...base, instant: true }).now).toBe(CODE_ARRIVED);
    expect(tradeGuideFor(base).now).toBe('Confira o produto e confirme o recebimento');
  });
});
