import {
  type ColumnDef,
  createColumnHelper,
  type RowData,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { Pagination } from '@web/components/ui/pagination';
import { cn } from '@web/lib/cn';

/** The lists need only the core: rows come sorted, filtered and paged by the server. */
const listFeatures = tableFeatures({});
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

/**
 * A list's table: TanStack Table over rows the server already filtered and paged, in a box that scrolls
 * sideways (and can be reached by keyboard), the empty text in place of rows, the pager below when there is more
 * than one page.
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
  const box = (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-line focus-visible:outline-2 focus-visible:outline-accent"
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
                  <td key={cell.id} className={style.td}>
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
