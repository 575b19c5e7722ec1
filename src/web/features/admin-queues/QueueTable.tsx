import {
  type ColumnDef,
  createColumnHelper,
  type RowData,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { Button } from '@web/components/ui/button';
import { Select } from '@web/components/ui/select';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A queue's filter and page live in the URL (`?status=…&pagina=…`), so a filtered view can be linked and
 * reloaded; changing the filter goes back to the first page.
 */
export function useQueueParams<S extends string>(statuses: readonly S[]) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = raw && (statuses as readonly string[]).includes(raw) ? (raw as S) : undefined;
  const pageParam = Number(params.get('pagina'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  const update = (changes: Record<string, string | undefined>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  return {
    status,
    page,
    setStatus: (value: S | undefined) => update({ status: value, pagina: undefined }),
    setPage: (value: number) => update({ pagina: value > 1 ? String(value) : undefined }),
  };
}

export function StatusFilter<S extends string>({
  label,
  value,
  options,
  allLabel,
  onChange,
}: {
  label: string;
  value: S | undefined;
  options: readonly { value: S; label: string }[];
  allLabel: string;
  onChange: (value: S | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="w-48">
        <Select id={id} value={value ?? ''} onChange={(e) => onChange((e.target.value || undefined) as S)}>
          <option value="">{allLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}

/** The queues need only the core: rows come sorted, filtered and paged by the server. */
const queueFeatures = tableFeatures({});
type QueueFeatures = typeof queueFeatures;

/** A column helper for a queue's rows. */
export const queueColumns = <Row extends RowData>() => createColumnHelper<QueueFeatures, Row>();

/** A staff queue's table (TanStack Table, rows already paged by the server) with its pager below. */
export function QueueTable<Row extends RowData>({
  caption,
  columns,
  rows,
  empty,
  page,
  pageSize,
  total,
  onPage,
}: {
  caption: string;
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's column value types differ per column.
  columns: ColumnDef<QueueFeatures, Row, any>[];
  rows: Row[];
  empty: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const table = useTable({ features: queueFeatures, data: rows, columns });
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="grid gap-3">
      <section
        aria-label={caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard (WCAG 2.1.1).
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-line focus-visible:outline-2 focus-visible:outline-accent"
      >
        <table className="w-full min-w-[720px] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-surface-2 text-muted">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col" className="px-3 py-2.5 font-medium">
                    <table.FlexRender header={header} />
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-8 text-center text-muted">
                  {empty}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="border-t border-line align-top">
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className="px-3 py-2.5 text-fg">
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      {pages > 1 && (
        <nav aria-label="Paginação" className="flex items-center justify-end gap-2 text-sm text-muted">
          <Button
            variant="ghost"
            size="sm"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
            aria-label="Página anterior"
          >
            <ChevronLeft aria-hidden />
          </Button>
          <span>
            Página {page} de {pages}
          </span>
          <Button
            variant="ghost"
            size="sm"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
            aria-label="Próxima página"
          >
            <ChevronRight aria-hidden />
          </Button>
        </nav>
      )}
    </div>
  );
}

export function StatusBadge({ label, tone }: { label: string; tone: 'warn' | 'info' | 'ok' | 'bad' }) {
  const tones = {
    warn: 'bg-warning/15 text-warning',
    info: 'bg-surface-3 text-fg',
    ok: 'bg-accent-soft text-accent',
    bad: 'bg-danger/15 text-danger',
  };
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>{label}</span>
  );
}
