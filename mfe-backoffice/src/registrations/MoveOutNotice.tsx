import { type FormEvent, useState } from 'react';
import { api } from 'shared-api';
import { formatCalendarDate } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import { TextField } from 'shared-ui/text-field';
import styles from '../Backoffice.module.css';
import { useStaffAction } from '../notice';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';
import type { RegistrationPanelProps } from './panel';

/**
 * An active tenant's notice to move out, given for them at the desk or on the phone: the same rule
 * as their own account's (no earlier than the contract's notice), the tenant e-mailed the same;
 * or withdrawn when they stay after all.
 */
export function MoveOutNotice({ detail, announce, onChanged }: RegistrationPanelProps) {
  const t = useBackofficeT();
  const language = useLanguage();
  const { registration } = detail;
  const { notice } = registration;
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, run } = useStaffAction(announce);
  if (registration.moveInStatus !== 'allocated') return null;
  const show = (date: string) => formatCalendarDate(date, language, 'full');
  const range = { earliest: show(notice.earliestMoveOut), latest: show(notice.latestMoveOut) };

  const act = async (work: () => Promise<unknown>, done: string) => {
    if (!(await run(work, () => done))) return;
    setDay('');
    onChanged();
  };

  const give = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || day < notice.earliestMoveOut || day > notice.latestMoveOut) {
      setError(t('moveOut.dateInvalid', range));
      return;
    }
    if (!window.confirm(t('moveOut.confirm', { date: show(day) }))) return;
    setError(null);
    await act(
      () => api.backoffice('give_notice', { registrationId: registration.registrationId, moveOutOn: day }),
      t('moveOut.given', { date: show(day) }),
    );
  };

  const withdraw = async () => {
    if (busy || !window.confirm(t('moveOut.withdrawConfirm'))) return;
    await act(
      () => api.backoffice('withdraw_notice', { registrationId: registration.registrationId }),
      t('moveOut.withdrawn'),
    );
  };

  return (
    <section className={styles.card} aria-labelledby="move-out-notice">
      <h2 id="move-out-notice">{t('moveOut.heading')}</h2>
      <p data-testid="move-out-state">
        {notice.moveOutOn ? t('moveOut.given', { date: show(notice.moveOutOn) }) : t('moveOut.none')}
      </p>
      {notice.moveOutOn && (
        <p>
          <button
            type="button"
            className={`${controls.secondary} ${controls.compact}`}
            onClick={withdraw}
            disabled={busy}
          >
            {t('moveOut.withdraw')}
          </button>
        </p>
      )}
      <form className={`${styles.filters} ${styles.inlineForm}`} onSubmit={give} noValidate>
        <TextField
          type="date"
          label={notice.moveOutOn ? t('moveOut.changeDate') : t('moveOut.date')}
          value={day}
          onChange={(value) => {
            setDay(value);
            setError(null);
          }}
          min={notice.earliestMoveOut}
          max={notice.latestMoveOut}
          hint={t('moveOut.hint', { date: range.earliest })}
          error={error}
        />
        <button type="submit" className={`${controls.primary} ${controls.compact}`} disabled={busy}>
          {t('moveOut.give')}
        </button>
      </form>
    </section>
  );
}
