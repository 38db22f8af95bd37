import { type FormEvent, useId, useState } from 'react';
import { api } from 'shared-api';
import { formatEuros, parseDecimal } from 'shared-i18n';
import { useAsync } from 'shared-ui/async';
import controls from 'shared-ui/controls.module.css';
import { TextField } from 'shared-ui/text-field';
import styles from '../Backoffice.module.css';
import { useStaffAction } from '../notice';
import { useStaffSession } from '../session/store';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';
import type { RegistrationPanelProps } from './panel';

/**
 * A manager gives the deposit back once the rental has ended: the unit checked empty and in good
 * order, the deposit to the card in full or less a part kept with a reason, after a confirmation.
 */
export function DepositReturn({ detail, announce, onChanged }: RegistrationPanelProps) {
  const t = useBackofficeT();
  const language = useLanguage();
  const manager = useStaffSession((s) => s.staff?.role === 'manager');
  const [inspected, setInspected] = useState(false);
  const [keep, setKeep] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ inspected?: string; keep?: string; reason?: string }>({});
  const { busy, run } = useStaffAction(announce);
  const ids = useId();
  const deposit = detail.payments.find((p) => p.status === 'completed' && !p.refundedAt);
  const settling = manager && detail.registration.moveInStatus === 'ended' && Boolean(deposit);
  // What the tenant owes now (overdue rent and fees): what the contract lets the deposit settle.
  const [owed] = useAsync(
    () =>
      settling
        ? api.backoffice('get_ledger', { registrationId: detail.registration.registrationId })
        : Promise.resolve(null),
    [settling, detail],
  );
  if (!settling || !deposit) return null;
  const owedCents = owed.state === 'done' ? (owed.value?.payableCents ?? 0) : null;
  const depositCents = Math.round(deposit.amount * 100);
  const money = (cents: number) => formatEuros(cents / 100, language);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const kept = keep.trim() === '' ? 0 : parseDecimal(keep);
    const keepCents = Number.isFinite(kept) ? Math.round(kept * 100) : Number.NaN;
    const found: typeof errors = {};
    if (!inspected) found.inspected = t('deposit.inspectedError');
    // At most what is owed now (the server says so too), and never more than the deposit.
    const most = Math.min(depositCents, owedCents ?? depositCents);
    if (!(keepCents >= 0 && keepCents <= most)) found.keep = t('deposit.keepError', { max: money(most) });
    if (keepCents > 0 && reason.trim().length < 3) found.reason = t('deposit.reasonError');
    setErrors(found);
    if (Object.keys(found).length) return;
    const question = t('deposit.confirm', { refund: money(depositCents - keepCents), kept: money(keepCents) });
    if (!window.confirm(question)) return;
    const returned = await run(
      () =>
        api.backoffice('return_deposit', {
          registrationId: detail.registration.registrationId,
          keepCents,
          ...(reason.trim() ? { reason: reason.trim() } : {}),
          inspected: true,
          confirm: true,
        }),
      ({ refundedCents, keptCents }) => t('deposit.returned', { refund: money(refundedCents), kept: money(keptCents) }),
    );
    if (returned) onChanged();
  };

  return (
    <section className={styles.card} aria-labelledby="deposit-return">
      <h2 id="deposit-return">{t('deposit.heading')}</h2>
      <p>{t('deposit.intro', { amount: money(depositCents) })}</p>
      {owedCents !== null && (
        <p>
          <strong>{t('deposit.owed', { amount: money(owedCents) })}</strong>
        </p>
      )}
      <form className={styles.inlineForm} onSubmit={submit} noValidate>
        <div className={styles.check}>
          <input
            id={`${ids}-inspected`}
            type="checkbox"
            checked={inspected}
            onChange={(event) => {
              setInspected(event.target.checked);
              // Checked now: what was missing is no longer said.
              if (event.target.checked) setErrors(({ inspected: _checked, ...rest }) => rest);
            }}
            aria-invalid={errors.inspected ? true : undefined}
            aria-describedby={errors.inspected ? `${ids}-inspected-error` : undefined}
          />
          <label htmlFor={`${ids}-inspected`}>{t('deposit.inspected')}</label>
        </div>
        {errors.inspected && (
          <p id={`${ids}-inspected-error`} className={styles.error}>
            {errors.inspected}
          </p>
        )}
        <TextField
          label={t('deposit.keep')}
          value={keep}
          onChange={setKeep}
          inputMode="decimal"
          error={errors.keep ?? null}
        />
        <TextField
          label={t('deposit.reason')}
          value={reason}
          onChange={setReason}
          maxLength={300}
          error={errors.reason ?? null}
        />
        <button type="submit" className={`${controls.primary} ${controls.compact}`} disabled={busy}>
          {t('deposit.return')}
        </button>
      </form>
    </section>
  );
}
