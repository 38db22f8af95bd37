import { useState } from 'react';
import { ApiError, api, FUNCTIONS_BASE_PATH } from 'shared-api';
import controls from 'shared-ui/controls.module.css';
import styles from '../Account.module.css';
import { useAccountSession } from '../session/store';
import { useAccountT } from '../texts';

/** The tenant's own data: all of it to take away, and erased on request once nothing is pending. */
export function DataSection() {
  const t = useAccountT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const erase = async () => {
    if (busy || !window.confirm(t('data.eraseConfirm'))) return;
    setBusy(true);
    setError(null);
    try {
      await api.account('request_erasure', { confirm: true });
      useAccountSession.getState().erased();
    } catch (caught) {
      const code = caught instanceof ApiError ? caught.code : undefined;
      setError(
        code === 'erasure_rental_active'
          ? t('data.rentalActive')
          : code === 'erasure_owed'
            ? t('data.owed')
            : code === 'erasure_refund_pending'
              ? t('data.refundPending')
              : t('actionFailed'),
      );
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="account-data">
      <h2 id="account-data">{t('data.heading')}</h2>
      <p>{t('data.downloadIntro')}</p>
      <p>
        <a className={controls.secondary} href={`${FUNCTIONS_BASE_PATH}/account/data`} download>
          {t('data.download')}
        </a>
      </p>
      <h3 className={styles.subheading}>{t('data.eraseHeading')}</h3>
      <p>{t('data.eraseIntro')}</p>
      <p className={styles.muted}>{t('data.eraseKept')}</p>
      <p>
        <button type="button" className={controls.danger} disabled={busy} onClick={() => void erase()}>
          {t('data.erase')}
        </button>
      </p>
      <div role="alert">{error && <p className={styles.error}>{error}</p>}</div>
    </section>
  );
}
