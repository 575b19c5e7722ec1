import {
  type ColumnDef,
  createColumnHelper,
  metaHelper,
  type RowData,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { Pagination } from '@web/components/ui/pagination';
import { cn } from '@web/lib/cn';
import { useSyncExternalStore } from 'react';

/**
 * How a column shows in a row's card on a phone (below `md`): `primary` is the card's title (no label), `hidden`
 * is left out of the card, `actions` goes to the card's foot (a column with id 'actions' does so unasked). Every
 * other column is a 'label: value' line, the label being its header.
 */
export interface DataTableColumnMeta {
  card?: 'primary' | 'hidden' | 'actions';
}

/** The lists need only the core: rows come sorted, filtered and paged by the server. */
const listFeatures = tableFeatures({ columnMeta: metaHelper<DataTableColumnMeta>() });
type ListFeatures = typeof listFeatures;

/** A column of a {@link DataTable} (TanStack Table 9). */
// biome-ignore lint/suspicious/noExplicitAny: TanStack's column value types differ per column.
export type TableColumn<Row extends RowData> = ColumnDef<ListFeatures, Row, any>;

/** A column helper for a table's rows: `const column = tableColumns<Ticket>(); column.accessor('subject', …)`. */
export const tableColumns = <Row extends RowData>() => createColumnHelper<ListFeatures, Row>();

/** A page of a server-paged list: the pager below the table links to the others. */
export interface TablePager {
  page: number;
  pageSize: number;
  total: number;
  /** The address of a page (the list's filters kept). */
  hrefFor: (page: number) => string;
}

/**
 * The two looks the staff panel already has: the queues' plain headers with rows aligned to the top, and the
 * panel's small-caps headers with rows centred.
 */
const looks = {
  queue: {
    table: 'min-w-[720px]',
    head: 'bg-surface-2 text-muted',
    th: 'px-3 py-2.5 font-medium',
    body: '',
    row: 'border-t border-line align-top',
    td: 'px-3 py-2.5 text-fg',
    empty: 'px-3 py-8',
  },
  panel: {
    table: 'min-w-[40rem]',
    head: 'bg-surface-2 text-xs uppercase tracking-wide text-muted',
    th: 'px-4 py-3 font-semibold',
    body: 'divide-y divide-line',
    row: 'bg-surface align-middle',
    td: 'px-4 py-3 text-fg',
    empty: 'px-4 py-8',
  },
} as const;

/** Tailwind's `md`: from this width a list is a table, below it each row is a card. */
const WIDE = '(min-width: 48rem)';
const subscribeWide = (onChange: () => void) => {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const isWide = () => window.matchMedia(WIDE).matches;
/** True from `md` up; follows the window as it is resized or turned. */
export const useWideScreen = () => useSyncExternalStore(subscribeWide, isWide, () => true);

/**
 * A list's table: TanStack Table over rows the server already filtered and paged, in a box that scrolls
 * sideways (and can be reached by keyboard), the empty text in place of rows, the pager below when there is more
 * than one page. Below `md` each row is a card instead ('label: value' lines from the headers, its actions at
 * the foot), so no list needs sideways scrolling on a phone; columns opt in or out with `meta.card`.
 */
export function DataTable<Row extends RowData>({
  caption,
  columns,
  data,
  rowId,
  empty,
  look = 'panel',
  pager,
}: {
  caption: string;
  columns: TableColumn<Row>[];
  data: Row[];
  rowId?: (row: Row) => string;
  empty: string;
  look?: keyof typeof looks;
  pager?: TablePager;
}) {
  const table = useTable({ features: listFeatures, columns, data, getRowId: rowId });
  const style = looks[look];
  const rows = table.getRowModel().rows;
  const wide = useWideScreen();
  const box = !wide ? (
    <section aria-label={caption} className="min-w-0">
      {rows.length === 0 ? (
        <p className="rounded-xl border border-line bg-surface px-4 py-8 text-center text-sm text-muted">
          {empty}
        </p>
      ) : (
        <ul className="grid gap-3">
          {rows.map((row) => {
            const cells = row.getAllCells();
            const placeOf = (cell: (typeof cells)[number]) =>
              cell.column.columnDef.meta?.card ?? (cell.column.id === 'actions' ? 'actions' : 'line');
            const primary = cells.filter((cell) => placeOf(cell) === 'primary');
            const lines = cells.filter((cell) => placeOf(cell) === 'line');
            const actions = cells.filter((cell) => placeOf(cell) === 'actions');
            return (
              <li
                key={row.id}
                className="flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-surface p-4 text-sm"
              >
                {primary.map((cell) => (
                  <div key={cell.id} className="min-w-0 break-words font-semibold text-fg">
                    <table.FlexRender cell={cell} />
                  </div>
                ))}
                {lines.length > 0 && (
                  <dl className="grid grid-cols-[minmax(0,6.5rem)_minmax(0,1fr)] items-start gap-x-3 gap-y-2">
                    {lines.map((cell) => {
                      const header = table.getFlatHeaders().find((h) => h.column.id === cell.column.id);
                      return (
                        <div key={cell.id} className="contents">
                          <dt className="text-xs font-medium uppercase tracking-wide text-muted">
                            {header ? <table.FlexRender header={header} /> : cell.column.id}
                          </dt>
                          <dd className="min-w-0 break-words text-fg">
                            <table.FlexRender cell={cell} />
                          </dd>
                        </div>
                      );
                    })}
                  </dl>
                )}
                {actions.length > 0 && (
                  <div className="flex flex-wrap items-center justify-end gap-2 border-t border-line pt-3">
                    {actions.map((cell) => (
                      <table.FlexRender key={cell.id} cell={cell} />
                    ))}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  ) : (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      // `relative`: a visually hidden header (an 'Ações' for screen readers) is placed inside this box, not in
      // the page, where it made the whole page scroll sideways.
      className="relative overflow-x-auto rounded-xl border border-line focus-visible:outline-2 focus-visible:outline-accent"
    >
      <table className={cn('w-full text-left text-sm', style.table)}>
        <caption className="sr-only">{caption}</caption>
        <thead className={style.head}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={style.th}>
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className={style.body || undefined}>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className={cn('text-center text-muted', style.empty)}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className={style.row}>
                {row.getAllCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={cn(
                      style.td,
                      // Row actions never wrap, whatever box the column puts them in.
                      (cell.column.columnDef.meta?.card === 'actions' || cell.column.id === 'actions') &&
                        'whitespace-nowrap [&>*]:flex-nowrap',
                    )}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
  if (!pager) return box;
  return (
    <div className="grid gap-3">
      {box}
      <ListPager {...pager} />
    </div>
  );
}

/** The pager of a server-paged list (components/ui/pagination), shown when there is more than one page. */
export function ListPager({ page, pageSize, total, hrefFor }: TablePager) {
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  return <Pagination firstPage={page} lastPage={page} totalPages={totalPages} hrefFor={hrefFor} />;
}
