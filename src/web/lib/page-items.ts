export type PageItem = number | 'gap';

/** The page numbers to show: first, last and the current one's neighbours, with gaps between (part 1 §9). */
export function pageItems(current: number, total: number): PageItem[] {
  const pages = [...new Set([1, current - 1, current, current + 1, total])]
    .filter((page) => page >= 1 && page <= total)
    .sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of pages) {
    // A gap of a single page shows that page rather than an ellipsis that hides only one number.
    if (page - previous === 2) items.push(previous + 1);
    else if (page - previous > 2) items.push('gap');
    items.push(page);
    previous = page;
  }
  return items;
}
