import {
  destinationOf,
  finishedTradeStates,
  isWarning,
  statesWaitingOnStaff,
  type TradeAction,
  type TradeActor,
  type TradeSeat,
  type TradeState,
  type TradeTransition,
  type TradeTransitionName,
  tradeActionsFor,
  tradeActivities,
  tradeEventKinds,
  tradeMoneyPrerequisite,
  tradeStateInfo,
  tradeStates,
  tradeTimers,
  tradeTransitions,
  transitionsFor,
} from '@shared/trade-process';
import { tradeProcessTable } from '@shared/trade-process-table';
import { DISPUTE_DECISION_BUSINESS_HOURS, TRADE_TIMERS } from '@shared/trade-rules';
import { describe, expect, it } from 'vitest';

const transitions = Object.entries(tradeTransitions) as [TradeTransitionName, TradeTransition][];
const openStates = tradeStates.filter((s) => !finishedTradeStates.includes(s));

describe('the states', () => {
  it('ends in completed, cancelled and refunded, with nothing leaving them', () => {
    expect([...finishedTradeStates].sort()).toEqual(['cancelled', 'completed', 'refunded']);
    for (const end of finishedTradeStates) {
      expect(
        transitions.filter(([, t]) => t.from.includes(end)).map(([n]) => n),
        end,
      ).toEqual([]);
      expect(tradeTimers[end], end).toBeUndefined();
      expect(tradeStateInfo[end]).toMatchObject({ reserves: false, escrow: false });
    }
  });

  it('gives every other state a way out: a transition a person takes, and a timer', () => {
    for (const state of openStates) {
      const out = transitions.filter(([, t]) => t.from.includes(state) && t.by.some((b) => b !== 'timer'));
      expect(out.length, `${state}: a transition out by someone`).toBeGreaterThan(0);
      expect(tradeTimers[state], `${state}: a timer`).toBeDefined();
    }
  });

  it('reaches every state from awaiting_value, and an end from every state', () => {
    const reached = new Set<TradeState>(['awaiting_value']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [, t] of transitions) {
        for (const to of [t.to, t.warrantyTo].filter((s): s is TradeState => Boolean(s))) {
          if (t.from.some((f) => reached.has(f)) && !reached.has(to)) {
            reached.add(to);
            grew = true;
          }
        }
      }
    }
    expect([...reached].sort()).toEqual([...tradeStates].sort());
    const ending = new Set<TradeState>(finishedTradeStates);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [, t] of transitions) {
        for (const from of t.from) {
          if (ending.has(t.to) && !ending.has(from)) {
            ending.add(from);
            grew = true;
          }
        }
      }
    }
    expect([...ending].sort()).toEqual([...tradeStates].sort());
  });

  it('holds stock from the confirmed value to the end, and the money from the payment to the end', () => {
    expect(tradeStates.filter((s) => tradeStateInfo[s].reserves)).toEqual([
      'awaiting_payment',
      'awaiting_delivery',
      'delivered',
      'in_warranty',
      'awaiting_release',
      'disputed',
    ]);
    expect(tradeStates.filter((s) => tradeStateInfo[s].escrow)).toEqual([
      'awaiting_delivery',
      'delivered',
      'in_warranty',
      'awaiting_release',
      'disputed',
    ]);
    // The stock effect each transition declares is the one its states imply: a unit held on entering a reserving
    // state, given back on leaving them unsold, taken from the stock on completing.
    for (const [name, t] of transitions) {
      const held = t.from.some((f) => tradeStateInfo[f].reserves);
      const holds = tradeStateInfo[t.to].reserves;
      const stock =
        !held && holds
          ? 'reserve'
          : held && !holds
            ? t.to === 'completed'
              ? 'consume'
              : 'release'
            : undefined;
      expect(t.stock, name).toBe(stock);
    }
  });
});

