// Kept apart from the zod schemas so pages can show these texts without loading zod.
/** Reports and suspensions (issue 13): the spec has only the report statuses' labels; the rest are ours. */
export const moderationMessages = {
  reportStatusRequired: 'Escolha o novo status da denúncia.',
  responseRequired: 'Escreva a resposta que o denunciante vai ler.',
  responseTooLong: 'Use no máximo 2000 caracteres.',
  reportNotFound: 'Denúncia não encontrada.',
  reportAlreadyClosed: 'Esta denúncia já foi encerrada; atualize a lista.',
  reportNotPending: 'Esta denúncia já está em análise; atualize a lista.',
  loadReportsFailed: 'Falha ao carregar denúncias',
  updateReportFailed: 'Falha ao atualizar denúncia',
  reportUpdated: 'Denúncia atualizada!',
  noReports: 'Nenhuma denúncia encontrada',

  listingNotFound: 'Anúncio não encontrado.',
  reportOwnListing: 'Você não pode denunciar o seu próprio anúncio.',
  userNotFound: 'Usuário não encontrado.',
  reportSelf: 'Você não pode denunciar a si mesmo.',
  reportDuplicate: 'Você já denunciou isto. Acompanhe em Histórico de Denúncias.',
  reportLoginRequired: 'Você precisa estar logado para denunciar.',
  reportSent: 'Denúncia enviada! Nossa equipe analisará em até 48 horas úteis.',
  reportFailed: 'Erro ao enviar a denúncia.',

  penaltyRequired: 'Escolha a penalidade.',
  suspensionReasonRequired: 'Escreva o motivo da penalidade.',
  suspendStaff: 'Membros da equipe não podem ser suspensos.',
  suspendSelf: 'Você não pode suspender a si mesmo.',
  userSuspended: 'Penalidade aplicada.',
  targetRemoved: 'Conteúdo removido.',

  liftReasonRequired: 'Escreva o motivo para revogar a suspensão.',
  liftSelf: 'Você não pode revogar uma suspensão sua.',
  suspensionNotFound: 'Suspensão não encontrada.',
  liftNotActive: 'Esta suspensão já terminou ou já foi revogada; atualize a página.',
  suspensionLifted: 'Suspensão revogada.',
  liftFailed: 'Falha ao revogar a suspensão',
  suspendFailed: 'Falha ao aplicar a penalidade',
  staffCandidateSuspended: 'Este membro está suspenso e não pode entrar para a equipe.',
  targetGone: 'O conteúdo denunciado já foi removido.',
} as const;

/** Part 2 §4's labels of a report's status. */
export const reportStatusLabels = {
  pendente: 'Pendente',
  em_analise: 'Em Análise',
  resolvida: 'Resolvida',
  rejeitada: 'Rejeitada',
} as const;

export const penaltyLabels = {
  advertencia: 'Advertência',
  '7_dias': 'Suspensão de 7 dias',
  '30_dias': 'Suspensão de 30 dias',
  permanente: 'Banimento permanente',
} as const;

/** A member's standing in the staff's member search (issue 22). */
export const memberStatusLabels = {
  ativo: 'Ativo',
  advertido: 'Advertido',
  suspenso: 'Suspenso',
  banido: 'Banido',
} as const;

/** Members (issue 22): the staff's search and member page. */
export const memberMessages = {
  loadMembersFailed: 'Falha ao carregar membros',
  loadMemberFailed: 'Falha ao carregar o membro',
  noMembers: 'Nenhum membro encontrado',
  noSuspended: 'Nenhum membro suspenso no momento',
  memberNotFound: 'Membro não encontrado.',
  staffAccountPrivate:
    'E-mail, telefone, verificação em duas etapas, sessões e acessos de outro membro da equipe são visíveis só a administradores.',
  staffEmailPrivate: 'Só administradores',
} as const;

const untilFormat = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
});

/** What a suspended member reads at sign-in: until when, or that it is permanent. */
export function suspendedMessage(endsAt: Date | null): string {
  return endsAt
    ? `Sua conta está suspensa até ${untilFormat.format(endsAt)} (horário de Brasília).`
    : 'Sua conta foi suspensa permanentemente.';
}
