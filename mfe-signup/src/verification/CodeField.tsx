import { useTranslation } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import { useCountdown } from 'shared-ui/countdown';
import styles from '../wizard/Wizard.module.css';
import { CODE_LENGTH, formatCountdown, isComplete } from './codes';

/** One channel: its code input, Verify, and Resend with the 120 s countdown. */
export function CodeField({
  channel,
  value,
  verified,
  error,
  busy,
  availableAt,
  onChange,
  onVerify,
  onResend,
}: {
  channel: 'email' | 'sms';
  value: string;
  verified: boolean;
  error: string | undefined;
  busy: boolean;
  availableAt: number;
  onChange(value: string): void;
  onVerify(): void;
  onResend(): void;
}) {
  const { t } = useTranslation('signup');
  const secondsToResend = useCountdown(availableAt);
  const waiting = secondsToResend > 0;

  const id = `signup-code-${channel}`;
  if (verified) {
    return (
      <div className={styles.field}>
        <p className={styles.success} role="status">
          ✓ {t(channel === 'email' ? 'verification.emailVerified' : 'verification.smsVerified')}
        </p>
      </div>
    );
  }
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{t(channel === 'email' ? 'verification.emailCode' : 'verification.smsCode')}</label>
      <input
        className={controls.control}
        id={id}
        name={`${channel}Code`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CODE_LENGTH}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (isComplete(value) && !busy) onVerify();
          }
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.choices}>
        <button type="button" className={controls.primary} onClick={onVerify} disabled={busy || !isComplete(value)}>
          {t(channel === 'email' ? 'verification.verifyEmail' : 'verification.verifySms')}
        </button>
        <button type="button" className={controls.secondary} onClick={onResend} disabled={waiting}>
          {waiting
            ? t('verification.resendIn', { time: formatCountdown(secondsToResend * 1000) })
            : t(channel === 'email' ? 'verification.resendEmail' : 'verification.resendSms')}
        </button>
      </div>
    </div>
  );
}
