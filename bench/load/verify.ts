import { type TradeState, tradeStates } from '@shared/trade-process';
import { type Client, cookieFrom } from './http';
import type { World } from './user';

/** States a trade may have moved on to, beyond the one its last 2xx step answered, on the happy path. */
const isAtLeast = (actual: TradeState, expected: TradeState) =>
  !['cancelled', 'refunded', 'disputed'].includes(actual) &&
  tradeStates.indexOf(actual) >= tradeStates.indexOf(expected);

/**
 * After the run, through the API (as the users and the demo admin would see it): every offer, trade step and
 * chat message that answered 2xx is there, and the ledger's reconciliation finds nothing.
 */
export async function verifyWrites(client: Client, world: World, admin: { email: string; password: string }) {
  const missing: string[] = [];
  const { offers, trades, chats } = world.written;

  const offerMembers = new Set(offers.map((o) => o.member));
  for (const member of offerMembers) {
    const res = await client.call({
      route: 'verify offers',
      path: '/api/offers?box=sent',
      cookie: world.cookies[member],
    });
    const seen = new Set(res.ok ? (res.json() as { offers: { id: number }[] }).offers.map((o) => o.id) : []);
    for (const o of offers) if (o.member === member && !seen.has(o.id)) missing.push(`oferta ${o.id} sumiu`);
  }

  for (const [id, t] of trades) {
    const cookie = world.cookies[t.buyer];
    const room = await client.call({ route: 'verify trade', path: `/api/trades/${id}`, cookie });
    const state = room.ok ? (room.json() as { state: TradeState }).state : null;
    if (!state || !isAtLeast(state, t.state)) {
      missing.push(`intermediação ${id}: ${state ?? `HTTP ${room.status}`}, esperado ao menos ${t.state}`);
    }
    const mine = chats.filter((c) => c.tradeId === id);
    if (mine.length === 0) continue;
    const page = await client.call({ route: 'verify chat', path: `/api/trades/${id}/chat`, cookie });
    const seen = new Set(
      page.ok
        ? (page.json() as { items: { type: string; id: number }[] }).items.map((i) => `${i.type}:${i.id}`)
        : [],
    );
    for (const c of mine)
      if (!seen.has(`message:${c.id}`)) missing.push(`mensagem ${c.id} da intermediação ${id} sumiu`);
  }

  const signIn = await client.call({
    route: 'verify sign-in',
    path: '/api/accounts/login',
    body: admin,
    expect: [200],
  });
  const reconciliation = await client.call({
    route: 'verify reconciliation',
    path: '/api/staff/ledger/reconciliation',
    cookie: cookieFrom(signIn.setCookies),
    body: {},
    expect: [200],
  });
  return {
    missing,
    reconciliation: reconciliation.ok
      ? (reconciliation.json() as { figures: Record<string, number>; problems: string[] })
      : { figures: {}, problems: [`HTTP ${reconciliation.status}`] },
    checked: { offers: offers.length, trades: trades.size, chats: chats.length },
  };
}
