import type { ListingCard } from '@shared/listings';

/** Part 2 §5: only entries with a numeric id; the search matches title, seller or game, case-insensitive. */
export function filterProducts(items: readonly ListingCard[], text: string): ListingCard[] {
  const needle = text.trim().toLocaleLowerCase('pt-BR');
  return items.filter(
    (item) =>
      Number.isInteger(item.id) &&
      (!needle ||
        [item.title, item.seller.username, item.game.name].some((field) =>
          field.toLocaleLowerCase('pt-BR').includes(needle),
        )),
  );
}
