// Kept apart from the zod schemas so the staff tabs can show these texts without loading zod.
/** Texts of the staff queues (issue 13): the spec's §8 where it has them, ours where it has none. */
export const staffQueueMessages = {
  // Support (part 2 §8)
  loadTicketsFailed: 'Falha ao carregar tickets de suporte',
  updateTicketFailed: 'Falha ao atualizar ticket',
  ticketUpdated: 'Ticket atualizado com sucesso!',
  ticketNotFound: 'Chamado não encontrado.',
  ticketResponseRequired: 'Escreva a resposta antes de resolver o chamado.',
  ticketResponseTooLong: 'A resposta deve ter no máximo 2000 caracteres.',
  ticketNotOpen: 'Este chamado não está mais aberto; atualize a lista.',
  ticketAlreadyResolved: 'Este chamado já foi resolvido; atualize a lista.',
  ticketReplyTitle: 'Seu chamado foi respondido',
  noTickets: 'Nenhum ticket encontrado',

  // Partnerships (part 2 §8)
  loadPartnershipsFailed: 'Falha ao carregar solicitações de parceria',
  updatePartnershipFailed: 'Falha ao atualizar parceria',
  partnershipApproved: 'Parceria aprovada!',
  partnershipRejected: 'Parceria rejeitada.',
  partnershipNotFound: 'Solicitação de parceria não encontrada.',
  partnershipDecided: 'Esta solicitação já foi analisada; atualize a lista.',
  partnershipDecisionRequired: 'Escolha aprovar ou rejeitar.',
  partnershipNotesTooLong: 'As observações devem ter no máximo 2000 caracteres.',
  noPartnerships: 'Nenhuma solicitação de parceria encontrada',

  // Feedback (part 2 §2 'Feedback tab', §8)
  loadFeedbackFailed: 'Falha ao carregar feedback dos usuários',
  updateFeedbackFailedTitle: 'Erro',
  updateFeedbackFailed: 'Falha ao atualizar feedback',
  feedbackUpdatedTitle: 'Sucesso',
  feedbackUpdated: 'Feedback atualizado com sucesso!',
  feedbackNotFound: 'Feedback não encontrado.',
  feedbackResponseRequired: 'Escreva a resposta.',
  feedbackResponseTooLong: 'A resposta deve ter no máximo 2000 caracteres.',
  feedbackAlreadyResolved: 'Este feedback já foi resolvido.',
  noFeedback: 'Nenhum feedback encontrado',
  feedbackLoading: 'Carregando feedback...',
  notInformed: 'Não informado',
} as const;

/** 'N feedback(s) encontrado(s)' (part 2 §2). */
export const feedbackCountText = (n: number) => `${n} feedback(s) encontrado(s)`;

export const feedbackStatusLabels = {
  pending: 'Pendente',
  responded: 'Respondido',
  resolved: 'Resolvido',
} as const;

/** The filter's labels (part 2 §2): plural, with 'Todos' for no filter. */
export const feedbackFilterLabels = {
  all: 'Todos',
  pending: 'Pendentes',
  responded: 'Respondidos',
  resolved: 'Resolvidos',
} as const;

export const priorityLabels: Record<string, string> = { high: 'Alta', medium: 'Média', normal: 'Normal' };
/** Part 2 §4: an unknown priority is shown raw. */
export const priorityLabel = (priority: string) => priorityLabels[priority] ?? priority;

export const partnershipStatusLabels = {
  pending: 'Pendente',
  approved: 'Aprovada',
  rejected: 'Rejeitada',
} as const;
