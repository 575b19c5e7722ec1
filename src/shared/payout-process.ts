import type { NotificationKind } from './notification-constants';

/**
 * The payout's process (issue 36, decision 028), written once like the trade's (decision 020): one payout per
 * trade, from the moment the trade's payout becomes due (`payoutDue` in trade-process.ts) to the PIX that pays the
 * seller. Its states, the transitions with who takes them, their timers and what each one does; the sender
 * (modules/payouts/sender.ts), `recordPayoutResult`, the desk and the seller's timeline all read it.
 */

export const payoutStates = ['due', 'held', 'sending', 'paid', 'failed', 'manual', 'withdrawn'] as const;
export type PayoutState = (typeof payoutStates)[number];

/**
 * Who takes a payout's transition: the sender job (`sistema`), the PSP's answer (`psp`: the send's reply, its
 * webhook or a read-back), a timer, the trade's own step (`negociação`), an admin, or the seller.
 */
export type PayoutActor = 'sistema' | 'psp' | 'timer' | 'negociação' | 'admin' | 'vendedor';
export type PayoutRole = 'vendedor' | 'comprador';

export interface PayoutStateInfo {
  label: string;
  /** The money has left (or may have left) the platform: nothing may send, withdraw or pay it again. */
  outgoing: boolean;
  /** Staff act on it on 'Repasses' (failures first). */
  onDesk: boolean;
}

export const payoutStateInfo: Record<PayoutState, PayoutStateInfo> = {
  due: { label: 'Devido, na fila de envio', outgoing: false, onDesk: true },
  held: { label: 'Retido por segurança', outgoing: false, onDesk: true },
  sending: { label: 'Enviando ao PSP', outgoing: true, onDesk: true },
  paid: { label: 'Pago', outgoing: true, onDesk: false },
  failed: { label: 'Não realizado', outgoing: false, onDesk: true },
  manual: { label: 'Pagamento manual pela equipe', outgoing: false, onDesk: true },
  withdrawn: { label: 'Suspenso (disputa ou reembolso)', outgoing: false, onDesk: false },
};
export const payoutStateLabels = Object.fromEntries(
  payoutStates.map((s) => [s, payoutStateInfo[s].label]),
) as Record<PayoutState, string>;

/** Who is told what when a transition is taken: per role, the kind and the text (`{…}` filled by the step). */
export type PayoutNotice = Partial<
  Record<PayoutRole, { kind: NotificationKind; text: string; mailed?: true }>
>;

export interface PayoutTransition {
  from: readonly (PayoutState | 'nenhum')[];
  to: PayoutState;
  by: readonly PayoutActor[];
  /** The guard the step checks in its own transaction, beside `state IN from`. */
  guard?: string;
  /** What it writes beside the state. */
  writes?: string;
  /** The trade's transition it takes in the same transaction (src/shared/trade-process.ts), if any. */
  trade?: 'release' | 'release_by_psp';
  /** Ledger movements (decision 008), recorded only through that trade transition. */
  ledger?: string;
  notify?: PayoutNotice;
  /** Written to the audit log (staff steps). */
  audited?: true;
}

/**
 * Every state change of a payout. Each one is a single `UPDATE payouts … WHERE state IN from` in one transaction
 * (the trade's row locked first, then the payout's, in every step: never a cycle); a racing or replayed step finds
 * no row and changes nothing.
 */
