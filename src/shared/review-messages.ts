/** Reviews of finished trades (issue 12): every refusal and confirmation a user reads. */
export const reviewMessages = {
  loginRequired: 'Você precisa estar logado para avaliar.',
  tradeNotFound: 'Intermediação não encontrada.',
  notFinished: 'Só é possível avaliar uma intermediação concluída.',
  notParty: 'Só o comprador e o vendedor desta intermediação podem avaliá-la.',
  staffCannotReview: 'A equipe intermedia as negociações, mas não as avalia.',
  sellerRefunded: 'Esta intermediação foi reembolsada: o vendedor não pode avaliar o comprador.',
  alreadyReviewed: 'Você já avaliou esta intermediação. Edite a sua avaliação em vez de criar outra.',
  windowClosed: 'O prazo de 7 dias para avaliar esta intermediação terminou.',
  notYours: 'Você ainda não avaliou esta intermediação.',
  editClosed:
    'Esta avaliação não pode mais ser editada: já se passaram 7 dias ou as duas partes já avaliaram.',
  ratingInvalid: 'Escolha uma nota de 1 a 5.',
  commentTooLong: 'O comentário pode ter no máximo 1000 caracteres.',
  answerRequired: 'Escreva a resposta.',
  answerTooLong: 'A resposta pode ter no máximo 1000 caracteres.',
  reviewNotFound: 'Avaliação não encontrada.',
  onlySellerAnswers: 'Só o vendedor avaliado pode responder a esta avaliação.',
  alreadyAnswered: 'Esta avaliação já foi respondida.',
  answerHidden: 'Você poderá responder quando a avaliação for publicada.',
  userNotFound: 'Usuário não encontrado.',
  saved: 'Avaliação enviada!',
  updated: 'Avaliação atualizada.',
  answered: 'Resposta publicada.',
} as const;

/** The in-app notifications a review sends to the other side. */
export const reviewNotices = {
  received: (author: string, title: string) => ({
    title: 'Você recebeu uma avaliação',
    body: `${author} avaliou a negociação de "${title}". Ela será publicada quando você avaliar também ou em 7 dias.`,
  }),
  /** When the trade completes, to each party: the link opens the room at its review form. */
  requested: (other: 'o vendedor' | 'o comprador', title: string) => ({
    title: `Avalie ${other}`,
    body: `A negociação de "${title}" foi concluída. Conte como foi: a sua avaliação será publicada quando os dois avaliarem ou em 7 dias.`,
  }),
  answered: (seller: string, title: string) => ({
    title: 'Sua avaliação foi respondida',
    body: `${seller} respondeu à sua avaliação da negociação de "${title}".`,
  }),
};

/** Part 2 §5: the text beside each rating. */
export const ratingLabels: Record<number, string> = {
  1: 'Muito insatisfeito',
  2: 'Insatisfeito',
  3: 'Neutro',
  4: 'Satisfeito',
  5: 'Muito satisfeito',
};
