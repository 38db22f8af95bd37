import { useRef, useState } from 'react';
import { api } from 'shared-api';
import type { AccountResponse } from 'shared-api/account';
import type { Language } from 'shared-i18n';
import { AsyncStatus, useAsync } from 'shared-ui/async';
import controls from 'shared-ui/controls.module.css';
import styles from './Account.module.css';
import { RentAgain } from './again/RentAgain';
import { ContactSection } from './contact/ContactSection';
import { DataSection } from './data/DataSection';
import { Invoices } from './invoices/Invoices';
import { useAccountSession } from './session/store';
import { TenancyCard } from './tenancy/TenancyCard';
import { useAccountT } from './texts';

/** A signed-in tenant's page: who they are signed in as, each rental, and their invoices. */
export function AccountHome({ language }: { language: Language }) {
  const t = useAccountT();
  const contact = useAccountSession((s) => s.contact);
  const [overview, reload] = useAsync(() => api.account('overview', {}), []);
  const [signingOut, setSigningOut] = useState(false);
  const [signOutFailed, setSignOutFailed] = useState(false);
  // After a change (notice given, a payment refused as no longer due) the rentals reload: the cards
  // stay as they were meanwhile, so the page does not jump and a message in a card stays.
  const shown = useRef<AccountResponse<'overview'> | null>(null);
  if (overview.state === 'done') shown.current = overview.value;
  const tenancies = shown.current?.tenancies;

  return (
    <>
      <div className={styles.who}>
        <p>{t('signedInAs', { contact })}</p>
        <button
          type="button"
          className={controls.secondary}
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            setSignOutFailed(false);
            useAccountSession
              .getState()
              .signOut()
              .catch(() => {
                setSigningOut(false);
                setSignOutFailed(true);
              });
          }}
        >
          {t('signOut')}
        </button>
      </div>
      <div role="alert">{signOutFailed && <p className={styles.error}>{t('signOutFailed')}</p>}</div>
      {/* A long page on a phone: its parts one tap away. */}
      <nav aria-label={t('jump.label')}>
        <ul className={styles.jump}>
          {tenancies?.[0] && (
            <li>
              <a href={`#tenancy-${tenancies[0].registrationId}`}>{t('jump.rentals')}</a>
            </li>
          )}
          <li>
            <a href="#account-invoices">{t('jump.invoices')}</a>
          </li>
          <li>
            <a href="#account-contact">{t('jump.contact')}</a>
          </li>
          <li>
            <a href="#account-data">{t('jump.data')}</a>
          </li>
        </ul>
      </nav>
      <AsyncStatus
        state={tenancies && overview.state === 'loading' ? { state: 'done', value: null } : overview}
        loading={t('loading')}
        failed={t('failed')}
        retryLabel={t('retry')}
        onRetry={reload}
        classNames={{ status: styles.placeholder, alert: styles.card, button: controls.secondary }}
      />
      {tenancies &&
        overview.state !== 'error' &&
        (tenancies.length === 0 ? (
          <p className={styles.card}>{t('none')}</p>
        ) : (
          tenancies.map((tenancy) => (
            <TenancyCard key={tenancy.registrationId} tenancy={tenancy} language={language} onChanged={reload} />
          ))
        ))}
      {tenancies?.length ? (
        <RentAgain fromRegistrationId={tenancies[tenancies.length - 1]?.registrationId ?? ''} language={language} />
      ) : null}
      <Invoices language={language} />
      <ContactSection language={language} />
      <DataSection language={language} />
    </>
  );
}
