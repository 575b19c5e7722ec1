/** Texts of the PIX charge of a protected trade, of its refund and of the PSP's webhook. */
export const pixChargeMessages = {
  providerUnavailable: 'Não foi possível gerar a cobrança PIX. Tente novamente.',
  readUnavailable: 'Não foi possível consultar o pagamento PIX. Tente novamente.',
  invalidAmount: 'O valor da cobrança PIX é inválido.',
  invalidWebhook: 'Notificação PIX inválida.',
  webhookUnauthorized: 'Notificação PIX não autorizada.',
  refundInvalid: 'Não é possível devolver este PIX: o pagamento ou o valor da devolução é inválido.',
  refundRefused: 'O PSP recusou a devolução do PIX. Nada foi registrado.',
  refundUnavailable: 'O PSP não respondeu; tente a devolução novamente.',
  refundMismatch:
    'A resposta do PSP sobre a devolução do PIX não confere com o pedido. Nada foi registrado; confira no PSP antes de tentar novamente.',
} as const;
