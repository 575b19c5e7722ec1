import type { ListingKind } from './listings';

/** The category tabs (part 1 §2): `all` removes the `categoria` param. */
export const categoryTabs: { value: ListingKind | 'all'; label: string; description: string }[] = [
  { value: 'all', label: 'Todos', description: 'Tudo o que está à venda' },
  { value: 'items', label: 'Itens', description: 'Equipamentos, armas e consumíveis' },
  { value: 'coins', label: 'Moedas', description: 'Gold, diamantes, V-Bucks e afins' },
  { value: 'accounts', label: 'Contas', description: 'Contas prontas e ranqueadas' },
  { value: 'skins', label: 'Peles', description: 'Skins e visuais' },
  { value: 'rare', label: 'Raros', description: 'Itens raros e edições limitadas' },
];

export function kindLabel(kind: ListingKind): string {
  return categoryTabs.find((t) => t.value === kind)?.label ?? kind;
}
