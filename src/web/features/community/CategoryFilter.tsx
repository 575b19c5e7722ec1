import { type CommunityCategory, categoryLabel, communityCategories } from '@shared/community-rules';
import { cn } from '@web/lib/cn';
import { Link } from 'react-router';
import { type ForumFilters, forumSearch } from './filters';

const tabs: { value: CommunityCategory | null; label: string }[] = [
  { value: null, label: 'Todos' },
  ...communityCategories.map((value) => ({ value, label: categoryLabel(value) })),
];

/** Todos / Dicas / DDtank Brasil S3 / Geral / Suporte: each keeps the search and goes back to page 1. */
export function CategoryFilter({ filters }: { filters: ForumFilters }) {
  return (
    <nav
      aria-label="Categorias"
      className="-mx-4 overflow-x-auto px-4 [scrollbar-width:none] sm:mx-0 sm:px-0"
    >
      <ul className="flex min-w-max gap-2">
        {tabs.map((tab) => {
          const selected = tab.value === filters.category;
          return (
            <li key={tab.value ?? 'todos'}>
              <Link
                to={{ search: forumSearch({ ...filters, category: tab.value, page: 1 }) }}
                aria-current={selected ? 'page' : undefined}
                className={cn(
                  'inline-flex h-9 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors',
                  selected
                    ? 'border-accent/60 bg-accent-soft text-accent'
                    : 'border-line bg-surface text-muted hover:border-line-strong hover:text-fg',
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
