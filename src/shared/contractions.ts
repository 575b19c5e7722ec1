/** A preposition that Portuguese joins with the article after it. */
export type Preposition = 'a' | 'de' | 'em' | 'por';

const joined: Record<Preposition, Record<string, string>> = {
  a: { a: 'à', as: 'às', o: 'ao', os: 'aos' },
  de: { a: 'da', as: 'das', o: 'do', os: 'dos' },
  em: { a: 'na', as: 'nas', o: 'no', os: 'nos', um: 'num', uma: 'numa' },
  por: { a: 'pela', as: 'pelas', o: 'pelo', os: 'pelos' },
};

/**
 * The preposition before a phrase, joined with the phrase's article as written Portuguese does:
 * `contract('de', 'a intermediação #12')` → 'da intermediação #12', `contract('em', 'o chamado')` → 'no chamado',
 * `contract('de', 'PedroGamer')` → 'de PedroGamer'. Only a lower-case article counts ('A Gamer Ltda' is a name).
 */
export function contract(preposition: Preposition, phrase: string): string {
  const [first = '', ...rest] = phrase.split(' ');
  const word = joined[preposition][first];
  return word && rest.length > 0 ? [word, ...rest].join(' ') : `${preposition} ${phrase}`;
}
