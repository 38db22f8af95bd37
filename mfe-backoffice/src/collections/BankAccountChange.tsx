import { type FormEvent, useState } from 'react';
import { api, hasValidIbanChecksum, isValidSpanishIban } from 'shared-api';
import controls from 'shared-ui/controls.module.css';
import { TextField } from 'shared-ui/text-field';
import styles from '../Backoffice.module.css';
import { type Notice, useStaffAction } from '../notice';
import { useBackofficeT } from '../texts';

/**
 * A manager moves a tenant's rent to another account of theirs (under the same mandate: the next
 * remittance tells the bank), checked before asking the server, and confirmed.
 */
export function BankAccountChange({
  registrationId,
  announce,
  onChanged,
}: {
  registrationId: string;
  announce(notice: Notice): void;
  onChanged(): void;
}) {
  const t = useBackofficeT();
  const [iban, setIban] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useStaffAction(announce);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const compact = iban.replace(/\s+/g, '').toUpperCase();
    if (!isValidSpanishIban(compact) || !hasValidIbanChecksum(compact)) {
      setError(t('bankAccount.invalid'));
      return;
    }
    setError(null);
    if (!window.confirm(t('bankAccount.confirm'))) return;
    const changed = await run(
      () => api.backoffice('change_bank_account', { registrationId, iban: compact, confirm: true }),
      ({ iban: masked }) => t('bankAccount.changed', { iban: masked }),
    );
    if (!changed) return;
    setIban('');
    onChanged();
  };

  return (
    <details>
      <summary>{t('bankAccount.heading')}</summary>
      <p className={styles.muted}>{t('bankAccount.intro')}</p>
      <form className={`${styles.filters} ${styles.inlineForm}`} onSubmit={submit} noValidate>
        <TextField
          label={t('bankAccount.iban')}
          value={iban}
          onChange={setIban}
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          error={error}
        />
        <button type="submit" className={`${controls.secondary} ${controls.compact}`} disabled={busy}>
          {t('bankAccount.change')}
        </button>
      </form>
    </details>
  );
}
