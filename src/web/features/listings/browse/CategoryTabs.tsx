import { categoryTabs } from '@shared/listing-kinds';
import { cn } from '@web/lib/cn';
import { Link, useSearchParams } from 'react-router';
import { readKind, withParams } from './filters';

/** The kind tabs (part 1 §2): each sets `categoria` on the current page; 'Todos' removes it. */
export function CategoryTabs({ className }: { className?: string }) {
  const [params] = useSearchParams();
  const active = readKind(params) ?? 'all';

  return (
    <nav
      aria-label="Categorias"
      className={cn(
        '-mx-4 overflow-x-auto px-4 [scrollbar-width:none] sm:mx-0 sm:px-0 lg:overflow-visible',
        className,
      )}
    >
      {/* A scrolling strip of names on small screens; six equal tiles with their descriptions from 1024px. */}
      <ul className="flex min-w-max gap-2 lg:grid lg:min-w-0 lg:grid-cols-6">
        {categoryTabs.map((tab) => {
          const selected = tab.value === active;
          const search = withParams(params, { kind: tab.value === 'all' ? null : tab.value }).toString();
          return (
            <li key={tab.value}>
              <Link
                to={{ search: search ? `?${search}` : '' }}
                aria-current={selected ? 'page' : undefined}
                title={tab.description}
                className={cn(
                  'flex h-full flex-col rounded-xl border px-4 py-2 transition-colors lg:px-3.5 lg:py-2.5',
                  selected
                    ? 'border-accent/60 bg-accent-soft text-accent'
                    : 'border-line bg-surface text-muted hover:border-line-strong hover:text-fg',
                )}
              >
                <span className="text-sm font-semibold">{tab.label}</span>
                <span
                  aria-hidden
                  className={cn(
                    'mt-0.5 hidden text-[0.7rem] leading-snug lg:block',
                    selected ? 'text-accent/80' : 'text-subtle',
                  )}
                >
                  {tab.description}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
