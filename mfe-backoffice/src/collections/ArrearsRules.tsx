import { type FormEvent, useState } from 'react';
import { api } from 'shared-api';
import type { ArrearsSettingsForm } from 'shared-api/backoffice';
import { formatDecimal, type Language, parseDecimal } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import { TextField } from 'shared-ui/text-field';
import styles from '../Backoffice.module.css';
import { NoticeArea, useNotice, useStaffAction } from '../notice';
import { useBackofficeT } from '../texts';

type Field = 'graceDays' | 'lateFee' | 'warningDays' | 'suspendAfterDays';

const FIELDS = [
  { field: 'graceDays', label: 'arrears.grace', inputMode: 'numeric' },
  { field: 'lateFee', label: 'arrears.fee', inputMode: 'decimal' },
  { field: 'warningDays', label: 'arrears.warning', inputMode: 'numeric' },
  { field: 'suspendAfterDays', label: 'arrears.suspend', inputMode: 'numeric' },
] as const satisfies readonly { field: Field; label: string; inputMode: 'numeric' | 'decimal' }[];

/** The arrears rules a manager sets: what happens, and when, to a tenant whose rent came back unpaid. */
export function ArrearsRules({
  rules,
  language,
  onSaved,
}: {
  rules: ArrearsSettingsForm;
  language: Language;
  onSaved(): void;
}) {
  const t = useBackofficeT();
  const [notice, announce] = useNotice();
  const { busy, run } = useStaffAction(announce);
  const [values, setValues] = useState<Record<Field, string>>({
    graceDays: String(rules.graceDays),
    lateFee: formatDecimal(rules.lateFeeCents / 100, language),
    warningDays: String(rules.warningDays),
    suspendAfterDays: String(rules.suspendAfterDays),
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const whole = (text: string, min: number, max: number) => {
      const n = Number(text.trim());
      return Number.isInteger(n) && n >= min && n <= max ? n : null;
    };
    const fee = parseDecimal(values.lateFee);
    const next = {
      graceDays: whole(values.graceDays, 0, 60),
      lateFeeCents: Number.isFinite(fee) && fee >= 0 && fee <= 1000 ? Math.round(fee * 100) : null,
      warningDays: whole(values.warningDays, 1, 30),
      suspendAfterDays: whole(values.suspendAfterDays, 1, 180),
    };
    const found: Partial<Record<Field, string>> = {};
    if (next.graceDays === null) found.graceDays = t('arrears.graceError');
    if (next.lateFeeCents === null) found.lateFee = t('arrears.feeError');
    if (next.warningDays === null) found.warningDays = t('arrears.warningError');
    if (next.suspendAfterDays === null) found.suspendAfterDays = t('arrears.suspendError');
    if (next.warningDays !== null && next.suspendAfterDays !== null && next.warningDays >= next.suspendAfterDays)
      found.warningDays = t('arrears.warningBefore');
    setErrors(found);
    if (Object.keys(found).length) return;
    const saved = await run(
      () => api.backoffice('set_arrears_settings', next as ArrearsSettingsForm),
      () => t('arrears.saved'),
    );
    if (saved) onSaved();
  };

  return (
    <section className={styles.card} aria-labelledby="arrears-rules">
      <h2 id="arrears-rules">{t('arrears.heading')}</h2>
      <p className={styles.muted}>{t('arrears.intro')}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.formGrid}>
          {FIELDS.map(({ field, label, inputMode }) => (
            <TextField
              key={field}
              label={t(label)}
              inputMode={inputMode}
              value={values[field]}
              onChange={set(field)}
              error={errors[field]}
            />
          ))}
        </div>
        <div className={styles.actions}>
          <button type="submit" className={controls.primary} disabled={busy}>
            {t('arrears.save')}
          </button>
        </div>
        <NoticeArea notice={notice} />
      </form>
    </section>
  );
}
