import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError, api } from 'shared-api';
import controls from 'shared-ui/controls.module.css';
import { TextField } from 'shared-ui/text-field';
import styles from '../Account.module.css';
import type { Tenancy } from '../tenancy/tenancy';
import { useAccountT } from '../texts';
import { newIbanProblem } from './rules';

type BankAccount = NonNullable<Tenancy['bankAccount']>;
type Message = { tone: 'ok' | 'error'; text: string } | null;

/**
 * The account the rent is collected from, and a new one: a new SEPA mandate for it is e-mailed to
 * sign (the e-signature flow), and nothing changes until it is signed. While one awaits, it says
 * so, and can be dropped.
 */
export function BankSection({
  registrationId,
  bankAccount,
  onChanged,
}: {
  registrationId: string;
  bankAccount: BankAccount;
  onChanged(): void;
}) {
  const t = useAccountT();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [iban, setIban] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  // The control that had focus goes away (the form closes, the pending change is dropped): focus
  // moves to the button that opens the form again, and the message is read from the live region.
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (refocus && !editing) {
      changeButton.current?.focus();
      setRefocus(false);
    }
  }, [refocus, editing]);

  /** What is wrong with the IBAN typed, said under the field; null for anything else. */
  const fieldProblem = (caught: unknown) => {
    if (caught instanceof ApiError && caught.code === 'bank_account_unchanged') return t('bank.unchanged');
    if (caught instanceof ApiError && caught.status === 400) return t('bank.invalid');
    return null;
  };
  const otherProblem = (caught: unknown) => {
    if (caught instanceof ApiError && caught.code === 'mandate_change_throttled') return t('bank.throttled');
    if (caught instanceof ApiError && caught.code === 'rental_not_active') return t('bank.notActive');
    return t('actionFailed');
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const problem = newIbanProblem(iban);
    if (problem) {
      setError(problem === 'missing' ? t('bank.missing') : t('bank.invalid'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const sent = await api.account('change_bank_account', { registrationId, iban });
      setMessage({ tone: 'ok', text: t('bank.sent', { iban: sent.maskedIban }) });
      setIban('');
      setEditing(false);
      setRefocus(true);
      onChanged();
    } catch (caught) {
      const text = fieldProblem(caught);
      if (text) {
        setError(text);
        input.current?.focus();
      } else setMessage({ tone: 'error', text: otherProblem(caught) });
    } finally {
      setBusy(false);
    }
  };

  const drop = async () => {
    setBusy(true);
    setMessage(null);
    try {
      await api.account('cancel_bank_change', { registrationId });
      setMessage({ tone: 'ok', text: t('bank.dropped') });
      setRefocus(true);
      onChanged();
    } catch {
      setMessage({ tone: 'error', text: t('actionFailed') });
    } finally {
      setBusy(false);
    }
  };

  const pending = bankAccount.pendingChange;
  return (
    <section className={styles.notice} aria-labelledby={headingId}>
      <h3 id={headingId}>{t('bank.heading')}</h3>
      <p data-testid="bank-account">
        {t('bank.current', { iban: bankAccount.maskedIban, reference: bankAccount.mandateReference })}
      </p>
      {pending && (
        <div className={styles.actions}>
          <p className={styles.strong} data-testid="bank-pending">
            {t('bank.pending', { iban: pending.maskedIban })}
          </p>
          <button type="button" className={controls.secondary} disabled={busy} onClick={() => void drop()}>
            {t('bank.drop')}
          </button>
        </div>
      )}
      {editing ? (
        <form className={styles.form} onSubmit={send} noValidate>
          <p>{t('bank.intro')}</p>
          <TextField
            label={t('bank.iban')}
            value={iban}
            onChange={setIban}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="characters"
            hint={t('bank.ibanHint')}
            error={error}
            inputRef={input}
            required
          />
          <div className={styles.actions}>
            <button type="submit" className={controls.primary} disabled={busy}>
              {busy ? t('bank.sending') : t('bank.send')}
            </button>
            <button
              type="button"
              className={controls.secondary}
              disabled={busy}
              onClick={() => {
                setEditing(false);
                setError(null);
                setRefocus(true);
              }}
            >
              {t('bank.keep')}
            </button>
          </div>
        </form>
      ) : (
        <p>
          <button
            ref={changeButton}
            type="button"
            className={controls.secondary}
            disabled={busy}
            onClick={() => {
              setEditing(true);
              setMessage(null);
            }}
          >
            {pending ? t('bank.changeAgain') : t('bank.change')}
          </button>
        </p>
      )}
      <div role="status" aria-live="polite">
        {message && <p className={message.tone === 'ok' ? styles.ok : styles.error}>{message.text}</p>}
      </div>
    </section>
  );
}