export const payoutTransitions = {
  /** The trade's payout becomes due (confirmation, auto-confirmation, the warranty's end, a dispute decided for the seller). */
  become_due: {
    from: ['nenhum', 'withdrawn'],
    to: 'due',
    by: ['negociação'],
    writes: 'o valor (parte do vendedor), a chave PIX e o titular fixados na negociação, `due_at`',
  },
  /** The sender's first look: a risk rule holds it (a seller's first sales, a large amount). */
  hold: {
    from: ['due'],
    to: 'held',
    by: ['sistema'],
    guard: 'regra de risco (PAYOUT_HOLD_*), só na primeira avaliação, só com provedor automático',
    writes: '`held_until` e o motivo da retenção',
    notify: {
      vendedor: {
        kind: 'trade_step',
        text: 'Seu repasse de {valor} ficará retido por segurança até {ate} ({motivo}).',
      },
    },
  },
  end_hold: { from: ['held'], to: 'due', by: ['timer'], guard: '`held_until` passou' },
  release_hold: {
    from: ['held'],
    to: 'due',
    by: ['admin'],
    writes: 'o motivo da liberação antecipada',
    audited: true,
  },
  /**
   * The sender takes it: the trade still awaits its release, no devolução under way, a key fixed, and the ledger
   * says the trade is paid and its payout not recorded, all checked in the transaction that marks it `sending`.
   * The PSP is called after that commit, outside any transaction.
   */
  send: {
    from: ['due'],
    to: 'sending',
    by: ['sistema'],
    guard:
      'repasses não pausados; provedor automático; negociação em `awaiting_release` sem devolução em curso; razão: pagamento registrado, sem liberação nem repasse',
    writes: '`sending_at`, `next_check_at` (a leitura de volta)',
  },
  /** The PSP answers `REALIZADO` (reply, webhook or read-back): the trade is released with the E2E id. */
  confirm: {
    from: ['sending'],
    to: 'paid',
    by: ['psp'],
    guard: 'o id do PSP é o atual e o valor pago é o do repasse',
    writes: '`end_to_end_id`, `paid_at`',
    trade: 'release_by_psp',
    ledger: 'release + payout (com o E2E), só agora',
    notify: {
      vendedor: {
        kind: 'payout_sent',
        text: 'Repasse enviado: {valor} para a chave {chave} (E2E {e2e}).',
        mailed: true,
      },
      comprador: {
        kind: 'trade_step',
        text: 'Pagamento liberado ao vendedor: a intermediação foi concluída.',
      },
    },
  },
  /** The PSP answers `NAO_REALIZADO`: no money moved, the id is spent; back on the desk, the seller told what to fix. */
  refuse: {
    from: ['sending'],
    to: 'failed',
    by: ['psp'],
    writes: 'o motivo do PSP (em português), `failed_at`',
    notify: {
      vendedor: {
        kind: 'payout_failed',
        text: 'O repasse de {valor} não foi realizado: {motivo}. Confira sua chave PIX e seu CPF/CNPJ em Pagamentos; ao salvar uma chave, o repasse é enviado de novo.',
        mailed: true,
      },
    },
  },
  /** The seller sets a new default key: the failed payout takes it and goes again, under a new PSP id. */
  retry: {
    from: ['failed'],
    to: 'due',
    by: ['vendedor'],
    writes: 'a nova chave e o titular; `attempt` + 1 (novo id no PSP)',
    audited: true,
  },
  /** An admin takes a failed payout to pay it from the bank by hand. */
  take_by_hand: { from: ['failed'], to: 'manual', by: ['admin'], audited: true },
  /** An admin paid it by hand and types the E2E id (the manual provider's only way; 'Repasses' as before). */
  pay_by_hand: {
    from: ['due', 'failed', 'manual'],
    to: 'paid',
    by: ['admin'],
    writes: '`end_to_end_id`, `paid_at`',
    trade: 'release',
    ledger: 'release + payout (com o E2E)',
    // The trade's `release` tells the parties (as before payouts were automatic).
    audited: true,
  },
  /** The trade leaves `awaiting_release` without paying (a dispute opened, a refund): nothing may go out. */
  withdraw: {
    from: ['due', 'held', 'failed', 'manual'],
    to: 'withdrawn',
    by: ['negociação'],
    guard: 'nada em envio (recusado enquanto `sending`: o dinheiro pode ter saído; aguarda a resposta do PSP)',
  },
} as const satisfies Record<string, PayoutTransition>;
export type PayoutTransitionName = keyof typeof payoutTransitions;

/** A timer of a payout's state, counted from a column of its row. */
export interface PayoutTimer {
  name: string;
  state: PayoutState;
  at: string;
  leadsTo: PayoutTransitionName | 'read_back';
  text: string;
}

export const payoutTimers: readonly PayoutTimer[] = [
  {
    name: 'hold_end',
    state: 'held',
    at: '`held_until`',
    leadsTo: 'end_hold',
    text: 'A retenção acabou: o repasse volta à fila de envio.',
  },
  {
    name: 'read_back',
    state: 'sending',
    at: '`next_check_at` (PAYOUT_READ_BACK_SECONDS após o envio, depois em backoff até 1 h)',
    leadsTo: 'read_back',
    text: 'Sem resposta final: lê o envio de volta pelo id; REALIZADO → confirm, NAO_REALIZADO → refuse, nenhum envio com esse id → envia de novo com o mesmo id (idempotente no PSP), EM_PROCESSAMENTO → espera.',
  },
];

/**
 * The kill switch: a global switch (not a state), so a pause stops every send at once, whatever the number of
 * payouts, and new payouts become due normally while it lasts. Paused, the sender takes no `send`; a payout
 * already `sending` still gets its answer and is booked. Pausing and resuming are admin steps, audited.
 */
export const payoutSwitch = {
  by: ['admin'],
  audited: true,
  effect: 'pausado: `send` não é tomado; `confirm`, `refuse`, leitura de volta e os passos manuais seguem',
} as const;

/** Our id of a payout at the PSP: derived from the trade (and the attempt after a refusal spent the id). */
export const PAYOUT_ID_PREFIX = 'MGPAYOUT';
const PAYOUT_ID_DIGITS = 12;

/** `MGPAYOUT000000000042`, then `MGPAYOUT000000000042A1`…: `[a-zA-Z0-9]{1,35}` (Efí's `idEnvio`). */
export function payoutIdFor(tradeId: number, attempt = 0): string {
  if (!Number.isSafeInteger(tradeId) || tradeId <= 0) throw new RangeError(`invalid trade id: ${tradeId}`);
  if (!Number.isSafeInteger(attempt) || attempt < 0 || attempt > 999_999) {
    throw new RangeError(`invalid payout attempt: ${attempt}`);
  }
  const id = PAYOUT_ID_PREFIX + String(tradeId).padStart(PAYOUT_ID_DIGITS, '0');
  return attempt === 0 ? id : `${id}A${attempt}`;
}

/** Fills a notice's `{name}` slots. */
export const fillPayoutText = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (slot, name: string) => values[name] ?? slot);
