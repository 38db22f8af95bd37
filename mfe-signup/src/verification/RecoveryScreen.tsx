import { type FormEvent, useState } from 'react';
import { ApiError, api } from 'shared-api';
import { useTranslation } from 'shared-i18n';
import { useNavigate } from 'shared-router';
import controls from 'shared-ui/controls.module.css';
import { toast } from 'shared-ui/toast';
import type { RegistrationDraft } from '../session/draft';
import { loadDraft } from '../session/server';
import {
  PENDING_RECOVERY,
  RECOVERY_OF_COMPLETED,
  RESET_FLAG,
  START_NEW_FOR,
  sessionFlag,
  setSessionFlag,
  useDraft,
} from '../session/store';
import { useWizard } from '../wizard/context';
import { stepUrl } from '../wizard/navigation';
import styles from '../wizard/Wizard.module.css';
import { CODE_LENGTH, cleanRecoveryCode, cleanVerificationCode, isComplete } from './codes';

/** After the recovery code, on a browser without the registration's session: the one-time code. */
interface Challenge {
  registrationId: string;
  sentTo: { email: string; phone: string };
}

function recoveryFailure(
  failure: unknown,
): 'recoveryNotFound' | 'recoveryThrottled' | 'recoveryWrongCode' | 'expired' | 'loadError' {
  const status = failure instanceof ApiError ? failure.status : 0;
  if (status === 404) return 'recoveryNotFound';
  if (status === 429) return 'recoveryThrottled';
  if (status === 400) return 'recoveryWrongCode';
  if (status === 410) return 'expired';
  return 'loadError';
}

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
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [oneTimeCode, setOneTimeCode] = useState('');
  // The registration is finished (its link opened again): its contract is here with the code.
  const [completed] = useState(() => sessionFlag(RECOVERY_OF_COMPLETED) === '1');

  const finish = async (registrationId: string) => {
    const draft = await loadDraft(registrationId);
    useDraft.getState().replace(draft);
    setSessionFlag(PENDING_RECOVERY, null);
    setSessionFlag(RECOVERY_OF_COMPLETED, null);
    toast({
      title: t('verification.recoveredTitle'),
      description: t('verification.recovered'),
      variant: 'success',
      // Said on the step the recovered sign-up goes on to, however long that takes.
      followsNavigation: true,
    });
    onRecovered({ ...draft, registrationId });
  };

  const failed = (failure: unknown) => {
    const reason = recoveryFailure(failure);
    const message = t(reason === 'loadError' ? 'toasts.loadError' : `verification.${reason}`);
    setError(message);
    toast({ title: t('verification.recoveryErrorTitle'), description: message, variant: 'destructive' });
  };

  const recover = async (event: FormEvent) => {
    event.preventDefault();
    if (!isComplete(code) || busy) return;
    setBusy(true);
    setError(null);
    try {
      const found = await api.action('registration-handler', 'get_registration_status', { recoveryCode: code });
      if (found.confirmationRequired && found.sentTo) {
        setChallenge({ registrationId: found.registrationId, sentTo: found.sentTo });
      } else {
        await finish(found.registrationId);
      }
    } catch (failure) {
      failed(failure);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!challenge || !isComplete(oneTimeCode) || busy) return;
    setBusy(true);
    setError(null);
    try {
      await api.action('registration-handler', 'confirm_recovery', {
        registrationId: challenge.registrationId,
        recoveryCode: code,
        code: oneTimeCode,
      });
      await finish(challenge.registrationId);
    } catch (failure) {
      setOneTimeCode('');
      failed(failure);
    } finally {
      setBusy(false);
    }
  };

  const startNew = () => {
    const { email, phone } = useDraft.getState().draft;
    setSessionFlag(RESET_FLAG, '1');
    setSessionFlag(PENDING_RECOVERY, null);
    setSessionFlag(RECOVERY_OF_COMPLETED, null);
    if (email) setSessionFlag(START_NEW_FOR, `${email.trim().toLowerCase()}|${phone}`);
    navigate(stepUrl(wizard.language, undefined, null), { replace: true });
  };

  if (challenge) {
    return (
      <form onSubmit={confirm} noValidate>
        <h3>{t('verification.recoveryConfirmTitle')}</h3>
        <p>{t('verification.recoveryConfirmIntro', challenge.sentTo)}</p>
        <div className={styles.field}>
          <label htmlFor="signup-recovery-confirmation">{t('verification.recoveryConfirmCode')}</label>
          <input
            className={controls.control}
            id="signup-recovery-confirmation"
            name="confirmationCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={CODE_LENGTH}
            value={oneTimeCode}
            onChange={(e) => setOneTimeCode(cleanVerificationCode(e.target.value))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'signup-recovery-error' : undefined}
            // biome-ignore lint/a11y/noAutofocus: the form replaced the one the visitor just submitted
            autoFocus
          />
        </div>
        <RecoveryFooter
          error={error}
          submitLabel={t('verification.recoveryConfirm')}
          canSubmit={isComplete(oneTimeCode) && !busy}
          busy={busy}
          onStartNew={startNew}
        />
      </form>
    );
  }

  return (
    <form onSubmit={recover} noValidate>
      <h3>{t('verification.recoveryTitle')}</h3>
      {sessionExpired && completed ? (
        <p className={styles.notice} role="status">
          {t('verification.recoveryCompleted')}
        </p>
      ) : sessionExpired ? (
        <p className={styles.alert} role="alert">
          {t('verification.recoveryExpired')}
        </p>
      ) : (
        <p>{t('verification.recoveryIntro')}</p>
      )}
      <div className={styles.field}>
        <label htmlFor="signup-recovery-code">{t('verification.recoveryCode')}</label>
        <input
          className={controls.control}
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
      </div>
      <RecoveryFooter
        error={error}
        submitLabel={t('verification.recover')}
        canSubmit={isComplete(code) && !busy}
        busy={busy}
        onStartNew={startNew}
      />
    </form>
  );
}

/** Both recovery forms end alike: the error of their one field, Start new process, submit. */
function RecoveryFooter({
  error,
  submitLabel,
  canSubmit,
  busy,
  onStartNew,
}: {
  error: string | null;
  submitLabel: string;
  canSubmit: boolean;
  busy: boolean;
  onStartNew(): void;
}) {
  const { t } = useTranslation('signup');
  return (
    <>
      {error && (
        <p id="signup-recovery-error" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={controls.secondary} onClick={onStartNew}>
          {t('verification.startNew')}
        </button>
        <button type="submit" className={controls.primary} disabled={!canSubmit} aria-busy={busy}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
