import { useId } from 'react';
import { api } from 'shared-api';
import { REGISTRATION_STAGES, type RegistrationListFilter, registrationListQuery } from 'shared-api/backoffice';
import { Link, useSearchParams } from 'shared-router';
import { useAsync } from 'shared-ui/async';
import controls from 'shared-ui/controls.module.css';
import styles from '../Backoffice.module.css';
import { formatDateTime, productNameIn } from '../format';
import { backofficePath } from '../routes';
import { DataTable } from '../table/DataTable';
import { exportHref } from '../table/LoadStatus';
import { listSearch, readListParams } from '../table/list-params';
import { PagedList } from '../table/PagedList';
import { SearchForm } from '../table/SearchForm';
import { TitleRow } from '../table/TitleRow';
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
  const exportUrl = exportHref('registrations', language, { stage: query.stage, search: query.search });

  return (
    <>
      <TitleRow heading={t('registrations.heading')} exportUrl={exportUrl} />
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
      <PagedList state={state} onRetry={retry} onPage={(page) => setParams(listSearch({ ...query, page }, DEFAULTS))}>
        {({ rows }) => (
          <DataTable
            label={t('registrations.heading')}
            rows={rows}
            rowKey={(row) => row.registrationId}
            sorting={{
              sort: query.sort,
              direction: query.direction,
              onSort: (sort, direction) => update({ sort, direction }),
            }}
            columns={[
              {
                id: 'code',
                header: t('registrations.code'),
                sort: 'registrationCode',
                cell: (row) => (
                  <Link
                    to={backofficePath(language, 'registrations', row.registrationId)}
                    aria-label={t('registrations.open', { code: row.registrationCode })}
                  >
                    {row.registrationCode}
                  </Link>
                ),
              },
              {
                id: 'name',
                header: t('registrations.name'),
                sort: 'fullName',
                cell: (row) => (
                  <>
                    {row.fullName}
                    {row.companyName && <span className={styles.muted}> · {row.companyName}</span>}
                    <br />
                    <span className={styles.muted}>{row.email}</span>
                  </>
                ),
              },
              {
                id: 'product',
                header: t('registrations.product'),
                cell: (row) => productNameIn(language, row.productName, row.productNameEn) ?? '—',
              },
              {
                id: 'stage',
                header: t('registrations.stage'),
                cell: (row) => (
                  <span className={styles.badge} data-stage={row.stage}>
                    {t(`stages.${row.stage}`)}
                  </span>
                ),
              },
              {
                id: 'created',
                header: t('registrations.created'),
                sort: 'createdAt',
                cell: (row) => formatDateTime(row.createdAt, language),
              },
            ]}
          />
        )}
      </PagedList>
    </>
  );
}
