import type { APIRequest } from '@playwright/test';
import { uniqueEndToEndId } from './end-to-end-ids';
import { apiAs, expect, type Member } from './fixtures';
import { openTradeOf } from './people';

/** The steps that take a trade of an item (no warranty window) from its start to the end, in order. */
const stages = ['opened', 'valued', 'paid', 'delivered', 'confirmed', 'released'] as const;
export type TradeStage = (typeof stages)[number];

/** A trade of an item between the two, opened by the buyer, with the seller's PIX key kept (the release needs it). */
export function openItemTrade(request: APIRequest, buyer: Member, seller: Member) {
  return openTradeOf(request, buyer, seller, { sellerPixKey: true, kind: 'items' });
}

/** Takes the trade, through the API, from the stage after `from` up to `to` (each step by whoever takes it). */
export async function advanceTrade(
  request: APIRequest,
  people: { buyer: Member; seller: Member; staff: Member },
  id: number,
  from: TradeStage,
  to: TradeStage,
) {
  const steps: Record<Exclude<TradeStage, 'opened'>, [Member, string, object]> = {
    valued: [people.seller, 'value', { amount: '120,00' }],
    paid: [people.staff, 'payment', {}],
    delivered: [people.seller, 'delivery', { note: 'Skin enviada pela troca do jogo.' }],
    confirmed: [people.buyer, 'delivery/confirm', {}],
    released: [people.staff, 'release', { endToEndId: uniqueEndToEndId('REP') }],
  };
  for (const stage of stages.slice(stages.indexOf(from) + 1, stages.indexOf(to) + 1)) {
    const [who, path, data] = steps[stage as Exclude<TradeStage, 'opened'>];
    const api = await apiAs(request, who);
    const res = await api.post(`/api/trades/${id}/${path}`, { data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    await api.dispose();
  }
}
