/**
 * Texts of the ledger's refusals. Not in the spec: the trades service's state machine keeps users from reaching
 * them, so they surface only when a bug moves money out of order.
 */
export const ledgerMessages = {
  outOfOrder: 'Movimentação fora de ordem para esta negociação.',
  escrowAlreadyLeft: 'O valor desta negociação já foi liberado ou reembolsado.',
  amountMismatch: 'O valor não confere com o pagamento desta negociação.',
  endToEndUsed:
    'Este identificador E2E já foi registrado em outra movimentação: uma transferência PIX paga uma só coisa.',
  keyReused: 'Esta chave de idempotência já registrou outra movimentação.',
} as const;
