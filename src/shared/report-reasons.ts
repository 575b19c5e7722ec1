// Kept apart from the zod schema so the report form's list loads no zod.
export const reportReasons = ['spam', 'ofensivo', 'golpe', 'conteudo_improprio', 'outro'] as const;
export const reportReasonLabels: Record<(typeof reportReasons)[number], string> = {
  spam: 'Spam ou propaganda',
  ofensivo: 'Ofensivo ou discurso de ódio',
  golpe: 'Golpe ou tentativa de fraude',
  conteudo_improprio: 'Conteúdo impróprio',
  outro: 'Outro motivo',
};

/** A comment's anchor on its listing's or post's page ('#comentario-12'): where the staff queue links to. */
export const commentAnchor = (commentId: number | string) => `comentario-${commentId}`;
