import { useEffect, useState } from 'react';
import { api } from 'shared-api';
import { useTranslation } from 'shared-i18n';
import styles from './Wizard.module.css';

/** The registration's recovery code, or null while unknown. */
export function useRegistrationCode(registrationId: string | null): string | null {
  const [code, setCode] = useState<{ id: string; code: string } | null>(null);
  useEffect(() => {
    if (!registrationId) return;
    let cancelled = false;
    api
      .action('registration-handler', 'get_registration_code', { registrationId })
      .then(({ registrationCode }) => {
        if (!cancelled) setCode({ id: registrationId, code: registrationCode });
      })
      .catch(() => {
        // A convenience: without it the visitor still has the code in the e-mail.
      });
    return () => {
      cancelled = true;
    };
  }, [registrationId]);
  return code && code.id === registrationId ? code.code : null;
}

/** Shown as soon as the registration exists, so the visitor can note the code. */
export function RegistrationCode({ registrationId }: { registrationId: string }) {
  const { t } = useTranslation('signup');
  const code = useRegistrationCode(registrationId);
  if (!code) return null;
  return (
    <p className={styles.code}>
      <strong>{t('common.registrationCode', { code })}</strong> <span>{t('common.registrationCodeHint')}</span>
    </p>
  );
}
