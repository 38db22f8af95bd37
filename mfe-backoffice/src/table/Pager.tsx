import controls from 'shared-ui/controls.module.css';
import styles from '../Backoffice.module.css';
import { useBackofficeT } from '../texts';

/** Page X of Y with previous and next: the server pages every list. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
}) {
  const t = useBackofficeT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className={styles.pager} aria-label={t('table.pagination')}>
      <button
        type="button"
        className={`${controls.secondary} ${controls.compact}`}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('table.previous')}
      </button>
      <span>
        {t('table.page', { page: Math.min(page, pages), pages })} · {t('table.total', { count: total })}
      </span>
      <button
        type="button"
        className={`${controls.secondary} ${controls.compact}`}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('table.next')}
      </button>
    </nav>
  );
}
