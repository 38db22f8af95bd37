import { useEffect, useState } from 'react';
import { ApiError, api, FUNCTIONS_BASE_PATH } from 'shared-api';
import { formatCalendarDate, formatDecimal, formatEuros, type Language } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import styles from '../Account.module.css';
import { BankSection } from '../bank/BankSection';
import { DocumentsSection } from '../documents/DocumentsSection';
import { DoorSection } from '../door/DoorSection';
import { NoticeForm } from '../notice/NoticeForm';
import { useAccountT } from '../texts';
import type { Tenancy } from './tenancy';

const euros = (cents: number, language: Language) => formatEuros(cents / 100, language);
const day = (date: string, language: Language) => formatCalendarDate(date, language, 'medium');

/** One rental as its tenant sees it: what, since when, for how much, what is owed, and the door. */
export function TenancyCard({
  tenancy,
  language,
  onChanged,
}: {
  tenancy: Tenancy;
  language: Language;
  onChanged(): void;
}) {
  const t = useAccountT();
  const headingId = `tenancy-${tenancy.registrationId}`;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId}>
        {t('tenancy.heading', { code: tenancy.registrationCode })}
        {tenancy.status === 'ended' && <span className={styles.badge}>{t('tenancy.ended')}</span>}
        {tenancy.status === 'awaiting_unit' && <span className={styles.badge}>{t('tenancy.awaitingUnit')}</span>}
      </h2>
      {tenancy.status === 'scheduled' && tenancy.moveInDate && (
        <p className={styles.strong} data-testid="starts-on">
          {t('tenancy.startsOn', { date: formatCalendarDate(tenancy.moveInDate, language, 'full') })}
        </p>
      )}
      <dl className={styles.details}>
        {/* An ended rental's units were handed back: no longer its. */}
        {tenancy.units.length > 0 && (
          <>
            <dt>{t('tenancy.units')}</dt>
            <dd>
              {tenancy.units
                .map((unit) =>
                  t('tenancy.unit', { number: unit.unitNumber, size: `${formatDecimal(unit.sizeM3, language)} m³` }),
                )
                .join(', ')}
            </dd>
          </>
        )}
        {tenancy.since && (
          <>
            <dt>{t('tenancy.since')}</dt>
            <dd>{day(tenancy.since, language)}</dd>
          </>
        )}
        {tenancy.active && tenancy.rentCents !== null && tenancy.period && (
          <>
            <dt>{t('tenancy.rent')}</dt>
            <dd>
              {t('tenancy.rentValue', {
                amount: euros(tenancy.rentCents, language),
                period: t(`tenancy.periods.${tenancy.period}`),
              })}
            </dd>
          </>
        )}
        {tenancy.active && (
          <>
            <dt>{t('tenancy.next')}</dt>
            <dd>
              {tenancy.nextCollection
                ? t('tenancy.nextValue', {
                    amount: euros(tenancy.nextCollection.amountCents, language),
                    date: day(tenancy.nextCollection.date, language),
                  })
                : t('tenancy.nextNone')}
            </dd>
          </>
        )}
        <dt>{t('tenancy.balance')}</dt>
        <dd data-testid="balance">
          <Balance tenancy={tenancy} language={language} />
        </dd>
        {tenancy.active && (
          <>
            <dt>{t('tenancy.access')}</dt>
            <dd data-testid="access" className={tenancy.accessSuspended ? styles.error : undefined}>
              {tenancy.accessSuspended ? t('tenancy.suspended') : t('tenancy.open')}
            </dd>
          </>
        )}
      </dl>
      {tenancy.payableCents > 0 && <PayBalance tenancy={tenancy} language={language} onChanged={onChanged} />}
      <p>
        <a
          className={controls.secondary}
          href={`${FUNCTIONS_BASE_PATH}/account/contract?registrationId=${encodeURIComponent(tenancy.registrationId)}`}
          download
        >
          {t('tenancy.contract')}
        </a>
      </p>
      {tenancy.documents.length > 0 && (
        <DocumentsSection registrationId={tenancy.registrationId} documents={tenancy.documents} onChanged={onChanged} />
      )}
      {tenancy.active && <DoorSection registrationId={tenancy.registrationId} language={language} />}
      {tenancy.active && tenancy.bankAccount && (
        <BankSection registrationId={tenancy.registrationId} bankAccount={tenancy.bankAccount} onChanged={onChanged} />
      )}
      {tenancy.active && <NoticeForm tenancy={tenancy} language={language} onChanged={onChanged} />}
    </section>
  );
}

function Balance({ tenancy, language }: { tenancy: Tenancy; language: Language }) {
  const t = useAccountT();
  const lines: string[] = [];
  if (tenancy.payableCents > 0) lines.push(t('tenancy.owed', { amount: euros(tenancy.payableCents, language) }));
  if (tenancy.inCollectionCents > 0) {
    lines.push(t('tenancy.inCollection', { amount: euros(tenancy.inCollectionCents, language) }));
  }
  if (tenancy.balanceCents < 0) lines.push(t('tenancy.inFavour', { amount: euros(-tenancy.balanceCents, language) }));
  if (lines.length === 0) lines.push(t('tenancy.upToDate'));
  return (
    <>
      {lines.map((line) => (
        <span key={line} className={styles.line}>
          {line}
        </span>
      ))}
    </>
  );
}

/** What is due now, paid by card: the payment adapter's checkout opens in the same tab. */
function PayBalance({ tenancy, language, onChanged }: { tenancy: Tenancy; language: Language; onChanged(): void }) {
  const t = useAccountT();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  // Back from the checkout, a phone may show this page from its back-forward cache as it was left:
  // "opening the payment", disabled. It is live again.
  useEffect(() => {
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', back);
    return () => window.removeEventListener('pageshow', back);
  }, []);
  const pay = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const { checkoutUrl } = await api.account('pay_balance', { registrationId: tenancy.registrationId });
      window.location.assign(checkoutUrl);
    } catch (caught) {
      setBusy(false);
      if (caught instanceof ApiError && caught.code === 'nothing_owed') {
        setMessage({ tone: 'ok', text: t('tenancy.nothingOwed') });
        onChanged();
      } else setMessage({ tone: 'error', text: t('actionFailed') });
    }
  };
  return (
    <div className={styles.pay}>
      <button type="button" className={controls.primary} disabled={busy} onClick={() => void pay()}>
        {busy ? t('tenancy.paying') : t('tenancy.pay', { amount: euros(tenancy.payableCents, language) })}
      </button>
      {tenancy.accessSuspended && <p className={styles.muted}>{t('tenancy.payHint')}</p>}
      <div role="status" aria-live="polite">
        {message && <p className={message.tone === 'ok' ? styles.ok : styles.error}>{message.text}</p>}
      </div>
    </div>
  );
}
