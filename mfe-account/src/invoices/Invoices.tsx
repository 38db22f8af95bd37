import { api, FUNCTIONS_BASE_PATH } from 'shared-api';
import { formatCalendarDate, formatEuros, type Language } from 'shared-i18n';
import { AsyncStatus, useAsync } from 'shared-ui/async';
import controls from 'shared-ui/controls.module.css';
import styles from '../Account.module.css';
import { useAccountT } from '../texts';

/** Every invoice and credit note of the tenant's, newest first, each as its PDF. */
export function Invoices({ language }: { language: Language }) {
  const t = useAccountT();
  const [invoices, reload] = useAsync(() => api.account('invoices', {}), []);
  return (
    <section className={styles.card} aria-labelledby="account-invoices">
      <h2 id="account-invoices">{t('invoices.heading')}</h2>
      <AsyncStatus
        state={invoices}
        loading={t('loading')}
        failed={t('failed')}
        retryLabel={t('retry')}
        onRetry={reload}
        classNames={{ status: styles.placeholder, alert: styles.alert, button: controls.secondary }}
      />
      {invoices.state === 'done' &&
        (invoices.value.invoices.length === 0 ? (
          <p>{t('invoices.none')}</p>
        ) : (
          // A list, not a table: on a phone each invoice reads as one line, its download a large target.
          <ul className={styles.invoices}>
            {invoices.value.invoices.map((invoice) => (
              <li key={invoice.invoiceId}>
                <span>
                  <strong>{t(`invoices.kinds.${invoice.kind}`)}</strong> {invoice.number}
                </span>
                <span className={styles.meta}>
                  {formatCalendarDate(invoice.issueDate, language, 'medium')} ·{' '}
                  <span className={styles.amount}>{formatEuros(invoice.totalCents / 100, language)}</span>
                </span>
                <a
                  className={`${controls.secondary} ${controls.compact}`}
                  href={`${FUNCTIONS_BASE_PATH}/account/invoice?id=${encodeURIComponent(invoice.invoiceId)}`}
                  download
                  aria-label={t('invoices.downloadLabel', { number: invoice.number })}
                >
                  {t('invoices.download')}
                </a>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
