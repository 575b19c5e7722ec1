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

  nameRequired: 'Digite o seu nome.',
  nameTooLong: 'O nome deve ter no máximo 100 caracteres.',
  emailInvalid: 'Digite um e-mail válido.',
  companyRequired: 'Digite a empresa ou o canal.',
  companyTooLong: 'A empresa ou canal deve ter no máximo 120 caracteres.',
  partnershipTypeRequired: 'Escolha o tipo de parceria.',
  proposalTooShort: 'Descreva a proposta em pelo menos 20 caracteres.',
  proposalTooLong: 'A proposta deve ter no máximo 2000 caracteres.',
  partnershipSent: 'Proposta enviada! Entraremos em contato pelo e-mail informado.',
  partnershipFailed: 'Erro ao enviar a proposta.',

  feedbackSubjectRequired: 'Digite o assunto.',
  feedbackMessageRequired: 'Escreva a sua mensagem.',
  feedbackMessageTooLong: 'A mensagem deve ter no máximo 2000 caracteres.',
  feedbackTypeRequired: 'Escolha o tipo de feedback.',
  feedbackRatingInvalid: 'Escolha uma nota de 1 a 5 estrelas.',
  feedbackClientInfoTooLong: 'Use no máximo 200 caracteres.',
  /** Part 2 §8, verbatim. */
  feedbackSent: 'Feedback enviado!',
  feedbackSentDetail: 'Obrigado! A equipe lê cada mensagem.',
  feedbackFailed: 'Erro ao enviar o feedback.',
} as const;

export const ticketCategoryLabels = {
  intermediacao: 'Intermediação',
  conta: 'Conta',
  pagamento: 'Pagamento',
  denuncia: 'Denúncia',
  outro: 'Outro',
} as const;

export const partnershipTypeLabels = {
  criador_conteudo: 'Criador de conteúdo',
  organizacao_esports: 'Organização de esports',
  empresa: 'Empresa',
} as const;

export const ticketStatusLabels = {
  open: 'Aberto',
  in_progress: 'Em andamento',
  resolved: 'Resolvido',
} as const;

export const feedbackTypeLabels = {
  sugestao: 'Sugestão',
  bug: 'Bug',
  elogio: 'Elogio',
  critica: 'Crítica',
} as const;

/** Part 2 §5: the text beside each star count. */
export const feedbackRatingLabels: Record<number, string> = {
  1: 'Muito insatisfeito',
  2: 'Insatisfeito',
  3: 'Neutro',
  4: 'Satisfeito',
  5: 'Muito satisfeito',
};
