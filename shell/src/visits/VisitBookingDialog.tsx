import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ApiError, api, tooManyRequestsWait, type VisitSlotsResponse } from 'shared-api';
import { formatCalendarDate, type Language, localeOf, pathFor, useTranslation } from 'shared-i18n';
import dialogStyles from 'shared-ui/dialog.module.css';
import { useModalDialog } from 'shared-ui/modal-dialog';
import { useSiteConfig } from 'shared-ui/site';
import { type BookingError, type BookingForm, bookingErrors } from './booking-form';
import styles from './VisitBooking.module.css';

type Slots = { state: 'loading' } | { state: 'failed' } | { state: 'done'; value: VisitSlotsResponse };

const dayLabel = (date: string, language: Language) => formatCalendarDate(date, language, 'short');
const longDate = (date: string, language: Language) => formatCalendarDate(date, language, 'long');

/** The site's own visit booking: a day, a free time from the server, who comes, consent. */
export default function VisitBookingDialog({
  open,
  language,
  onClose,
}: {
  open: boolean;
  language: Language;
  onClose(): void;
}) {
  const { t } = useTranslation('common');
  const { phone } = useSiteConfig();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [slots, setSlots] = useState<Slots>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [day, setDay] = useState<string | null>(null);
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [form, setForm] = useState<BookingForm>({ fullName: '', phone: '', email: '', privacyAccepted: false });
  const [errors, setErrors] = useState<Partial<Record<keyof BookingForm | 'slot', string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [booked, setBooked] = useState<{ date: string; time: string; email: string } | null>(null);
  // Held: the place is ours for a few minutes; the code e-mailed to the visitor makes it a visit.
  const [held, setHeld] = useState<{
    visitId: string;
    date: string;
    time: string;
    email: string;
    until: string;
  } | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const heldHeading = useRef<HTMLHeadingElement>(null);
  // Booked or held: the form and its button are gone; the focus goes to what comes next, not the page.
  useEffect(() => {
    if (booked) doneHeading.current?.focus();
  }, [booked]);
  useEffect(() => {
    if (held) heldHeading.current?.focus();
  }, [held]);
  const id = useId();
  useModalDialog(dialogRef, open);

  // Fresh times each time it opens: what was free a minute ago may not be now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening and on Retry
  useEffect(() => {
    if (!open) return;
    let current = true;
    setSlots({ state: 'loading' });
    api.call('visit-slots', {}).then(
      (value) => {
        if (!current) return;
        setSlots({ state: 'done', value });
        setDay((chosen) =>
          chosen && value.days.some((d) => d.date === chosen) ? chosen : (value.days[0]?.date ?? null),
        );
      },
      () => current && setSlots({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [open, attempt]);

  useEffect(() => {
    if (open) setBooked(null);
  }, [open]);

  // Another e-mail (a typo) or time: back to the form, the held place left to lapse.
  const changeDetails = () => {
    setHeld(null);
    setCode('');
    setCodeError(null);
    setAttempt((n) => n + 1);
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !held) return;
    const typed = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setCodeError(t('visit.codeInvalid'));
      return;
    }
    setBusy(true);
    setCodeError(null);
    try {
      await api.call('confirm-visit', { visitId: held.visitId, code: typed });
      setBooked({ date: held.date, time: held.time, email: held.email });
      setHeld(null);
      setCode('');
    } catch (caught) {
      const refusal = caught instanceof ApiError ? caught.code : undefined;
      const wait = tooManyRequestsWait(caught);
      if (refusal === 'visit_hold_lapsed') {
        // The time is free again (or someone else's): back to the times, fresh.
        setHeld(null);
        setCode('');
        setFailure(t('visit.holdLapsed'));
        setAttempt((n) => n + 1);
      } else {
        setCodeError(
          refusal === 'visit_code_wrong'
            ? t('visit.codeWrong')
            : wait !== null
              ? t('visit.tooMany', { seconds: wait })
              : t('visit.confirmFailed'),
        );
      }
    } finally {
      setBusy(false);
    }
  };

  const days = slots.state === 'done' ? slots.value.days : [];
  const times = days.find((d) => d.date === day)?.slots ?? [];
  const error = (key: BookingError) => t(`visit.${key}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found: Partial<Record<keyof BookingForm | 'slot', string>> = Object.fromEntries(
      Object.entries(bookingErrors(form)).map(([field, key]) => [field, error(key)]),
    );
    if (!startsAt || !times.some((slot) => slot.startsAt === startsAt)) found.slot = t('visit.chooseTime');
    // Rendered now, so the first field marked invalid can take the focus (WCAG 2.4.3): it was
    // looked for before React had marked it, and the focus stayed on the button.
    flushSync(() => {
      setErrors(found);
      setFailure(null);
    });
    if (Object.keys(found).length) {
      dialogRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      const hold = await api.call('book-visit', {
        startsAt: startsAt ?? '',
        fullName: form.fullName.trim(),
        phone: form.phone.trim(),
        email: form.email.trim(),
        language,
        privacyAccepted: true,
      });
      const slot = times.find((s) => s.startsAt === startsAt);
      setHeld({
        visitId: hold.visitId,
        date: longDate(day ?? '', language),
        time: slot?.time ?? '',
        email: form.email.trim(),
        until: new Intl.DateTimeFormat(localeOf(language), {
          hour: '2-digit',
          minute: '2-digit',
          timeZone: 'Europe/Madrid',
        }).format(new Date(hold.holdUntil)),
      });
      setCode('');
      setCodeError(null);
      setStartsAt(null);
    } catch (caught) {
      const refusal = caught instanceof ApiError ? caught.code : undefined;
      const taken = refusal === 'visit_slot_full' || refusal === 'visit_slot_unavailable';
      const wait = tooManyRequestsWait(caught);
      const phoneRefused = caught instanceof ApiError && caught.status === 400 && /phone/i.test(caught.message);
      if (phoneRefused) {
        setErrors({ phone: t('visit.phoneInvalid') });
        return;
      }
      setFailure(
        taken
          ? t('visit.slotTaken')
          : refusal === 'visits_limit'
            ? t('visit.limit')
            : wait !== null
              ? // The address's message budget, or the edge's rate limit: each says its own.
                caught instanceof ApiError && /messages/.test(caught.message)
                ? t('visit.tooManyMessages')
                : t('visit.tooMany', { seconds: wait })
              : t('visit.bookFailed'),
      );
      if (taken) {
        setStartsAt(null);
        setAttempt((n) => n + 1);
      }
    } finally {
      setBusy(false);
    }
  };

  const described = (field: keyof BookingForm | 'slot') => (errors[field] ? `${id}-${field}-error` : undefined);
  const fieldError = (field: keyof BookingForm | 'slot') =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className={styles.error}>
        {errors[field]}
      </p>
    ) : null;
  const input = (field: 'fullName' | 'phone' | 'email', label: string, type: string, autoComplete: string) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        type={type}
        autoComplete={autoComplete}
        value={form[field]}
        maxLength={field === 'email' ? 254 : 200}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={described(field)}
        onChange={(event) => setForm({ ...form, [field]: event.target.value })}
      />
      {fieldError(field)}
    </div>
  );

  return (
    <dialog
      ref={dialogRef}
      className={`${dialogStyles.frame} ${dialogStyles.column} ${styles.dialog}`}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
    >
      <div className={dialogStyles.top}>
        <h2 id={`${id}-title`}>{t('visit.title')}</h2>
        <button type="button" className={dialogStyles.close} onClick={onClose} aria-label={t('visit.closeDialog')}>
          ×
        </button>
      </div>
      <div className={styles.body}>
        {booked ? (
          <div role="status" className={styles.done}>
            <h3 ref={doneHeading} tabIndex={-1}>
              {t('visit.done')}
            </h3>
            <p>{t('visit.doneText', booked)}</p>
            <button type="button" className={styles.primary} onClick={onClose}>
              {t('visit.close')}
            </button>
          </div>
        ) : held ? (
          <form onSubmit={confirm} noValidate className={styles.form}>
            <h3 ref={heldHeading} tabIndex={-1}>
              {t('visit.confirmTitle')}
            </h3>
            <p>{t('visit.confirmText', held)}</p>
            <div className={styles.field}>
              <label htmlFor={`${id}-code`}>{t('visit.code')}</label>
              <input
                id={`${id}-code`}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                value={code}
                aria-invalid={codeError ? true : undefined}
                aria-describedby={codeError ? `${id}-code-error` : undefined}
                onChange={(event) => setCode(event.target.value)}
              />
              {codeError && (
                <p id={`${id}-code-error`} className={styles.error} role="alert">
                  {codeError}
                </p>
              )}
            </div>
            <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy || undefined}>
              {busy ? t('visit.confirming') : t('visit.confirm')}
            </button>
            <button type="button" className={styles.secondary} onClick={changeDetails}>
              {t('visit.changeDetails')}
            </button>
          </form>
        ) : slots.state === 'loading' ? (
          <p role="status">{t('visit.loading')}</p>
        ) : slots.state === 'failed' ? (
          <div role="alert">
            <p>{t('visit.failed')}</p>
            <button type="button" className={styles.secondary} onClick={() => setAttempt((n) => n + 1)}>
              {t('visit.retry')}
            </button>
          </div>
        ) : days.length === 0 ? (
          <p role="status">{t('visit.none', { phone })}</p>
        ) : (
          <form onSubmit={submit} noValidate className={styles.form}>
            <p className={styles.muted}>{t('visit.intro')}</p>
            <fieldset className={styles.choices}>
              <legend>{t('visit.day')}</legend>
              <div className={styles.days}>
                {days.map((d) => (
                  <label key={d.date} className={styles.chip}>
                    <input
                      type="radio"
                      name={`${id}-day`}
                      value={d.date}
                      checked={day === d.date}
                      onChange={() => {
                        setDay(d.date);
                        setStartsAt(null);
                      }}
                    />
                    <span>{dayLabel(d.date, language)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className={styles.choices} aria-describedby={described('slot')}>
              <legend>{t('visit.time')}</legend>
              <div className={styles.times}>
                {times.map((slot) => (
                  <label key={slot.startsAt} className={styles.chip}>
                    <input
                      type="radio"
                      name={`${id}-time`}
                      value={slot.startsAt}
                      checked={startsAt === slot.startsAt}
                      aria-invalid={errors.slot ? true : undefined}
                      onChange={() => setStartsAt(slot.startsAt)}
                    />
                    <span>{slot.time}</span>
                  </label>
                ))}
              </div>
              {fieldError('slot')}
            </fieldset>
            {input('fullName', t('visit.name'), 'text', 'name')}
            {input('phone', t('visit.phone'), 'tel', 'tel')}
            {input('email', t('visit.email'), 'email', 'email')}
            <div className={styles.check}>
              <input
                id={`${id}-privacy`}
                type="checkbox"
                checked={form.privacyAccepted}
                aria-invalid={errors.privacyAccepted ? true : undefined}
                aria-describedby={described('privacyAccepted')}
                onChange={(event) => setForm({ ...form, privacyAccepted: event.target.checked })}
              />
              <label htmlFor={`${id}-privacy`}>
                {t('visit.privacyBefore')}
                <a href={pathFor('privacy', language)} target="_blank" rel="noopener">
                  {t('visit.privacyLink')}
                </a>
                {t('visit.privacyAfter')}
              </label>
            </div>
            {fieldError('privacyAccepted')}
            <div role="alert" className={styles.alertArea}>
              {failure && <p className={styles.error}>{failure}</p>}
            </div>
            <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy || undefined}>
              {busy ? t('visit.sending') : t('visit.submit')}
            </button>
          </form>
        )}
      </div>
    </dialog>
  );
}
