import { type FormEvent, useId, useRef, useState } from 'react';
import { ApiError, api, NOTICE_DAYS } from 'shared-api';
import { formatCalendarDate, type Language } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import { TextField } from 'shared-ui/text-field';
import styles from '../Account.module.css';
import type { Tenancy } from '../tenancy/tenancy';
import { useAccountT } from '../texts';
import { moveOutDayProblem } from './rules';

const day = (date: string, language: Language) => formatCalendarDate(date, language, 'full');

/**
 * Giving notice to move out: the last day, no earlier than the contract's notice allows; once
 * given, the day shows with a way to change it or to stay after all.
 */
export function NoticeForm({
  tenancy,
  language,
  onChanged,
}: {
  tenancy: Tenancy;
  language: Language;
  onChanged(): void;
}) {
  const t = useAccountT();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState(tenancy.moveOutOn ?? '');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const range = {
    earliest: day(tenancy.earliestMoveOut, language),
    latest: day(tenancy.latestMoveOut, language),
  };

  const refusal = (caught: unknown) => {
    if (caught instanceof ApiError && caught.code === 'rental_not_active') return t('notice.notActive');
    // Withdrawn already (another device, the office): the page catches up.
    if (caught instanceof ApiError && caught.code === 'no_notice') return t('notice.withdrawn');
    if (caught instanceof ApiError && caught.status === 400) return t('notice.dateInvalid', range);
    return t('actionFailed');
  };

  const give = async (event: FormEvent) => {
    event.preventDefault();
    const problem = moveOutDayProblem(chosen, tenancy);
    if (problem) {
      setError(problem === 'missing' ? t('notice.dateMissing') : t('notice.dateInvalid', range));
      input.current?.focus();
      return;
    }
    if (!window.confirm(t('notice.confirm', { date: day(chosen, language) }))) return;
    setBusy(true);
    setError(null);
    try {
      const { moveOutOn } = await api.account('give_notice', {
        registrationId: tenancy.registrationId,
        moveOutOn: chosen,
      });
      setMessage(t('notice.given', { date: day(moveOutOn, language) }));
      setEditing(false);
      onChanged();
    } catch (caught) {
      setError(refusal(caught));
    } finally {
      setBusy(false);
    }
  };

  const withdraw = async () => {
    if (!window.confirm(t('notice.withdrawConfirm'))) return;
    setBusy(true);
    setError(null);
    try {
      await api.account('withdraw_notice', { registrationId: tenancy.registrationId });
      setMessage(t('notice.withdrawn'));
      setChosen('');
      onChanged();
    } catch (caught) {
      setError(refusal(caught));
    } finally {
      setBusy(false);
    }
  };

  const showForm = !tenancy.moveOutOn || editing;
  return (
    <section className={styles.notice} aria-labelledby={headingId}>
      <h3 id={headingId}>{t('notice.heading')}</h3>
      {tenancy.moveOutOn && (
        <p className={styles.strong} data-testid="move-out">
          {t('notice.current', { date: day(tenancy.moveOutOn, language) })}
        </p>
      )}
      {showForm ? (
        <form className={styles.form} onSubmit={give} noValidate>
          <p>{t('notice.intro', { days: NOTICE_DAYS })}</p>
          <TextField
            type="date"
            label={t('notice.date')}
            value={chosen}
            onChange={setChosen}
            min={tenancy.earliestMoveOut}
            max={tenancy.latestMoveOut}
            hint={t('notice.dateHint', { date: range.earliest })}
            error={error}
            inputRef={input}
            required
          />
          <button type="submit" className={controls.primary} disabled={busy}>
            {t('notice.give')}
          </button>
        </form>
      ) : (
        <div className={styles.actions}>
          <button type="button" className={controls.secondary} disabled={busy} onClick={() => setEditing(true)}>
            {t('notice.change')}
          </button>
          <button type="button" className={controls.danger} disabled={busy} onClick={() => void withdraw()}>
            {t('notice.withdraw')}
          </button>
          {error && <p className={styles.error}>{error}</p>}
        </div>
      )}
      <div role="status" aria-live="polite">
        {message && <p className={styles.ok}>{message}</p>}
      </div>
    </section>
  );
}
