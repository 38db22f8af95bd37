import { api } from 'shared-api';
import type { RegistrationSummary } from 'shared-api/backoffice';
import { formatEuros } from 'shared-i18n';
import { Link } from 'shared-router';
import { useAsync } from 'shared-ui/async';
import styles from '../Backoffice.module.css';
import { formatDateTime, formatTime, productNameIn, shortDate } from '../format';
import { backofficePath } from '../routes';
import { useStaffSession } from '../session/store';
import { DataTable } from '../table/DataTable';
import { LoadStatus } from '../table/LoadStatus';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';
import { AutoCountersign } from './AutoCountersign';
import { MonthlyFigures } from './MonthlyFigures';

function RegistrationLinks({ rows, empty }: { rows: RegistrationSummary[]; empty: string }) {
  const t = useBackofficeT();
  const language = useLanguage();
  if (!rows.length) return <p className={styles.muted}>{empty}</p>;
  return (
    <ul className={styles.plainList}>
      {rows.map((row) => (
        <li key={row.registrationId}>
          <Link to={backofficePath(language, 'registrations', row.registrationId)}>
            {row.registrationCode} · {row.companyName ?? row.fullName}
          </Link>{' '}
          <span className={styles.muted}>
            {productNameIn(language, row.productName, row.productNameEn) ?? ''} · {t(`stages.${row.stage}`)} ·{' '}
            {formatDateTime(row.createdAt, language)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A list of Today shows its first rows: the way to all of them when there are more. */
function SeeAll({
  shown,
  total,
  section,
  query = '',
}: {
  shown: number;
  total: number;
  section: 'registrations' | 'visits';
  query?: string;
}) {
  const t = useBackofficeT();
  const language = useLanguage();
  if (total <= shown) return null;
  return <Link to={`${backofficePath(language, section)}${query}`}>{t('today.seeAll', { count: total })} →</Link>;
}

/** What came in, what was paid, what waits for the company's signature, and how full the place is. */
export function TodayPage() {
  const t = useBackofficeT();
  const language = useLanguage();
  const [state, retry] = useAsync(() => api.backoffice('today', {}), []);
  // Money is a manager's: the figures and their reports are theirs.
  const manager = useStaffSession((s) => s.staff?.role === 'manager');
  return (
    <>
      <h1>{t('today.heading')}</h1>
      <LoadStatus state={state} onRetry={retry} />
      {state.state === 'done' && (
        <div className={styles.cards}>
          {state.value.awaitingUnit.length > 0 && (
            <section
              className={`${styles.card} ${styles.wide} ${styles.alert}`}
              aria-labelledby="today-awaiting-unit"
              data-testid="today-awaiting-unit"
            >
              <h2 id="today-awaiting-unit">
                {t('today.awaitingUnit')} ({state.value.awaitingUnitTotal})
              </h2>
              <p>{t('today.awaitingUnitHint')}</p>
              <RegistrationLinks rows={state.value.awaitingUnit} empty="" />
              <SeeAll
                shown={state.value.awaitingUnit.length}
                total={state.value.awaitingUnitTotal}
                section="registrations"
              />
            </section>
          )}
          <section className={styles.card} aria-labelledby="today-awaiting">
            <h2 id="today-awaiting">
              {t('today.awaitingCompany')} ({state.value.awaitingCompanyTotal})
            </h2>
            <AutoCountersign enabled={state.value.autoCountersign} manager={manager} />
            <RegistrationLinks rows={state.value.awaitingCompany} empty={t('today.noneAwaiting')} />
            <SeeAll
              shown={state.value.awaitingCompany.length}
              total={state.value.awaitingCompanyTotal}
              section="registrations"
              query="?stage=awaiting_company"
            />
          </section>
          <section className={styles.card} aria-labelledby="today-review" data-testid="today-documents">
            <h2 id="today-review">
              {t('today.documentsToReview')} ({state.value.documentsToReviewTotal})
            </h2>
            <RegistrationLinks rows={state.value.documentsToReview} empty={t('today.noneToReview')} />
          </section>
          <section className={styles.card} aria-labelledby="today-new">
            <h2 id="today-new">
              {t('today.newRegistrations')}: {state.value.newRegistrations.lastSevenDays}
            </h2>
            <RegistrationLinks rows={state.value.newRegistrations.latest} empty={t('today.noneNew')} />
          </section>
          <section className={styles.card} aria-labelledby="today-payments">
            <h2 id="today-payments">{t('today.payments')}</h2>
            <p>
              {t('today.paymentsTotal', {
                count: state.value.payments.today,
                amount: formatEuros(state.value.payments.amountToday, language),
              })}
            </p>
            {state.value.payments.latest.length ? (
              <ul className={styles.plainList}>
                {state.value.payments.latest.map((payment) => (
                  <li key={`${payment.registrationId}-${payment.completedAt}`}>
                    <Link to={backofficePath(language, 'registrations', payment.registrationId)}>
                      {payment.registrationCode} · {payment.fullName}
                    </Link>{' '}
                    <span className={styles.muted}>
                      {formatEuros(payment.amount, language)} · {formatDateTime(payment.completedAt, language)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.muted}>{t('today.nonePayments')}</p>
            )}
          </section>
          <section className={styles.card} aria-labelledby="today-visits">
            <h2 id="today-visits">
              {t('today.visits')} ({state.value.visitsTotal})
            </h2>
            {state.value.visits.length ? (
              <ul className={styles.plainList}>
                {state.value.visits.map((visit) => (
                  <li key={visit.visitId}>
                    <strong>{formatTime(visit.startsAt, language)}</strong> {visit.fullName} ·{' '}
                    <a href={`tel:${visit.phone.replace(/[^\d+]/g, '')}`}>{visit.phone}</a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.muted}>{t('today.noneVisits')}</p>
            )}
            <Link to={backofficePath(language, 'visits')}>{t('sections.visits')} →</Link>
          </section>
          {state.value.moveOuts.length > 0 && (
            <section className={styles.card} aria-labelledby="today-move-outs">
              <h2 id="today-move-outs">{t('today.moveOuts')}</h2>
              <ul className={styles.plainList}>
                {state.value.moveOuts.map((m) => (
                  <li key={m.registrationId}>
                    <Link to={backofficePath(language, 'registrations', m.registrationId)}>
                      {m.registrationCode} · {m.fullName}
                    </Link>{' '}
                    <span className={styles.muted}>
                      {m.units.join(', ')} · {t('today.moveOutOn', { date: shortDate(m.moveOutOn, language) })}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {state.value.noticesGiven.length > 0 && (
            <section className={styles.card} aria-labelledby="today-notices">
              <h2 id="today-notices">{t('today.noticesGiven')}</h2>
              <ul className={styles.plainList}>
                {state.value.noticesGiven.map((n) => (
                  <li key={n.registrationId}>
                    <Link to={backofficePath(language, 'registrations', n.registrationId)}>
                      {n.registrationCode} · {n.fullName}
                    </Link>{' '}
                    <span className={styles.muted}>
                      {t('today.noticeGiven', {
                        given: formatDateTime(n.givenAt, language),
                        date: shortDate(n.moveOutOn, language),
                      })}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {state.value.depositsToReturn.length > 0 && (
            <section className={styles.card} aria-labelledby="today-deposits">
              <h2 id="today-deposits">{t('today.depositsToReturn')}</h2>
              <p className={styles.muted}>{t('today.depositsHint')}</p>
              <ul className={styles.plainList}>
                {state.value.depositsToReturn.map((d) => (
                  <li key={d.registrationId}>
                    <Link to={backofficePath(language, 'registrations', d.registrationId)}>
                      {d.registrationCode} · {d.fullName}
                    </Link>{' '}
                    <span className={styles.muted}>
                      {t('today.depositToReturn', {
                        date: formatDateTime(d.endedAt, language),
                        amount: formatEuros(d.depositCents / 100, language),
                      })}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {manager && <MonthlyFigures />}
          <section className={`${styles.card} ${styles.wide}`} aria-labelledby="today-occupancy">
            <h2 id="today-occupancy">{t('today.occupancy')}</h2>
            <DataTable
              label={t('today.occupancy')}
              rows={state.value.occupancy}
              rowKey={(row) => String(row.productId)}
              columns={[
                {
                  id: 'product',
                  header: t('catalogue.product'),
                  rowHeader: true,
                  cell: (row) => productNameIn(language, row.name, row.nameEn),
                },
                { id: 'available', header: t('catalogue.statuses.available'), cell: (row) => row.available },
                { id: 'held', header: t('catalogue.statuses.held'), cell: (row) => row.held },
                {
                  id: 'occupied',
                  header: t('catalogue.statuses.occupied'),
                  cell: (row) => `${row.occupied} / ${row.total}`,
                },
                { id: 'out', header: t('catalogue.statuses.out_of_service'), cell: (row) => row.outOfService },
              ]}
            />
          </section>
        </div>
      )}
    </>
  );
}
