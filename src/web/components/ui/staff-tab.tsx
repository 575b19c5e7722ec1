import { MAX_STAFF_SEARCH } from '@shared/support-queues';
import type { UseQueryResult } from '@tanstack/react-query';
import type { RowData } from '@tanstack/react-table';
import { Button, buttonClasses } from '@web/components/ui/button';
import { type TableColumn, tableColumns } from '@web/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { fieldClasses } from '@web/components/ui/input';
import { QueryState } from '@web/components/ui/query-state';
import { cn } from '@web/lib/cn';
import { Download, Eye, Search } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** How long the search waits after the last key before it asks the server. */
const SEARCH_DEBOUNCE_MS = 350;

/**
 * A tab of the staff panel that lists something: its title (and a line under it), the filters or actions on
 * the right, then the list's query state — loading, the error with 'Tentar Novamente', or the count above the
 * table —, what follows the list, and the detail pane (a dialog) of the row opened.
 */
export function StaffTab<T>({
  title,
  description,
  actions,
  query,
  loading,
  errorTitle,
  count,
  children,
  footer,
  detail,
  search,
  exportHref,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** The tab's text search (kept in the address as `?q=`): its label, hint, value and setter. */
  search?: { label: string; placeholder: string; value: string; onChange: (value: string) => void };
  /** Where 'Exportar CSV' downloads the current filter's file from (`…/export.csv?status=…&q=…`). */
  exportHref?: string;
  query: UseQueryResult<T, Error>;
  loading?: string;
  errorTitle: string;
  count?: (data: T) => string;
  children: (data: T) => ReactNode;
  footer?: ReactNode;
  detail?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-6">
      <div className="grid gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="grid gap-1">
            <h2 id={titleId} className="text-xl font-semibold text-fg">
              {title}
            </h2>
            {description && <p className="text-sm text-muted">{description}</p>}
          </div>
          {actions}
        </div>
        {(search || exportHref) && (
          <div className="flex flex-wrap items-end gap-3">
            {search && <StaffSearch {...search} />}
            {exportHref && (
              <a href={exportHref} download className={buttonClasses({ variant: 'secondary', size: 'md' })}>
                <Download aria-hidden />
                Exportar CSV
              </a>
            )}
          </div>
        )}
        <QueryState query={query} loading={loading} errorTitle={errorTitle}>
          {(data) => (
            <>
              {count && <p className="text-sm text-muted">{count(data)}</p>}
              {children(data)}
            </>
          )}
        </QueryState>
      </div>
      {footer}
      {detail}
    </section>
  );
}

/**
 * A queue's search box: what is typed goes to the address (and the server) once typing pauses; a search changed
 * elsewhere (back, a link) shows here again.
 */
function StaffSearch({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    const next = text.trim();
    if (next === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = next;
      onChange(next);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onChange]);
  return (
    <div className="grid min-w-0 flex-1 basis-64 gap-1.5 sm:max-w-md">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle"
        />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={MAX_STAFF_SEARCH}
          placeholder={placeholder}
          onChange={(e) => setText(e.target.value)}
          className={cn(fieldClasses, 'pr-3 pl-9')}
        />
      </div>
    </div>
  );
}

/**
 * The detail pane of a list's row: a dialog with the row's title and summary, what staff read and write about
 * it, and its actions beside 'Fechar'. Open while `item` is set; `onClose` clears it.
 */
export function DetailDialog<T>({
  item,
  onClose,
  title,
  description,
  children,
  actions,
}: {
  item: T | null;
  onClose: () => void;
  title: (item: T) => ReactNode;
  description: (item: T) => ReactNode;
  children: (item: T) => ReactNode;
  actions?: (item: T) => ReactNode;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-xl overflow-y-auto">
        {item !== null && (
          <>
            <DialogTitle>{title(item)}</DialogTitle>
            <DialogDescription>{description(item)}</DialogDescription>
            {children(item)}
            <div className="mt-5 flex flex-wrap justify-end gap-2">
              {actions?.(item)}
              <Button variant="ghost" onClick={onClose}>
                Fechar
              </Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A queue's 'Ações' column: the eye that opens the row's detail pane, named after the row. */
export function viewColumn<Row extends RowData>(
  label: (row: Row) => string,
  open: (row: Row) => void,
): TableColumn<Row> {
  return tableColumns<Row>().display({
    id: 'actions',
    header: 'Ações',
    cell: ({ row }) => (
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={label(row.original)}
        onClick={() => open(row.original)}
      >
        <Eye aria-hidden />
      </Button>
    ),
  });
}
