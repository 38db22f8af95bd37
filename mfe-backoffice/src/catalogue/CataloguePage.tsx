import { Fragment, useEffect, useId, useState } from 'react';
import { api, PERIODS } from 'shared-api';
import { type CatalogueEntry, UNIT_STATUSES, type UnitListFilter, unitListQuery } from 'shared-api/backoffice';
import { formatEuros } from 'shared-i18n';
import { Link, useSearchParams } from 'shared-router';
import { useAsync } from 'shared-ui/async';
import controls from 'shared-ui/controls.module.css';
import styles from '../Backoffice.module.css';
import { failureText } from '../errors';
import { formatDateTime, productNameIn } from '../format';
import { NoticeArea, useNotice } from '../notice';
import { backofficePath } from '../routes';
import { useStaffSession } from '../session/store';
import { DataTable } from '../table/DataTable';
import { exportHref, LoadStatus } from '../table/LoadStatus';
import { listSearch, readListParams } from '../table/list-params';
import { PagedList } from '../table/PagedList';
import { SearchForm } from '../table/SearchForm';
import { TableScroll } from '../table/TableScroll';
import { TitleRow } from '../table/TitleRow';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';
import { PriceEditor } from './PriceEditor';

const DEFAULTS = { sort: 'unitNumber', direction: 'asc', page: 1 };

