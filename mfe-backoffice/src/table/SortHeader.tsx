import styles from '../Backoffice.module.css';
import { useBackofficeT } from '../texts';

/**
 * A column header that sorts the server's list: a button inside the <th>, whose aria-sort says
 * how the list is sorted now. The first press sorts ascending; the next one reverses.
 */
export function SortHeader<K extends string>({
  column,
  label,
  sort,
  direction,
  onSort,
}: {
  column: K;
  label: string;
  sort: K;
  direction: 'asc' | 'desc';
  onSort(column: K, direction: 'asc' | 'desc'): void;
}) {
  const t = useBackofficeT();
  const active = sort === column;
  return (
    <th scope="col" aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button
        type="button"
        className={styles.sortButton}
        title={t('table.sortBy', { column: label })}
        onClick={() => onSort(column, active && direction === 'asc' ? 'desc' : 'asc')}
      >
        {label}
        <span aria-hidden="true">{active ? (direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
}
