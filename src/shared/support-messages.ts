// Kept apart from the zod schemas so pages can show these texts without loading zod.
/** Texts for support tickets, partnership requests and feedback; the spec has none of them (issue 14). */
export const supportMessages = {
  ticketLoginRequired: 'Você precisa estar logado para abrir um chamado.',
  categoryRequired: 'Escolha uma categoria.',
  subjectTooShort: 'O assunto deve ter pelo menos 5 caracteres.',
  subjectTooLong: 'O assunto deve ter no máximo 120 caracteres.',
  descriptionTooShort: 'A descrição deve ter pelo menos 10 caracteres.',
  descriptionTooLong: 'A descrição deve ter no máximo 2000 caracteres.',
  ticketCreated: 'Chamado aberto! Nossa equipe responderá em breve.',
  ticketFailed: 'Erro ao abrir o chamado.',
  noTickets: 'Você ainda não abriu nenhum chamado.',
  loadTicketsFailed: 'Não foi possível carregar os seus chamados.',
} as const;

export const ticketCategoryLabels = {
  intermediacao: 'Intermediação',
  conta: 'Conta',
  pagamento: 'Pagamento',
  denuncia: 'Denúncia',
  outro: 'Outro',
} as const;

export const ticketStatusLabels = {
  open: 'Aberto',
  in_progress: 'Em andamento',
  resolved: 'Resolvido',
} as const;
