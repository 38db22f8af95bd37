import { api } from 'shared-api';
import { useTranslation } from 'shared-i18n';
import { useAsync } from 'shared-ui/async';
import styles from './Wizard.module.css';

/**
 * The registration's recovery code, or null while unknown. A convenience: if the call fails the
 * visitor still has the code in the e-mail, so nothing is said.
 */
export function useRegistrationCode(registrationId: string | null): string | null {
  const [load] = useAsync(
    async () =>
      registrationId
        ? (await api.action('registration-handler', 'get_registration_code', { registrationId })).registrationCode
        : null,
    [registrationId],
  );
  return load.state === 'done' ? load.value : null;
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
