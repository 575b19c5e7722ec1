/** What GET /metrics answers an operator when it does not serve the figures (pt-BR). */
export const metricsMessages = {
  /** METRICS_TOKEN is not set: the endpoint is off. */
  disabled: 'Métricas desativadas: defina METRICS_TOKEN para ativá-las.',
  badToken: 'Token de métricas ausente ou inválido.',
  unavailable: 'Não foi possível ler as métricas agora. Tente novamente.',
} as const;