describe('the transitions', () => {
  it('are taken by these roles, and no one else', () => {
    const byOf = Object.fromEntries(transitions.map(([name, t]) => [name, [...t.by]]));
    expect(byOf).toEqual({
      confirm_value: ['vendedor'],
      propose_value: ['vendedor'],
      accept_offer: ['vendedor'],
      accept_value: ['comprador'],
      decline_value: ['comprador'],
      confirm_payment: ['admin', 'psp'],
      mark_delivered: ['vendedor'],
      confirm_delivery: ['comprador'],
      auto_confirm_delivery: ['timer'],
      end_warranty: ['timer'],
      release: ['admin'],
      release_by_psp: ['psp'],
      cancel: ['comprador', 'vendedor', 'equipe'],
      expire: ['timer'],
      refund: ['admin'],
      open_dispute: ['comprador', 'vendedor'],
      claim_warranty: ['comprador'],
      decide_release: ['admin'],
      decide_refund: ['admin'],
      instant_price: ['sistema'],
      deliver_code: ['sistema'],
    } satisfies Record<TradeTransitionName, TradeActor[]>);
  });

  it('move money only by admins or the PSP, in the ledger order, with a transfer id where money leaves', () => {
    for (const [name, t] of transitions) {
      expect(t.from.length, name).toBeGreaterThan(0);
      expect(
        t.from.every((f) => openStates.includes(f)),
        name,
      ).toBe(true);
      expect(tradeEventKinds, name).toContain(t.event);
      // A button for people, none for the system (nor for an offer's acceptance, answered from the offer).
      expect(t.action === null, name).toBe(
        t.by.includes('timer') ||
          t.by.includes('sistema') ||
          name === 'accept_offer' ||
          name === 'release_by_psp',
      );
      if (!t.money) continue;
      expect(
        t.by.every((b) => b === 'admin' || b === 'psp'),
        name,
      ).toBe(true);
      expect(t.endToEndId, name).toBeDefined();
      const done = new Set(
        transitions.filter(([, u]) => u.money && u.to !== t.to).flatMap(([, u]) => u.money ?? []),
      );
      for (const move of t.money) {
        const needed = tradeMoneyPrerequisite[move];
        expect(!needed || t.money.includes(needed) || done.has(needed), `${name}: ${move}`).toBe(true);
      }
    }
    expect(tradeTransitions.release).toMatchObject({ money: ['release', 'payout'], endToEndId: 'required' });
    expect(tradeTransitions.confirm_payment).toMatchObject({ money: ['payment'], endToEndId: 'optional' });
    // Decided for the seller, the payout becomes due: nothing is paid then.
    expect(tradeTransitions.decide_release).toMatchObject({ to: 'awaiting_release', payoutDue: true });
    expect('money' in tradeTransitions.decide_release).toBe(false);
  });

  it('fix the payout key exactly where the payout becomes due', () => {
    expect(transitions.filter(([, t]) => t.payoutDue).map(([n]) => n)).toEqual([
      'confirm_delivery',
      'auto_confirm_delivery',
      'end_warranty',
      'decide_release',
    ]);
    // Every way into awaiting_release fixes it.
    for (const [name, t] of transitions.filter(([, t]) => t.to === 'awaiting_release')) {
      expect(t.payoutDue, name).toBe(true);
    }
  });

  it('stamp the value as confirmed on every way into the payment (the room shows the value step done)', () => {
    const intoPayment = transitions.filter(([, t]) => t.to === 'awaiting_payment');
    expect(intoPayment.map(([n]) => n)).toEqual([
      'confirm_value',
      'accept_offer',
      'instant_price',
      'accept_value',
    ]);
    for (const [name, t] of intoPayment) {
      expect(t.stamps ?? [], name).toContain('valueConfirmedAt');
    }
  });

  it('declare instant delivery in the process: a code held with every unit, delivered on payment, given back or burned', () => {
    // Instant delivery (issue 37, decision 029): every reservation of a unit holds a code, every release of one
    // gives it back, a refund returns it (or burns a revealed one); the payment's confirmation takes deliver_code.
    for (const [name, t] of transitions) {
      if (t.stock === 'reserve') expect(t.code, name).toBe('reserve');
      if (t.stock === 'release') expect(t.code, name).toBe(t.money ? 'return' : 'release');
      if (t.code === 'deliver') expect(name).toBe('deliver_code');
      if (t.thenOnInstant) expect([name, t.thenOnInstant]).toEqual(['confirm_payment', 'deliver_code']);
    }
    expect(tradeTransitions.deliver_code).toMatchObject({
      from: ['awaiting_delivery'],
      to: 'delivered',
      by: ['sistema'],
      event: 'code_delivered',
      stamps: ['deliveredAt'],
      code: 'deliver',
      notify: { kind: 'code_delivered' },
    });
    expect(tradeTransitions.deliver_code.notify.text.comprador).toMatch(/^Seu código chegou/);
    expect(tradeTransitions.instant_price).toMatchObject({
      from: ['awaiting_value'],
      to: 'awaiting_payment',
      by: ['sistema'],
      stock: 'reserve',
      code: 'reserve',
    });
  });

  it('send an account sale through its warranty window, anything else straight to the payout', () => {
    expect(destinationOf(tradeTransitions.confirm_delivery, 'accounts')).toBe('in_warranty');
    expect(destinationOf(tradeTransitions.auto_confirm_delivery, 'accounts')).toBe('in_warranty');
    expect(destinationOf(tradeTransitions.confirm_delivery, 'items')).toBe('awaiting_release');
    expect(destinationOf(tradeTransitions.end_warranty, 'accounts')).toBe('awaiting_release');
    expect(destinationOf(tradeTransitions.release, 'accounts')).toBe('completed');
  });

  it('name a transition of the timer in each timer that is neither an alert nor a warning', () => {
    for (const state of openStates) {
      for (const timer of tradeTimers[state] ?? []) {
        if (typeof timer.leadsTo !== 'string' || timer.leadsTo === 'flag') continue;
        const t: TradeTransition = tradeTransitions[timer.leadsTo];
        expect(t.by, timer.name).toEqual(['timer']);
        expect(t.from, timer.name).toContain(state);
      }
    }
    expect(tradeTimers.in_warranty).toEqual([
      expect.objectContaining({ hours: TRADE_TIMERS.accountWarrantyDays * 24, leadsTo: 'end_warranty' }),
    ]);
    expect(tradeTimers.disputed).toEqual([
      expect.objectContaining({ businessHours: DISPUTE_DECISION_BUSINESS_HOURS, leadsTo: 'flag' }),
    ]);
    expect(tradeTimers.value_proposed?.map((timer) => timer.leadsTo)).toEqual([
      { warn: 'comprador' },
      'expire',
    ]);
  });

  it('give each open state one deadline, warnings only before it, and every timer its own name', () => {
    const names = tradeStates.flatMap((s) => (tradeTimers[s] ?? []).map((timer) => timer.name));
    expect(new Set(names).size).toBe(names.length);
    for (const state of openStates) {
      const timers = tradeTimers[state] ?? [];
      const deadlines = timers.filter((timer) => !isWarning(timer));
      expect(deadlines, state).toHaveLength(1);
      for (const warning of timers.filter(isWarning)) {
        expect(warning.hours ?? 0, warning.name).toBeLessThan(deadlines[0]?.hours ?? 0);
      }
    }
    expect(tradeTimers.awaiting_payment?.map((timer) => [timer.hours, timer.leadsTo])).toEqual([
      [18, { warn: 'comprador' }],
      [24, 'expire'],
    ]);
  });

  it('tell the people, close the ticket and ask for reviews exactly where the process says', () => {
    for (const [name, t] of transitions) {
      // Only an offer's acceptance, an instant listing's price and the PSP's release tell nobody: the acceptance
      // sends the buyer its own notice, the opening of an instant trade the seller its own, the payout process its own.
      expect(t.notify === null, name).toBe(
        name === 'accept_offer' || name === 'instant_price' || name === 'release_by_psp',
      );
      expect(Boolean(t.resolvesTicket), name).toBe(finishedTradeStates.includes(t.to));
      expect(Boolean(t.asksForReviews), name).toBe(t.to === 'completed');
      expect(Boolean(t.endToEndId), name).toBe(Boolean(t.money));
    }
    expect(tradeTransitions.release.notify.text.comprador).toBe(
      'Pagamento liberado ao vendedor: a intermediação foi concluída.',
    );
  });

  it('wait on staff for a payment, a payout and a dispute', () => {
    expect(statesWaitingOnStaff()).toEqual(['awaiting_payment', 'awaiting_release', 'disputed']);
    expect(statesWaitingOnStaff('release')).toEqual(['awaiting_release']);
  });
});

