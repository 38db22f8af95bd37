import { type FormEvent, useId, useState } from 'react';
import { api } from 'shared-api';
import { type VisitRulesForm as Rules, visitRules } from 'shared-api/backoffice';
import controls from 'shared-ui/controls.module.css';
import styles from '../Backoffice.module.css';
import { type Notice, useStaffAction } from '../notice';
import { useBackofficeT } from '../texts';

const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
const NUMBERS = ['slotMinutes', 'capacity', 'bookingDays', 'minNoticeMinutes'] as const;

/** The slot rules, a manager's to change; checked with the server's own schema before sending. */
export function VisitRulesForm({
  rules,
  onSaved,
  announce,
}: {
  rules: Rules;
  onSaved(rules: Rules): void;
  announce(notice: Notice): void;
}) {
  const t = useBackofficeT();
  const id = useId();
  const [draft, setDraft] = useState(rules);
  const [invalid, setInvalid] = useState(false);
  const { busy, run } = useStaffAction(announce);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = visitRules.safeParse(draft);
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    await run(
      () => api.backoffice('set_visit_rules', { rules: parsed.data }),
      ({ rules: saved }) => {
        onSaved(saved);
        return t('visits.rulesSaved');
      },
    );
  };
  const toggleDay = (day: number) =>
    setDraft({
      ...draft,
      weekdays: draft.weekdays.includes(day)
        ? draft.weekdays.filter((d) => d !== day)
        : [...draft.weekdays, day].sort(),
    });
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-describedby={invalid ? `${id}-error` : undefined}>
      <fieldset className={styles.fieldset}>
        <legend>{t('visits.weekdays')}</legend>
        <div className={styles.actions}>
          {WEEKDAYS.map((day) => (
            <div className={styles.check} key={day}>
              <input
                id={`${id}-day-${day}`}
                type="checkbox"
                checked={draft.weekdays.includes(Number(day))}
                onChange={() => toggleDay(Number(day))}
              />
              <label htmlFor={`${id}-day-${day}`}>{t(`visits.weekdayNames.${day}`)}</label>
            </div>
          ))}
        </div>
      </fieldset>
      <div className={styles.formGrid}>
        {(['opensAt', 'closesAt'] as const).map((field) => (
          <div className={styles.field} key={field}>
            <label htmlFor={`${id}-${field}`}>{t(`visits.${field}`)}</label>
            <input
              id={`${id}-${field}`}
              type="time"
              step={300}
              className={controls.control}
              value={draft[field]}
              onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
            />
          </div>
        ))}
        {NUMBERS.map((field) => (
          <div className={styles.field} key={field}>
            <label htmlFor={`${id}-${field}`}>{t(`visits.${field}`)}</label>
            <input
              id={`${id}-${field}`}
              type="number"
              inputMode="numeric"
              className={controls.control}
              value={Number.isNaN(draft[field]) ? '' : draft[field]}
              onChange={(event) => setDraft({ ...draft, [field]: event.target.valueAsNumber })}
            />
          </div>
        ))}
      </div>
      {invalid && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {t('visits.rulesInvalid')}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={controls.primary} disabled={busy}>
          {t('visits.saveRules')}
        </button>
      </div>
    </form>
  );
}
