// Kept apart from the zod schemas so lists and badges can show the labels without loading zod.
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
