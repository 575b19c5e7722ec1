import { type ColumnDef, type RowData, tableFeatures, useTable } from '@tanstack/react-table';

/** The panel's tables need only the core: rows come filtered and paged by the server. */
const panelFeatures = tableFeatures({});
/** A column of a panel table (TanStack Table 9). */
// biome-ignore lint/suspicious/noExplicitAny: TanStack's column value types differ per column.
export type PanelColumn<Row extends RowData> = ColumnDef<typeof panelFeatures, Row, any>;

/** The panel's tables: TanStack Table over rows the server already filtered and paged. */
export function DataTable<Row extends RowData>({
  caption,
  columns,
  data,
  rowId,
  empty,
}: {
  caption: string;
  columns: PanelColumn<Row>[];
  data: Row[];
  rowId: (row: Row) => string;
  empty: string;
}) {
  const table = useTable({ features: panelFeatures, columns, data, getRowId: rowId });
  return (
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-line focus-visible:outline-2 focus-visible:outline-accent"
    >
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-4 py-3 font-semibold">
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-line">
          {table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-muted">
                {empty}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="bg-surface align-middle">
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className="px-4 py-3 text-fg">
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
}