describe('who may do what: transitionsFor and tradeActionsFor', () => {
  const buyer: TradeSeat = { userId: 'comprador', role: 'comprador', admin: false };
  const seller: TradeSeat = { userId: 'vendedor', role: 'vendedor', admin: false };
  const moderator: TradeSeat = { userId: 'moderador', role: 'intermediador', admin: false };
  const admin: TradeSeat = { userId: 'admin', role: 'intermediador', admin: true };
  const nobody: TradeSeat = { userId: 'outro', role: null, admin: false };
  const seats = { buyer, seller, moderator, admin, nobody };

  /** Each seat's actions in `state`, held by `intermediaryId`, with sealed credentials. */
  const actionsIn = (state: TradeState, intermediaryId: string | null = null) =>
    Object.fromEntries(
      Object.entries(seats).map(([name, seat]) => [
        name,
        tradeActionsFor({ state, intermediaryId, hasCredentials: true }, seat),
      ]),
    ) as Record<keyof typeof seats, TradeAction[]>;

  it('picks confirm or propose for the seller, and money transitions for admins alone', () => {
    expect(transitionsFor({ state: 'awaiting_value' }, seller, 'confirm_value')).toEqual([
      'confirm_value',
      'propose_value',
    ]);
    expect(transitionsFor({ state: 'value_proposed' }, buyer, 'accept_value')).toEqual(['accept_value']);
    expect(transitionsFor({ state: 'awaiting_payment' }, moderator, 'confirm_payment')).toEqual([]);
    expect(transitionsFor({ state: 'awaiting_payment' }, admin, 'confirm_payment')).toEqual([
      'confirm_payment',
    ]);
    expect(transitionsFor({ state: 'awaiting_delivery' }, moderator, 'cancel')).toEqual([]);
    expect(transitionsFor({ state: 'awaiting_delivery' }, admin, 'cancel')).toEqual(['refund']);
    expect(transitionsFor({ state: 'awaiting_payment' }, moderator, 'cancel')).toEqual(['cancel']);
    expect(transitionsFor({ state: 'disputed' }, admin, 'decide_dispute')).toEqual([
      'decide_release',
      'decide_refund',
    ]);
    expect(transitionsFor({ state: 'disputed' }, moderator, 'decide_dispute')).toEqual([]);
    expect(transitionsFor({ state: 'in_warranty' }, buyer, 'open_dispute')).toEqual(['claim_warranty']);
    expect(transitionsFor({ state: 'in_warranty' }, seller, 'open_dispute')).toEqual([]);
  });

  it('before the payment: the value, the proposal and cancelling; staff take the trade', () => {
    expect(actionsIn('awaiting_value')).toEqual({
      buyer: ['cancel'],
      seller: ['confirm_value', 'cancel'],
      moderator: ['cancel', 'take'],
      admin: ['cancel', 'take'],
      nobody: [],
    });
    expect(actionsIn('value_proposed')).toEqual({
      buyer: ['accept_value', 'decline_value', 'cancel'],
      seller: ['cancel'],
      moderator: ['cancel', 'take'],
      admin: ['cancel', 'take'],
      nobody: [],
    });
    expect(actionsIn('awaiting_payment')).toEqual({
      buyer: ['cancel'],
      seller: ['cancel'],
      moderator: ['cancel', 'take'],
      admin: ['confirm_payment', 'cancel', 'take'],
      nobody: [],
    });
  });

  it('after the payment: only admins cancel (a refund) and release; an admin takes over a held trade', () => {
    expect(actionsIn('awaiting_delivery', 'moderador')).toEqual({
      buyer: ['open_dispute', 'reveal_credentials'],
      seller: ['mark_delivered', 'open_dispute'],
      moderator: [],
      admin: ['cancel', 'take_over'],
      nobody: [],
    });
    expect(actionsIn('delivered')).toEqual({
      buyer: ['confirm_delivery', 'open_dispute', 'reveal_credentials'],
      seller: ['open_dispute'],
      moderator: ['take'],
      admin: ['cancel', 'take'],
      nobody: [],
    });
    expect(actionsIn('in_warranty')).toEqual({
      buyer: ['open_dispute', 'reveal_credentials'],
      seller: [],
      moderator: ['take'],
      admin: ['cancel', 'take'],
      nobody: [],
    });
    expect(actionsIn('awaiting_release', 'admin')).toEqual({
      buyer: ['open_dispute', 'reveal_credentials'],
      seller: ['open_dispute'],
      moderator: [],
      admin: ['release', 'cancel'],
      nobody: [],
    });
  });

  it('in a dispute: a moderator recommends, an admin decides; both read the credentials', () => {
    expect(actionsIn('disputed', 'moderador')).toEqual({
      buyer: ['reveal_credentials', 'add_evidence'],
      seller: ['add_evidence'],
      moderator: ['recommend_decision', 'reveal_credentials'],
      admin: ['decide_dispute', 'take_over', 'reveal_credentials'],
      nobody: [],
    });
    expect(actionsIn('disputed', 'admin').admin).toEqual(['decide_dispute', 'reveal_credentials']);
    // Without sealed credentials there is nothing to reveal.
    expect(
      tradeActionsFor({ state: 'disputed', intermediaryId: null, hasCredentials: false }, moderator),
    ).toEqual(['recommend_decision', 'take']);
  });

  it('once ended: only the buyer reads what they bought', () => {
    for (const end of finishedTradeStates) {
      const all = actionsIn(end);
      expect(all, end).toEqual({
        buyer: end === 'completed' ? ['reveal_credentials'] : [],
        seller: [],
        moderator: [],
        admin: [],
        nobody: [],
      });
    }
  });

  it('agrees with the activities for take, take_over and recommend', () => {
    expect(tradeActivities.take_over.by).toEqual(['admin']);
    expect(tradeActivities.recommend_decision).toEqual({ from: ['disputed'], by: ['equipe'] });
    for (const state of openStates) {
      expect(actionsIn(state, null).admin, state).toContain('take');
      expect(actionsIn(state, 'moderador').admin, state).toContain('take_over');
      expect(actionsIn(state, 'admin').admin, state).not.toContain('take_over');
      expect(actionsIn(state, 'moderador').moderator, state).not.toContain('take_over');
    }
  });
});

