import { type FormEvent, useId, useState } from 'react';
import { api } from 'shared-api';
import { formatEuros, formatVolume } from 'shared-i18n';
import { useAsync } from 'shared-ui/async';
import controls from 'shared-ui/controls.module.css';
import styles from '../Backoffice.module.css';
import { type Notice, useStaffAction } from '../notice';
import { useStaffSession } from '../session/store';
import { LoadStatus } from '../table/LoadStatus';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';

/** Up to three units may be let together to one tenant (as the calculator combines them). */
const MAX_UNITS = 3;

/**
 * A tenant who signed and paid but has no unit: let them free units that fit (together at least
 * the volume rented, at the signed price), or, a manager, give the deposit back.
 */
export function AwaitingUnit({
  registrationId,
  deposit,
  announce,
  onResolved,
}: {
  registrationId: string;
  /** The paid deposit, for the refund's confirmation. */
  deposit: number | null;
  announce(notice: Notice): void;
  onResolved(): void;
}) {
  const t = useBackofficeT();
  const language = useLanguage();
  const manager = useStaffSession((s) => s.staff?.role === 'manager');
  const [fitting, retry] = useAsync(
    () => api.backoffice('fitting_units', { registrationId, language }),
    [registrationId, language],
  );
  const [chosen, setChosen] = useState<string[]>([]);
  const { busy, run } = useStaffAction(announce);
  const [assignError, setAssignError] = useState<string | null>(null);
  const ids = { units: useId(), assignError: useId(), reason: useId(), reasonError: useId(), confirm: useId() };

  const units = fitting.state === 'done' ? fitting.value.units : [];
  const needed = fitting.state === 'done' ? fitting.value.neededM3 : 0;
  const chosenM3 = units.filter((u) => chosen.includes(u.unitNumber)).reduce((sum, u) => sum + u.sizeM3, 0);

  const toggle = (unitNumber: string, on: boolean) => {
    setAssignError(null);
    setChosen((current) => (on ? [...current, unitNumber] : current.filter((n) => n !== unitNumber)));
  };

  const assign = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (chosen.length === 0) return setAssignError(t('awaiting.chooseUnits'));
    if (chosenM3 + 1e-9 < needed) return setAssignError(t('awaiting.tooSmall'));
    const assigned = await run(
      () => api.backoffice('assign_units', { registrationId, unitNumbers: chosen }),
      ({ units }) => t('awaiting.assigned', { units: units.join(', ') }),
    );
    if (assigned === undefined) return;
    if (assigned) return onResolved();
    // Taken meanwhile, say: the choice starts again from the units that fit now.
    setChosen([]);
    retry();
  };

  return (
    <section className={`${styles.card} ${styles.alert}`} aria-labelledby="awaiting-unit" data-testid="awaiting-unit">
      <h2 id="awaiting-unit">{t('awaiting.heading')}</h2>
      <p>{t('awaiting.explain')}</p>
      <LoadStatus state={fitting} onRetry={retry} />
      {fitting.state === 'done' && (
        <form className={styles.form} onSubmit={assign} noValidate>
          <fieldset className={styles.fieldset} aria-describedby={assignError ? ids.assignError : undefined}>
            <legend>
              {t('awaiting.units', {
                needed: formatVolume(needed, language),
                count: fitting.value.unitsRequired,
              })}
            </legend>
            {units.length === 0 && <p className={styles.muted}>{t('awaiting.noneFree')}</p>}
            {units.map((unit) => {
              const on = chosen.includes(unit.unitNumber);
              return (
                <div key={unit.unitNumber} className={styles.check}>
                  <input
                    id={`${ids.units}-${unit.unitNumber}`}
                    type="checkbox"
                    checked={on}
                    disabled={!on && chosen.length >= MAX_UNITS}
                    onChange={(event) => toggle(unit.unitNumber, event.target.checked)}
                  />
                  <label htmlFor={`${ids.units}-${unit.unitNumber}`}>
                    <strong>{unit.unitNumber}</strong> · {unit.productName} · {formatVolume(unit.sizeM3, language)}
                  </label>
                </div>
              );
            })}
          </fieldset>
          <p aria-live="polite" className={styles.muted}>
            {t('awaiting.chosen', { chosen: formatVolume(chosenM3, language), needed: formatVolume(needed, language) })}
          </p>
          {assignError && (
            <p id={ids.assignError} className={styles.error}>
              {assignError}
            </p>
          )}
          <div className={styles.actions}>
            <button type="submit" className={controls.primary} disabled={busy || units.length === 0}>
              {t('awaiting.assign')}
            </button>
          </div>
        </form>
      )}
      {manager && deposit !== null && (
        <Refund registrationId={registrationId} deposit={deposit} announce={announce} onRefunded={onResolved} />
      )}
    </section>
  );
}

/** A manager gives the deposit back through the card provider: a reason (sent to the tenant) and a confirmation. */
function Refund({
  registrationId,
  deposit,
  announce,
  onRefunded,
}: {
  registrationId: string;
  deposit: number;
  announce(notice: Notice): void;
  onRefunded(): void;
}) {
  const t = useBackofficeT();
  const language = useLanguage();
  const [reason, setReason] = useState('');
  const [confirm, setConfirm] = useState(false);
  const [errors, setErrors] = useState<{ reason?: string; confirm?: string }>({});
  const { busy, run } = useStaffAction(announce);
  const ids = { reason: useId(), reasonError: useId(), confirm: useId(), confirmError: useId() };
  const amount = formatEuros(deposit, language);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = {
      ...(reason.trim().length < 3 ? { reason: t('awaiting.reasonRequired') } : {}),
      ...(confirm ? {} : { confirm: t('awaiting.confirmRequired') }),
    };
    setErrors(found);
    if (found.reason || found.confirm) return;
    const refunded = await run(
      () => api.backoffice('refund_deposit', { registrationId, reason: reason.trim(), confirm: true }),
      ({ amount }) => t('awaiting.refunded', { amount: formatEuros(amount, language) }),
    );
    if (refunded) onRefunded();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <h3>{t('awaiting.refundHeading', { amount })}</h3>
      <div className={styles.field}>
        <label htmlFor={ids.reason}>{t('awaiting.reason')}</label>
        <textarea
          id={ids.reason}
          className={controls.control}
          rows={2}
          maxLength={300}
          value={reason}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? ids.reasonError : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {errors.reason && (
          <p id={ids.reasonError} className={styles.error}>
            {errors.reason}
          </p>
        )}
      </div>
      <div className={styles.check}>
        <input
          id={ids.confirm}
          type="checkbox"
          checked={confirm}
          aria-invalid={errors.confirm ? true : undefined}
          aria-describedby={errors.confirm ? ids.confirmError : undefined}
          onChange={(event) => setConfirm(event.target.checked)}
        />
        <label htmlFor={ids.confirm}>{t('awaiting.confirm', { amount })}</label>
      </div>
      {errors.confirm && (
        <p id={ids.confirmError} className={styles.error}>
          {errors.confirm}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={controls.danger} disabled={busy} aria-busy={busy || undefined}>
          {t('awaiting.refund', { amount })}
        </button>
      </div>
    </form>
  );
}
