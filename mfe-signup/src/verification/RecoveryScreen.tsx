import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError, api } from 'shared-api';
import { toast } from 'shared-ui/toast';
import type { RegistrationDraft } from '../session/draft';
import { loadDraft } from '../session/server';
import { PENDING_RECOVERY, RESET_FLAG, START_NEW_FOR, setSessionFlag, useDraft } from '../session/store';
import { stepUrl } from '../wizard/navigation';
import { useWizard } from '../wizard/Wizard';
import styles from '../wizard/Wizard.module.css';
import { CODE_LENGTH, cleanRecoveryCode, isComplete } from './codes';

export function RecoveryScreen({
  sessionExpired,
  onRecovered,
}: {
  sessionExpired: boolean;
  onRecovered(draft: RegistrationDraft & { registrationId: string }): void;
}) {
  const { t } = useTranslation('signup');
  const wizard = useWizard();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const recover = async (event: FormEvent) => {
    event.preventDefault();
    if (!isComplete(code) || busy) return;
    setBusy(true);
    setError(null);
    try {
      const { registrationId } = await api.action('registration-handler', 'get_registration_status', {
        recoveryCode: code,
      });
      const draft = await loadDraft(registrationId);
      useDraft.getState().replace(draft);
      setSessionFlag(PENDING_RECOVERY, null);
      toast({ title: t('verification.recoveredTitle'), description: t('verification.recovered'), variant: 'success' });
      onRecovered({ ...draft, registrationId });
    } catch (failure) {
      const status = failure instanceof ApiError ? failure.status : 0;
      const message =
        status === 404
          ? t('verification.recoveryNotFound')
          : status === 429
            ? t('verification.recoveryThrottled')
            : t('toasts.loadError');
      setError(message);
      toast({ title: t('verification.recoveryErrorTitle'), description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const startNew = () => {
    const { email, phone } = useDraft.getState().draft;
    setSessionFlag(RESET_FLAG, '1');
    setSessionFlag(PENDING_RECOVERY, null);
    if (email) setSessionFlag(START_NEW_FOR, `${email.trim().toLowerCase()}|${phone}`);
    navigate(stepUrl(wizard.language, undefined, null), { replace: true });
  };

  return (
    <form onSubmit={recover} noValidate>
      <h3>{t('verification.recoveryTitle')}</h3>
      {sessionExpired ? (
        <p className={styles.alert} role="alert">
          {t('verification.recoveryExpired')}
        </p>
      ) : (
        <p>{t('verification.recoveryIntro')}</p>
      )}
      <div className={styles.field}>
        <label htmlFor="signup-recovery-code">{t('verification.recoveryCode')}</label>
        <input
          id="signup-recovery-code"
          name="recoveryCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={CODE_LENGTH}
          value={code}
          onChange={(e) => setCode(cleanRecoveryCode(e.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'signup-recovery-error' : undefined}
        />
        {error && (
          <p id="signup-recovery-error" className={styles.error}>
            {error}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={startNew}>
          {t('verification.startNew')}
        </button>
        <button type="submit" className={styles.primary} disabled={!isComplete(code) || busy} aria-busy={busy}>
          {t('verification.recover')}
        </button>
      </div>
    </form>
  );
}
