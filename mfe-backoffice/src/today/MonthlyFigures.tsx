import { api } from 'shared-api';
import type { BackofficeResponse } from 'shared-api/backoffice';
import { formatEuros, type Language, localeOf } from 'shared-i18n';
import { useAsync } from 'shared-ui/async';
import styles from '../Backoffice.module.css';
import { DataTable } from '../table/DataTable';
import { exportHref, LoadStatus } from '../table/LoadStatus';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';

type Months = BackofficeResponse<'monthly_figures'>['months'];

/** `2026-11` as the month's short name ("nov", "Nov") or in full ("noviembre de 2026"). */
const monthName = (month: string, language: Language, style: 'short' | 'long') =>
  new Intl.DateTimeFormat(localeOf(language), {
    month: style,
    ...(style === 'long' ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T12:00:00Z`));

const WIDTH = 360;
const HEIGHT = 150;
const AXIS = 18;

/**
 * Bars for 12 months, one group per month (one bar or several side by side), drawn to `max`. A
 * picture for the eye; the summary in its name and the figures table say the same in words.
 */
function Bars({
  months,
  series,
  max,
  label,
  language,
}: {
  months: Months;
  series: { key: string; value(m: Months[number]): number; className: string }[];
  max: number;
  label: string;
  language: Language;
}) {
  const slot = WIDTH / months.length;
  const barWidth = (slot - 6) / series.length;
  const scale = (value: number) => (max > 0 ? ((HEIGHT - AXIS - 16) * Math.max(0, value)) / max : 0);
  return (
    <svg className={styles.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <line x1="0" x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} className={styles.chartAxis} />
      {months.map((m, i) => (
        <g key={m.month}>
          {series.map((s, j) => {
            const h = scale(s.value(m));
            return (
              <g key={s.key}>
                <rect
                  className={s.className}
                  x={i * slot + 3 + j * barWidth}
                  y={HEIGHT - AXIS - h}
                  width={barWidth}
                  height={h}
                />
                {/* One series (a count) says its value over the bar; amounts would crowd it. */}
                {series.length === 1 && s.value(m) > 0 && (
                  <text
                    x={i * slot + slot / 2}
                    y={HEIGHT - AXIS - h - 3}
                    textAnchor="middle"
                    className={styles.chartLabel}
                  >
                    {s.value(m)}
                  </text>
                )}
              </g>
            );
          })}
          <text x={i * slot + slot / 2} y={HEIGHT - 4} textAnchor="middle" className={styles.chartLabel}>
            {monthName(m.month, language, 'short')}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** A manager's Today: 12 months of occupancy, and of money invoiced against money collected. */
export function MonthlyFigures() {
  const t = useBackofficeT();
  const language = useLanguage();
  const [state, retry] = useAsync(() => api.backoffice('monthly_figures', {}), []);
  const money = (cents: number) => <span className={styles.amount}>{formatEuros(cents / 100, language)}</span>;
  return (
    <section className={`${styles.card} ${styles.wide}`} aria-labelledby="today-monthly">
      <h2 id="today-monthly">{t('monthly.heading')}</h2>
      {state.state !== 'done' ? (
        <LoadStatus state={state} onRetry={retry} />
      ) : (
        (() => {
          const { months, unitsInService } = state.value;
          const first = monthName(months[0]?.month ?? '', language, 'long');
          const last = monthName(months.at(-1)?.month ?? '', language, 'long');
          const current = months.at(-1);
          const peak = Math.max(...months.map((m) => Math.max(m.dueCents, m.collectedCents)), 1);
          return (
            <>
              <div className={styles.charts}>
                <figure className={styles.figure}>
                  <figcaption>
                    {t('monthly.occupancy')}{' '}
                    <span className={styles.muted}>{t('monthly.inService', { count: unitsInService })}</span>
                  </figcaption>
                  <Bars
                    months={months}
                    max={Math.max(unitsInService, ...months.map((m) => m.occupiedUnits), 1)}
                    series={[{ key: 'let', value: (m) => m.occupiedUnits, className: styles.barLet ?? '' }]}
                    label={t('monthly.occupancySummary', {
                      first,
                      last,
                      from: months[0]?.occupiedUnits ?? 0,
                      to: current?.occupiedUnits ?? 0,
                      total: unitsInService,
                    })}
                    language={language}
                  />
                </figure>
                <figure className={styles.figure}>
                  <figcaption>{t('monthly.money')}</figcaption>
                  <Bars
                    months={months}
                    max={peak}
                    series={[
                      { key: 'due', value: (m) => m.dueCents, className: styles.barDue ?? '' },
                      { key: 'collected', value: (m) => m.collectedCents, className: styles.barCollected ?? '' },
                    ]}
                    label={t('monthly.moneySummary', {
                      first,
                      last,
                      due: formatEuros((current?.dueCents ?? 0) / 100, language),
                      collected: formatEuros((current?.collectedCents ?? 0) / 100, language),
                    })}
                    language={language}
                  />
                  <p className={styles.legend} aria-hidden="true">
                    <span className={styles.keyDue} /> {t('monthly.invoiced')} <span className={styles.keyCollected} />{' '}
                    {t('monthly.collected')}
                  </p>
                </figure>
              </div>
              <details>
                <summary>{t('monthly.figures')}</summary>
                <DataTable
                  label={t('monthly.figures')}
                  rows={months}
                  rowKey={(m) => m.month}
                  columns={[
                    {
                      id: 'month',
                      header: t('monthly.month'),
                      rowHeader: true,
                      cell: (m) => monthName(m.month, language, 'long'),
                    },
                    { id: 'let', header: t('monthly.units'), cell: (m) => `${m.occupiedUnits} / ${unitsInService}` },
                    { id: 'due', header: t('monthly.invoiced'), cell: (m) => money(m.dueCents) },
                    { id: 'collected', header: t('monthly.collected'), cell: (m) => money(m.collectedCents) },
                    { id: 'returned', header: t('monthly.returned'), cell: (m) => money(m.returnedCents) },
                  ]}
                />
              </details>
              <p className={styles.actions}>
                <a href={exportHref('income', language, {})} download>
                  {t('monthly.income')}
                </a>
                <a href={exportHref('rent_roll', language, {})} download>
                  {t('monthly.rentRoll')}
                </a>
              </p>
            </>
          );
        })()
      )}
    </section>
  );
}
