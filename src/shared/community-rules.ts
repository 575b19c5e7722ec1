// The forum's limits, categories and excerpt rule, kept apart from the zod schemas so the pages that
// only show posts load no zod.
export const communityCategories = ['dicas', 'ddtank', 'geral', 'suporte'] as const;
export type CommunityCategory = (typeof communityCategories)[number];

const categoryLabels: Record<CommunityCategory, string> = {
  dicas: 'Dicas',
  ddtank: 'DDtank Brasil S3',
  geral: 'Geral',
  suporte: 'Suporte',
};

/** The spec's label, or the raw value for a category it does not name (part 2 §2). */
export function categoryLabel(category: string): string {
  return categoryLabels[category as CommunityCategory] ?? category;
}

export const COMMUNITY_PAGE_SIZE = 10;
export const MAX_POST_TITLE = 120;
export const MAX_POST_CONTENT = 5000;
export const MAX_COMMENT = 1000;
export const POST_EXCERPT_LENGTH = 220;
/** Matches are counted up to this many; past it the page says 'mais de'. */
export const POSTS_TOTAL_CAP = 1000;

/** The start of a post for its card: whole words, '…' when cut. */
export function postExcerpt(content: string): string {
  const text = content.trim();
  if (text.length <= POST_EXCERPT_LENGTH) return text;
  const cut = text.slice(0, POST_EXCERPT_LENGTH);
  const lastSpace = cut.search(/\s\S*$/);
  return `${(lastSpace > POST_EXCERPT_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?…-]+$/, '')}…`;
}