/** Products with their prices and occupancy; units by status. Changing either is a manager's. */
export function CataloguePage() {
  const t = useBackofficeT();
  const language = useLanguage();
  const manager = useStaffSession((s) => s.staff?.role === 'manager');
  const [notice, announce] = useNotice();
  const [catalogue, retryCatalogue] = useAsync(() => api.backoffice('list_catalogue', {}), []);
  const [products, setProducts] = useState<CatalogueEntry[] | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  useEffect(() => {
    if (catalogue.state === 'done') setProducts(catalogue.value.products);
  }, [catalogue]);

  const [params, setParams] = useSearchParams();
  const query = readListParams(unitListQuery, params);
  const key = params.toString();
  const [units, retryUnits] = useAsync(() => api.backoffice('list_units', query), [key]);
  const [busyUnit, setBusyUnit] = useState<string | null>(null);
  const update = (next: Partial<UnitListFilter>) => setParams(listSearch({ ...query, page: 1, ...next }, DEFAULTS));
  const ids = { status: useId(), product: useId() };

  const setService = async (unitNumber: string, inService: boolean) => {
    if (busyUnit) return;
    setBusyUnit(unitNumber);
    try {
      const { unit } = await api.backoffice('set_unit_service', { unitNumber, inService });
      announce({
        tone: 'ok',
        // Not the status of the moment: back in service it may be held for the waitlist right after.
        text: t(inService ? 'catalogue.unitBackInService' : 'catalogue.unitOutOfService', { unit: unit.unitNumber }),
      });
      retryUnits();
      retryCatalogue();
    } catch (error) {
      announce({ tone: 'error', text: failureText(t, error) });
    } finally {
      setBusyUnit(null);
    }
  };
  const exportUrl = exportHref('units', language, { status: query.status, search: query.search });

  return (
    <>
      <h1>{t('catalogue.heading')}</h1>
      <NoticeArea notice={notice} />
      <section aria-labelledby="catalogue-products">
        <h2 id="catalogue-products">{t('catalogue.products')}</h2>
        <LoadStatus state={catalogue} onRetry={retryCatalogue} />
        {products && (
          <TableScroll label={t('catalogue.products')}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{t('catalogue.product')}</th>
                  {PERIODS.map((period) => (
                    <th scope="col" key={period}>
                      {t(`catalogue.periods.${period}`)}
                    </th>
                  ))}
                  <th scope="col">{t('catalogue.occupancy')}</th>
                  {manager && (
                    <th scope="col">
                      <span className="visually-hidden">{t('catalogue.editPrices')}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {products.map((product) => (
                  <Fragment key={product.productId}>
                    <tr>
                      <th scope="row">{productNameIn(language, product.name, product.nameEn)}</th>
                      {PERIODS.map((period) => {
                        const price = product.prices[period];
                        return (
                          <td key={period}>
                            {price === null ? (
                              <span className={styles.muted}>{t('catalogue.notOffered')}</span>
                            ) : (
                              formatEuros(price, language)
                            )}
                          </td>
                        );
                      })}
                      <td>{t('catalogue.occupancyValue', product)}</td>
                      {manager && (
                        <td>
                          <button
                            type="button"
                            className={`${controls.secondary} ${controls.compact}`}
                            aria-label={t('catalogue.editPricesOf', { name: product.name })}
                            aria-expanded={editing === product.productId}
                            onClick={() => setEditing(editing === product.productId ? null : product.productId)}
                          >
                            {t('catalogue.editPrices')}
                          </button>
                        </td>
                      )}
                    </tr>
                    {manager && editing === product.productId && (
                      <tr>
                        <td colSpan={PERIODS.length + 3}>
                          <PriceEditor
                            product={product}
                            announce={announce}
                            onCancel={() => setEditing(null)}
                            onSaved={(saved) => {
                              setProducts(products.map((p) => (p.productId === saved.productId ? saved : p)));
                              setEditing(null);
                            }}
                          />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>

      <section aria-labelledby="catalogue-units">
        <TitleRow heading={t('catalogue.units')} level={2} id="catalogue-units" exportUrl={exportUrl} />
        <SearchForm
          key={query.search ?? ''}
          search={query.search ?? ''}
          hint={t('catalogue.searchHint')}
          onSearch={(search) => update({ search })}
        >
          <div className={styles.field}>
            <label htmlFor={ids.status}>{t('catalogue.unitStatus')}</label>
            <select
              id={ids.status}
              className={controls.control}
              value={query.status ?? ''}
              onChange={(event) => update({ status: (event.target.value || undefined) as UnitListFilter['status'] })}
            >
              <option value="">{t('catalogue.allStatuses')}</option>
              {UNIT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`catalogue.statuses.${status}`)}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={ids.product}>{t('catalogue.product')}</label>
            <select
              id={ids.product}
              className={controls.control}
              value={query.productId ?? ''}
              onChange={(event) => update({ productId: event.target.value ? Number(event.target.value) : undefined })}
            >
              <option value="">{t('catalogue.allProducts')}</option>
              {products?.map((product) => (
                <option key={product.productId} value={product.productId}>
                  {productNameIn(language, product.name, product.nameEn)}
                </option>
              ))}
            </select>
          </div>
        </SearchForm>
        <PagedList
          state={units}
          onRetry={retryUnits}
          onPage={(page) => setParams(listSearch({ ...query, page }, DEFAULTS))}
        >
          {({ rows }) => (
            <DataTable
              label={t('catalogue.units')}
              rows={rows}
              rowKey={(unit) => unit.unitNumber}
              sorting={{
                sort: query.sort,
                direction: query.direction,
                onSort: (sort, direction) => update({ sort, direction }),
              }}
              columns={[
                {
                  id: 'unit',
                  header: t('catalogue.unit'),
                  sort: 'unitNumber',
                  rowHeader: true,
                  cell: (unit) => unit.unitNumber,
                },
                {
                  id: 'product',
                  header: t('catalogue.product'),
                  cell: (unit) => productNameIn(language, unit.productName, unit.productNameEn),
                },
                {
                  id: 'status',
                  header: t('catalogue.unitStatus'),
                  sort: 'status',
                  cell: (unit) => (
                    <span className={styles.badge} data-unit={unit.status}>
                      {t(`catalogue.statuses.${unit.status}`)}
                    </span>
                  ),
                },
                {
                  id: 'tenant',
                  header: t('catalogue.tenant'),
                  cell: (unit) =>
                    unit.registrationId && unit.registrationCode ? (
                      <Link to={backofficePath(language, 'registrations', unit.registrationId)}>
                        {unit.registrationCode} · {unit.tenantName}
                      </Link>
                    ) : (
                      '—'
                    ),
                },
                {
                  id: 'updated',
                  header: t('catalogue.updated'),
                  sort: 'updatedAt',
                  cell: (unit) => formatDateTime(unit.updatedAt, language),
                },
                ...(manager
                  ? [
                      {
                        id: 'service',
                        header: t('catalogue.unitStatus'),
                        headerHidden: true,
                        cell: (unit: (typeof rows)[number]) => (
                          <>
                            {unit.status === 'available' && (
                              <button
                                type="button"
                                className={`${controls.secondary} ${controls.compact}`}
                                disabled={busyUnit !== null}
                                aria-label={t('catalogue.takeOutLabel', { unit: unit.unitNumber })}
                                onClick={() => void setService(unit.unitNumber, false)}
                              >
                                {t('catalogue.takeOut')}
                              </button>
                            )}
                            {unit.status === 'out_of_service' && (
                              <button
                                type="button"
                                className={`${controls.secondary} ${controls.compact}`}
                                disabled={busyUnit !== null}
                                aria-label={t('catalogue.putBackLabel', { unit: unit.unitNumber })}
                                onClick={() => void setService(unit.unitNumber, true)}
                              >
                                {t('catalogue.putBack')}
                              </button>
                            )}
                          </>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          )}
        </PagedList>
      </section>
    </>
  );
}
