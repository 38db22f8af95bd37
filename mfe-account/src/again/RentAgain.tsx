import { useState } from 'react';
import { ApiError, api, handOver } from 'shared-api';
import { type Language, pathFor } from 'shared-i18n';
import { useNavigate } from 'shared-router';
import controls from 'shared-ui/controls.module.css';
import styles from '../Account.module.css';
import { useAccountT } from '../texts';

/**
 * Another unit, from the data and documents on file (those of `fromRegistrationId`, the newest
 * rental): the sign-up opens at the services step, this browser holding its session.
 */
export function RentAgain({ fromRegistrationId, language }: { fromRegistrationId: string; language: Language }) {
  const t = useAccountT();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const { registrationId } = await api.account('rent_again', { registrationId: fromRegistrationId });
      handOver(registrationId);
      navigate(`${pathFor('signup', language, 'service-details')}?${new URLSearchParams({ proceso: registrationId })}`);
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.code === 'rent_again_overdue' ? t('again.overdue') : t('actionFailed'),
      );
      setBusy(false);
    }
  };
  return (
    <section className={styles.card} aria-labelledby="account-again">
      <h2 id="account-again">{t('again.heading')}</h2>
      <p>{t('again.intro')}</p>
      <p>
        <button type="button" className={controls.primary} disabled={busy} onClick={() => void start()}>
          {busy ? t('again.starting') : t('again.start')}
        </button>
      </p>
      <div role="alert">{error && <p className={styles.error}>{error}</p>}</div>
    </section>
  );
}
