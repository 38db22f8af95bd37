import { type FormEvent, useState } from 'react';
import { api } from 'shared-api';
import controls from 'shared-ui/controls.module.css';
import { TextField } from 'shared-ui/text-field';
import styles from '../Backoffice.module.css';
import { formatDateTime } from '../format';
import { useStaffAction } from '../notice';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';
import type { RegistrationPanelProps } from './panel';

/**
 * An active tenant's door access: whether their PIN opens the door, and staff suspending or
 * restoring it by hand, with a reason the audit keeps (the tenant is told by e-mail and SMS).
 */
/** Why the door is shut, as staff read it: the arrears rules, a member of staff, or a document. */
const ACCESS_SUSPENDED_BY = {
  arrears: 'access.suspendedArrears',
  staff: 'access.suspendedStaff',
  documents: 'access.suspendedDocuments',
} as const;

export function DoorAccess({ detail, announce, onChanged }: RegistrationPanelProps) {
  const t = useBackofficeT();
  const language = useLanguage();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useStaffAction(announce);
  const { registration } = detail;
  if (registration.moveInStatus !== 'allocated') return null;
  const suspension = registration.accessSuspension;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (reason.trim().length < 3) {
      setError(t('access.reasonRequired'));
      return;
    }
    setError(null);
    const done = await run(
      () =>
        api.backoffice(suspension ? 'restore_access' : 'suspend_access', {
          registrationId: registration.registrationId,
          reason: reason.trim(),
        }),
      () => t(suspension ? 'access.restored' : 'access.suspended'),
    );
    if (!done) return;
    setReason('');
    onChanged();
  };

  return (
    <section className={styles.card} aria-labelledby="door-access">
      <h2 id="door-access">{t('access.heading')}</h2>
      <p data-testid="access-state">
        {suspension
          ? t(ACCESS_SUSPENDED_BY[suspension.by], {
              since: formatDateTime(suspension.since, language),
              reason: suspension.reason,
            })
          : t('access.open')}
      </p>
      <form className={`${styles.filters} ${styles.inlineForm}`} onSubmit={submit} noValidate>
        <TextField
          label={t(suspension ? 'access.restoreReason' : 'access.suspendReason')}
          value={reason}
          onChange={setReason}
          maxLength={300}
          error={error}
        />
        <button
          type="submit"
          className={`${suspension ? controls.primary : controls.danger} ${controls.compact}`}
          disabled={busy}
        >
          {t(suspension ? 'access.restore' : 'access.suspend')}
        </button>
      </form>
    </section>
  );
}
