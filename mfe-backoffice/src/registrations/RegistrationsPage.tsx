import { useId } from 'react';
import { api } from 'shared-api';
import { REGISTRATION_STAGES, type RegistrationListFilter, registrationListQuery } from 'shared-api/backoffice';
import { Link, useSearchParams } from 'shared-router';
import { useAsync } from 'shared-ui/async';
import controls from 'shared-ui/controls.module.css';
import styles from '../Backoffice.module.css';
import { formatDateTime, productNameIn } from '../format';
import { backofficePath } from '../routes';
import { exportHref, LoadStatus } from '../table/LoadStatus';
import { listSearch, readListParams } from '../table/list-params';
import { Pager } from '../table/Pager';
import { SearchForm } from '../table/SearchForm';
import { SortHeader } from '../table/SortHeader';
import { TableScroll } from '../table/TableScroll';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';

const DEFAULTS = { sort: 'createdAt', direction: 'desc', page: 1 };

/** Registrations by status, searched and sorted by the server, one page at a time; CSV of the filter. */
export function RegistrationsPage() {
  const t = useBackofficeT();
  const language = useLanguage();
  const stageId = useId();
  const [params, setParams] = useSearchParams();
  const query = readListParams(registrationListQuery, params);
  const key = params.toString();
  const [state, retry] = useAsync(() => api.backoffice('list_registrations', query), [key]);
  const update = (next: Partial<RegistrationListFilter>) =>
    setParams(listSearch({ ...query, page: 1, ...next }, DEFAULTS));
  const sortable = (column: RegistrationListFilter['sort'], label: string) => (
    <SortHeader
      column={column}
      label={label}
      sort={query.sort}
      direction={query.direction}
      onSort={(sort, direction) => update({ sort, direction })}
    />
  );
  const exportUrl = exportHref('registrations', language, { stage: query.stage, search: query.search });

  return (
    <>
      <div className={styles.titleRow}>
        <h1>{t('registrations.heading')}</h1>
        <a className={`${controls.secondary} ${controls.compact}`} href={exportUrl} download>
          {t('table.export')}
        </a>
      </div>
      <SearchForm
        key={query.search ?? ''}
        search={query.search ?? ''}
        hint={t('registrations.searchHint')}
        onSearch={(search) => update({ search })}
      >
        <div className={styles.field}>
          <label htmlFor={stageId}>{t('registrations.stage')}</label>
          <select
            id={stageId}
            className={controls.control}
            value={query.stage ?? ''}
            onChange={(event) =>
              update({ stage: (event.target.value || undefined) as RegistrationListFilter['stage'] })
            }
          >
            <option value="">{t('registrations.allStages')}</option>
            {REGISTRATION_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {t(`stages.${stage}`)}
              </option>
            ))}
          </select>
        </div>
      </SearchForm>
      <LoadStatus state={state} onRetry={retry} />
      {state.state === 'done' && (
        <>
          <TableScroll label={t('registrations.heading')}>
            <table className={styles.table}>
              <caption className={styles.visuallyHidden}>{t('registrations.heading')}</caption>
              <thead>
                <tr>
                  {sortable('registrationCode', t('registrations.code'))}
                  {sortable('fullName', t('registrations.name'))}
                  <th scope="col">{t('registrations.product')}</th>
                  <th scope="col">{t('registrations.stage')}</th>
                  {sortable('createdAt', t('registrations.created'))}
                </tr>
              </thead>
              <tbody>
                {state.value.rows.map((row) => (
                  <tr key={row.registrationId}>
                    <td>
                      <Link
                        to={backofficePath(language, 'registrations', row.registrationId)}
                        aria-label={t('registrations.open', { code: row.registrationCode })}
                      >
                        {row.registrationCode}
                      </Link>
                    </td>
                    <td>
                      {row.fullName}
                      {row.companyName && <span className={styles.muted}> · {row.companyName}</span>}
                      <br />
                      <span className={styles.muted}>{row.email}</span>
                    </td>
                    <td>{productNameIn(language, row.productName, row.productNameEn) ?? '—'}</td>
                    <td>
                      <span className={styles.badge} data-stage={row.stage}>
                        {t(`stages.${row.stage}`)}
                      </span>
                    </td>
                    <td>{formatDateTime(row.createdAt, language)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {state.value.rows.length === 0 && <p className={styles.muted}>{t('table.empty')}</p>}
          <Pager
            page={state.value.page}
            pageSize={state.value.pageSize}
            total={state.value.total}
            onPage={(page) => setParams(listSearch({ ...query, page }, DEFAULTS))}
          />
        </>
      )}
    </>
  );
}
