import type { ReactNode } from 'react';
import styles from '../Backoffice.module.css';
import { useBackofficeT } from '../texts';
import { SortHeader } from './SortHeader';
import { TableScroll } from './TableScroll';

/** One column: its header, and what each row shows in it; `sort` makes the header sort the server's list. */
export interface Column<Row, Sort extends string = never> {
  /** Unique among the table's columns. */
  id: string;
  header: string;
  /** Said to screen readers only (a column of buttons whose header would repeat them). */
  headerHidden?: boolean;
  sort?: Sort;
  /** The cell that names its row (a header cell for screen readers). */
  rowHeader?: boolean;
  cell(row: Row): ReactNode;
}

export interface Sorting<Sort extends string> {
  sort: Sort;
  direction: 'asc' | 'desc';
  onSort(sort: Sort, direction: 'asc' | 'desc'): void;
}

/**
 * Every list of the back-office: a named, keyboard-scrollable box on a phone, the columns' headers
 * (sorting ones are buttons with aria-sort), a row per item, and a sentence when there is none.
 */
export function DataTable<Row, Sort extends string = never>({
  label,
  columns,
  rows,
  rowKey,
  sorting,
  empty,
  rowProps,
}: {
  /** Names the table for screen readers (its caption) and its scrolling box. */
  label: string;
  columns: Column<Row, Sort>[];
  rows: readonly Row[];
  rowKey(row: Row): string;
  sorting?: Sorting<Sort>;
  /** What an empty list says; the back-office's "nothing here" otherwise. */
  empty?: ReactNode;
  /** Per-row attributes (a highlighted row). */
  rowProps?(row: Row): { className?: string };
}) {
  const t = useBackofficeT();
  return (
    <>
      <TableScroll label={label}>
        <table className={styles.table}>
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              {columns.map((column) =>
                column.sort && sorting ? (
                  <SortHeader
                    key={column.id}
                    column={column.sort}
                    label={column.header}
                    sort={sorting.sort}
                    direction={sorting.direction}
                    onSort={sorting.onSort}
                  />
                ) : (
                  <th key={column.id} scope="col">
                    {column.headerHidden ? <span className="visually-hidden">{column.header}</span> : column.header}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} {...rowProps?.(row)}>
                {columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.id} scope="row">
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.id}>{column.cell(row)}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {rows.length === 0 && <p className={styles.muted}>{empty ?? t('table.empty')}</p>}
    </>
  );
}
