import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';

/** The panel's tables: TanStack Table over rows the server already filtered and paged. */
export function DataTable<Row>({
  caption,
  columns,
  data,
  rowId,
  empty,
}: {
  caption: string;
  columns: ColumnDef<Row, unknown>[];
  data: Row[];
  rowId: (row: Row) => string;
  empty: string;
}) {
  const table = useReactTable({ columns, data, getCoreRowModel: getCoreRowModel(), getRowId: rowId });
  return (
    <div className="overflow-x-auto rounded-xl border border-line">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-4 py-3 font-semibold">
                  {header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext())}
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
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-4 py-3 text-fg">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
