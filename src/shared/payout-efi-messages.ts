/**
 * Texts of automatic payouts through Efí's "envio de Pix" (issue 36): why the PSP refused a send (shown to staff on
 * 'Repasses' and to the seller, who fixes the key) and the webhook's answer.
 */
export const payoutEfiMessages = {
  keyNotOfDocument:
    'A chave PIX não pertence ao CPF/CNPJ cadastrado para repasses. Cadastre uma chave PIX em seu próprio nome.',
  keyInvalid: 'A chave PIX de destino não foi encontrada ou é inválida. Confira a chave cadastrada.',
  denied: 'O PSP negou o repasse em sua análise de risco. A equipe vai conferir.',
  rejected: 'O PSP recusou o repasse.',
  notMade: 'O PSP não realizou o repasse.',
  /** `{motivo}` as the PSP wrote it (e.g. an SPI reason, `AC03`), after our sentence. */
  notMadeBecause: (motivo: string) => `O PSP não realizou o repasse: ${motivo}`,
  webhookUnauthorized: 'Notificação de repasse não autorizada.',
} as const;
