import { type FormEvent, useId, useState } from 'react';
import { api } from 'shared-api';
import controls from 'shared-ui/controls.module.css';
import styles from '../Backoffice.module.css';
import { type Notice, useStaffAction } from '../notice';
import { useStaffSession } from '../session/store';
import { useBackofficeT } from '../texts';

/** The company's signature, typed and confirmed; sent once however often the button is pressed. */
export function Countersign({
  registrationId,
  onSigned,
  announce,
}: {
  registrationId: string;
  onSigned(): void;
  announce(notice: Notice): void;
}) {
  const t = useBackofficeT();
  const staffName = useStaffSession((s) => s.staff?.name ?? '');
  const [signedName, setSignedName] = useState(staffName);
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; consent?: string }>({});
  const { busy, run } = useStaffAction(announce);
  const ids = { name: useId(), consent: useId(), nameError: useId(), consentError: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = {
      ...(signedName.trim().length < 3 ? { name: t('detail.signedNameRequired') } : {}),
      ...(consent ? {} : { consent: t('detail.consentRequired') }),
    };
    setErrors(found);
    if (found.name || found.consent) return;
    const signed = await run(
      () => api.backoffice('countersign', { registrationId, signedName: signedName.trim(), consent: true }),
      ({ units }) =>
        units.length ? t('detail.countersigned', { units: units.join(', ') }) : t('detail.countersignedWaiting'),
    );
    // Done or refused (signed meanwhile by someone else, say), the page shows the sign-up as it is now.
    if (signed !== undefined) onSigned();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.muted}>{t('detail.countersignHint')}</p>
      <div className={styles.field}>
        <label htmlFor={ids.name}>{t('detail.signedName')}</label>
        <input
          id={ids.name}
          className={controls.control}
          value={signedName}
          maxLength={120}
          autoComplete="name"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? ids.nameError : undefined}
          onChange={(event) => setSignedName(event.target.value)}
        />
        {errors.name && (
          <p id={ids.nameError} className={styles.error}>
            {errors.name}
          </p>
        )}
      </div>
      <div className={styles.check}>
        <input
          id={ids.consent}
          type="checkbox"
          checked={consent}
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? ids.consentError : undefined}
          onChange={(event) => setConsent(event.target.checked)}
        />
        <label htmlFor={ids.consent}>{t('detail.consent')}</label>
      </div>
      {errors.consent && (
        <p id={ids.consentError} className={styles.error}>
          {errors.consent}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={controls.primary} disabled={busy} aria-busy={busy || undefined}>
          {t('detail.countersignSubmit')}
        </button>
      </div>
    </form>
  );
}
