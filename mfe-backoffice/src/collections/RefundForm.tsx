import { type FormEvent, useState } from 'react';
import { api } from 'shared-api';
import { formatEuros, parseDecimal } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import { TextField } from 'shared-ui/text-field';
import styles from '../Backoffice.module.css';
import { type Notice, useStaffAction } from '../notice';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';

/**
 * A manager records money given back to a tenant owed it (a collection the bank took after the
 * rental ended, an overpayment): at most what they are owed, with a reason, after a confirmation.
 */
export function RefundForm({
  registrationId,
  creditCents,
  announce,
  onRecorded,
}: {
  registrationId: string;
  creditCents: number;
  /** The account's own messages: this form is gone once nothing more is owed. */
  announce(notice: Notice): void;
  onRecorded(): void;
}) {
  const t = useBackofficeT();
  const language = useLanguage();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const { busy, run } = useStaffAction(announce);
  const money = (cents: number) => formatEuros(cents / 100, language);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const euros = parseDecimal(amount);
    const cents = Number.isFinite(euros) ? Math.round(euros * 100) : Number.NaN;
    const found: typeof errors = {};
    if (!(cents >= 1 && cents <= creditCents)) found.amount = t('refund.amountError', { max: money(creditCents) });
    if (reason.trim().length < 3) found.reason = t('refund.reasonError');
    setErrors(found);
    if (found.amount || found.reason) return;
    if (!window.confirm(t('refund.confirm', { amount: money(cents) }))) return;
    const recorded = await run(
      () =>
        api.backoffice('record_refund', { registrationId, amountCents: cents, reason: reason.trim(), confirm: true }),
      () => t('refund.recorded', { amount: money(cents) }),
    );
    if (!recorded) return;
    setAmount('');
    setReason('');
    onRecorded();
  };

  return (
    <form className={styles.inlineForm} onSubmit={submit} noValidate>
      <p>
        <strong>{t('refund.owed', { amount: money(creditCents) })}</strong>
      </p>
      <TextField
        label={t('refund.amount')}
        value={amount}
        onChange={setAmount}
        inputMode="decimal"
        error={errors.amount ?? null}
      />
      <TextField
        label={t('refund.reason')}
        value={reason}
        onChange={setReason}
        maxLength={300}
        error={errors.reason ?? null}
      />
      <button type="submit" className={`${controls.secondary} ${controls.compact}`} disabled={busy}>
        {t('refund.record')}
      </button>
    </form>
  );
}
