/** Texts of the PIX charge of a protected trade and of the PSP's webhook. */
export const pixChargeMessages = {
  providerUnavailable: 'Não foi possível gerar a cobrança PIX. Tente novamente.',
  readUnavailable: 'Não foi possível consultar o pagamento PIX. Tente novamente.',
  invalidAmount: 'O valor da cobrança PIX é inválido.',
  invalidWebhook: 'Notificação PIX inválida.',
  webhookUnauthorized: 'Notificação PIX não autorizada.',
} as const;
