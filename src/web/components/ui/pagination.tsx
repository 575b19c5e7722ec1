import { cn } from '@web/lib/cn';
import { pageItems } from '@web/lib/page-items';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface PaginationProps {
  /** The pages on screen: the one in the URL and those 'Carregar Mais' appended after it. */
  firstPage: number;
  lastPage: number;
  totalPages: number;
  /** The URL of a page. */
  hrefFor: (page: number) => string;
}

const cell =
  'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-lg px-2.5 text-sm font-medium transition-colors';

export function Pagination({ firstPage, lastPage, totalPages, hrefFor }: PaginationProps) {
  if (totalPages <= 1) return null;
  const toTop = () => window.scrollTo({ top: 0 });

  const step = (page: number, label: string, children: ReactNode) =>
    page >= 1 && page <= totalPages ? (
      <Link
        to={hrefFor(page)}
        onClick={toTop}
        aria-label={label}
        className={cn(cell, 'text-muted hover:bg-surface-3 hover:text-fg')}
      >
        {children}
      </Link>
    ) : (
      <span aria-disabled="true" className={cn(cell, 'text-subtle/50')}>
        {children}
      </span>
    );

  return (
    <nav aria-label="Paginação" className="flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {step(
            firstPage - 1,
            'Página anterior',
            <>
              <ChevronLeft aria-hidden className="size-4" />
              <span className="hidden sm:inline">Anterior</span>
            </>,
          )}
        </li>
        {pageItems(lastPage, totalPages).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: at most two gaps, told apart by position.
            <li key={`gap-${index}`} aria-hidden className={cn(cell, 'text-subtle')}>
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                onClick={toTop}
                aria-label={`Página ${item}`}
                aria-current={item === lastPage ? 'page' : undefined}
                className={cn(
                  cell,
                  item === lastPage
                    ? 'bg-accent text-accent-fg'
                    : item >= firstPage && item < lastPage
                      ? 'bg-accent-soft text-accent'
                      : 'text-muted hover:bg-surface-3 hover:text-fg',
                )}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          {step(
            lastPage + 1,
            'Próxima página',
            <>
              <span className="hidden sm:inline">Próxima</span>
              <ChevronRight aria-hidden className="size-4" />
            </>,
          )}
        </li>
      </ul>
    </nav>
  );
}
