/**
 * A count with the words that agree with it: `plural(1, 'negociação aguardando', 'negociações aguardando')` →
 * '1 negociação aguardando', and 0 or more than one take the plural, as in Portuguese. Never 'negociação(ões)'.
 */
export const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('pt-BR')} ${count === 1 ? one : many}`;
