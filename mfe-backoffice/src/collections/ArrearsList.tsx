import { useEffect, useState } from 'react';
import { api } from 'shared-api';
import type { TenantInArrears } from 'shared-api/backoffice';
import { formatEuros } from 'shared-i18n';
import { Link } from 'shared-router';
import { useAsync } from 'shared-ui/async';
import styles from '../Backoffice.module.css';
import { formatDateTime } from '../format';
import { backofficePath } from '../routes';
import { type Column, DataTable } from '../table/DataTable';
import { LoadStatus } from '../table/LoadStatus';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';

/**
 * "Impagos": every tenant who owes money now, longest overdue first, with their access state and
 * when they were last told. Read again whenever the page's lists are (`version`: a result recorded
 * or a report imported changes it).
 */
export function ArrearsList({ version }: { version: unknown }) {
  const t = useBackofficeT();
  const language = useLanguage();
  const [state, retry] = useAsync(() => api.backoffice('list_arrears', {}), [version]);
  // The last list stays on screen while it is read again (no flash after each result recorded).
  const [tenants, setTenants] = useState<TenantInArrears[] | null>(null);
  useEffect(() => {
    if (state.state === 'done') setTenants(state.value.tenants);
  }, [state]);
  const columns: Column<TenantInArrears>[] = [
    {
      id: 'tenant',
      header: t('arrearsList.tenant'),
      rowHeader: true,
      cell: (a) => (
        <>
          <Link to={backofficePath(language, 'registrations', a.registrationId)}>{a.name}</Link>
          <br />
          <span className={styles.muted}>{a.registrationCode}</span>
        </>
      ),
    },
    { id: 'units', header: t('arrearsList.units'), cell: (a) => a.units.join(', ') || '—' },
    {
      id: 'amount',
      header: t('arrearsList.amount'),
      cell: (a) => <span className={styles.amount}>{formatEuros(a.overdueCents / 100, language)}</span>,
    },
    {
      id: 'days',
      header: t('arrearsList.days'),
      cell: (a) =>
        a.daysOverdue === null ? t('arrearsList.feesOnly') : t('arrearsList.daysCount', { count: a.daysOverdue }),
    },
    {
      id: 'access',
      header: t('arrearsList.access'),
      cell: (a) => (
        <span className={styles.badge} data-access={a.access}>
          {t(`arrearsList.states.${a.access}`)}
        </span>
      ),
    },
    {
      id: 'contact',
      header: t('arrearsList.lastContact'),
      cell: (a) => (a.lastContactAt ? formatDateTime(a.lastContactAt, language) : t('arrearsList.never')),
    },
  ];
  return (
    <section aria-labelledby="arrears-list">
      <h2 id="arrears-list">{t('arrearsList.heading')}</h2>
      <p className={styles.muted}>{t('arrearsList.intro')}</p>
      {/* A reading again that failed says so, over the last list (which may be out of date). */}
      {tenants && state.state === 'error' && <LoadStatus state={state} onRetry={retry} />}
      {tenants ? (
        <DataTable
          label={t('arrearsList.heading')}
          rows={tenants}
          rowKey={(a) => a.registrationId}
          columns={columns}
          empty={t('arrearsList.none')}
        />
      ) : (
        <LoadStatus state={state} onRetry={retry} />
      )}
    </section>
  );
}