describe('tradeProcessTable', () => {
  const table = tradeProcessTable();
  const rowOf = (name: string) => table.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));

  it('lists every state with its label, stock, escrow, staff wait and timers', () => {
    for (const state of tradeStates) {
      expect(rowOf(state), state).toContain(tradeStateInfo[state].label);
    }
    expect(rowOf('disputed')).toBe(
      `| \`disputed\` | Em disputa | sim | sim | dispute | \`dispute_alert\`: ${DISPUTE_DECISION_BUSINESS_HOURS} h úteis → alerta à equipe |`,
    );
    expect(rowOf('delivered')).toContain(
      `\`confirmation_warning\`: 54 h → aviso ao comprador<br>\`auto_confirmation\`: ${TRADE_TIMERS.buyerConfirmationHours} h → auto_confirm_delivery`,
    );
    expect(rowOf('completed')).toBe('| `completed` | Concluída | não | não | — | — |');
  });

  it('lists every transition with where it goes, who takes it, its money and everything it does', () => {
    for (const [name, t] of transitions) {
      expect(rowOf(name), name).toContain(`\`${t.to}`);
      expect(rowOf(name), name).toContain(t.by.join(', '));
    }
    // What happens on release, from the table alone.
    expect(rowOf('release')).toBe(
      '| `release` | `awaiting_release` | `completed` | admin | release + payout | marca `releasedAt`; a equipe que age assume a intermediação; baixa 1 unidade (vendido a 0); E2E obrigatório; avisa (trade_step); comprador lê “Pagamento liberado ao vendedor: a intermediação foi concluída.”; resolve o ticket (“Intermediação concluída com sucesso”); pede as avaliações; encerra os timers de `awaiting_release` |',
    );
    expect(rowOf('confirm_delivery')).toContain(
      '| `delivered` | `awaiting_release` (contas: `in_warranty`) | comprador | — | marca `deliveryConfirmedAt`; repasse devido: fixa a chave PIX e o titular;',
    );
    expect(rowOf('confirm_value')).toContain('reserva 1 unidade');
  });
});
