/**
 * The daily reconciliation of payouts with the PSP (issue 36): each difference between what the PSP says it sent
 * and what the ledger booked as paid out is a finding, shown on Visão Geral and counted in /metrics.
 */
export const payoutFindingKinds = [
  /** The PSP paid a send of ours the ledger has no payout for: money left, the books do not say so. */
  'sent_not_booked',
  /** The ledger booked a payout through the PSP the PSP has not paid: the books say money left, it did not. */
  'booked_not_sent',
  /** Both have it, for different amounts. */
  'amount_differs',
  /** Both have it, to different keys (the PSP's `favorecido.chave` is not the key fixed on the trade). */
  'key_differs',
] as const;
export type PayoutFindingKind = (typeof payoutFindingKinds)[number];

export const payoutFindingLabels: Record<PayoutFindingKind, string> = {
  sent_not_booked: 'Enviado pelo PSP e não registrado no livro-razão',
  booked_not_sent: 'Registrado no livro-razão e não enviado pelo PSP',
  amount_differs: 'Valor diferente entre o PSP e o livro-razão',
  key_differs: 'Chave PIX diferente entre o PSP e a negociação',
};
