/** The body of every failed API response. `fields` maps an input name to its pt-BR message. */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

export const errorMessages = {
  notFound: 'Recurso não encontrado.',
  validation: 'Verifique os campos destacados.',
  badRequest: 'Requisição inválida.',
  unauthenticated: 'Você precisa estar logado.',
  forbidden: 'Você não tem permissão para esta ação.',
  rateLimited: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  internal: 'Ocorreu um erro inesperado. Tente novamente.',
  foreignOrigin: 'Origem da requisição não permitida.',
  /** A request that reached a server already shutting down (issue 24): the next one goes to another. */
  shuttingDown: 'O servidor está sendo reiniciado. Tente de novo em instantes.',
  /** A text or path carrying a NUL byte (U+0000), which PostgreSQL cannot store. */
  invalidText: 'Texto inválido.',
} as const;
