import { type CommunityCategory, communityCategories } from '@shared/community-rules';

/** The forum list's state, kept in the URL (`?categoria=dicas&busca=build&pagina=2`) so reload and back keep it. */
export interface ForumFilters {
  category: CommunityCategory | null;
  q: string;
  page: number;
}

// 'busca' rather than 'q': the top bar's marketplace search reads 'q' from any page.
export const forumParam = { category: 'categoria', q: 'busca', page: 'pagina' } as const;

function readCategory(value: string | null): CommunityCategory | null {
  return communityCategories.find((category) => category === value) ?? null;
}

export function readForumFilters(params: URLSearchParams): ForumFilters {
  const page = Number(params.get(forumParam.page));
  return {
    category: readCategory(params.get(forumParam.category)),
    q: (params.get(forumParam.q) ?? '').trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The query string for `filters`, '' for the plain list; page 1 and blanks are left out. */
export function forumSearch(filters: ForumFilters): string {
  const params = new URLSearchParams();
  if (filters.category) params.set(forumParam.category, filters.category);
  if (filters.q) params.set(forumParam.q, filters.q);
  if (filters.page > 1) params.set(forumParam.page, String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}
