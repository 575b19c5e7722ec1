// The directory page's texts, filters and figures, kept apart from the zod schemas so the page loads no zod
// groups.ts imports the texts, so the filters name the fields they read instead of importing Group back.

/** Texts of the groups directory (part 2 §2, §8); the ones the spec lacks are marked. */
export const groupMessages = {
  heading: 'Grupos WhatsApp',
  empty: 'Nenhum grupo encontrado',
  join: 'Entrar no Grupo WhatsApp',
  allGames: 'Todos os Jogos',
  onlyOfficial: 'Apenas Oficiais',
  onlyVip: 'Apenas VIP',
  clearFilters: 'Limpar Filtros',
  // Not in the spec: the staff API's validation.
  titleRequired: 'Informe o nome do grupo.',
  titleTooLong: 'O nome deve ter no máximo 80 caracteres.',
  descriptionRequired: 'Descreva o grupo.',
  descriptionTooLong: 'A descrição deve ter no máximo 500 caracteres.',
  invalidMembers: 'Informe um número de membros válido.',
  invalidLink: 'Informe um link de convite do WhatsApp (https://chat.whatsapp.com/...).',
  categoryRequired: 'Informe o jogo do grupo.',
  notFound: 'Grupo não encontrado.',
  loadFailed: 'Erro ao carregar os grupos.',
} as const;

export interface GroupFilters {
  search: string;
  /** null = every game ('Todos os Jogos'). */
  category: string | null;
  onlyOfficial: boolean;
  onlyVip: boolean;
}

export const noGroupFilters: GroupFilters = {
  search: '',
  category: null,
  onlyOfficial: false,
  onlyVip: false,
};

export function hasGroupFilters(f: GroupFilters): boolean {
  return f.search.trim() !== '' || f.category !== null || f.onlyOfficial || f.onlyVip;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The fields of a group the filters read. */
interface FilterableGroup {
  title: string;
  description: string;
  gameCategory: string;
  isOfficial: boolean;
  isVip: boolean;
}

/** Search matches title, description or category, accents and case aside; every active filter must hold (part 2 §5). */
export function filterGroups<G extends FilterableGroup>(groups: G[], f: GroupFilters): G[] {
  const words = fold(f.search).split(/\s+/).filter(Boolean);
  return groups.filter((g) => {
    if (f.category !== null && g.gameCategory !== f.category) return false;
    if (f.onlyOfficial && !g.isOfficial) return false;
    if (f.onlyVip && !g.isVip) return false;
    const text = fold(`${g.title} ${g.description} ${g.gameCategory}`);
    return words.every((w) => text.includes(w));
  });
}

/** The member stat card's figure, pt-BR: '950', '8,5k+', '1,2M+'. */
export function compactMembers(n: number): string {
  if (n < 1000) return String(n);
  const [unit, size] = n < 1_000_000 ? ['k', 1000] : ['M', 1_000_000];
  const value = Math.floor((n / size) * 10) / 10;
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}${unit}+`;
}
