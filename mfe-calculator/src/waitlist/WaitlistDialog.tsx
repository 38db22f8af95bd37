import { type ReactNode, useRef, useState } from 'react';
import { ApiError, api, type CatalogueProduct, tooManyRequestsWait, WAITLIST_TIMEFRAMES } from 'shared-api';
import { type Language, pathFor, useTranslation } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import dialogStyles from 'shared-ui/dialog.module.css';
import { useModalDialog } from 'shared-ui/modal-dialog';
import { toast } from 'shared-ui/toast';
import {
  EMPTY_FORM,
  validateField,
  validateForm,
  type WaitlistError,
  type WaitlistField,
  type WaitlistForm,
} from './validate';
import styles from './Waitlist.module.css';

/** The toasts of a waitlist send: each attempt's outcome replaces the one before. */
const WAITLIST_SEND = 'waitlist-send';

/** Opens the policy in a new tab, so the dialog and what was typed stay. */
function PrivacyLink({ href, children }: { href: string; children?: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
    </a>
  );
}

/** A text whose one link is marked `<1>…</1>` in the translations: the link's words stay translatable. */
function WithLink({ text, link }: { text: string; link: (label: string) => ReactNode }) {
  const marked = /^([\s\S]*)<1>([\s\S]*)<\/1>([\s\S]*)$/.exec(text);
  if (!marked) return text;
  const [, before, label = '', after] = marked;
  return (
    <>
      {before}
      {link(label)}
      {after}
    </>
  );
}

const TEXT_FIELDS = [
  { field: 'fullName', type: 'text', autoComplete: 'name' },
  { field: 'phone', type: 'tel', autoComplete: 'tel' },
  { field: 'email', type: 'email', autoComplete: 'email' },
] as const;

interface Props {
  /** The product to wait for; the dialog is open while there is one. */
  product: CatalogueProduct | null;
  volume: number;
  proceso: string | null;
  language: Language;
  onClose: () => void;
}

/** States: open → submitting → closed on success (form reset); stays open with the data on failure. */
export function WaitlistDialog({ product, volume, proceso, language, onClose }: Props) {
  const { t } = useTranslation('calculator');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [form, setForm] = useState<WaitlistForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<Partial<Record<WaitlistField, WaitlistError>>>({});
  const [submitting, setSubmitting] = useState(false);
  // Said in the dialog too: the toast is the page's voice, this is where the visitor is looking.
  /** Why the last send failed, as the visitor reads it; null when it did not. */
  const [failed, setFailed] = useState<string | null>(null);

  useModalDialog(dialogRef, product !== null);

  const set = <K extends WaitlistField>(field: K, value: WaitlistForm[K]) => {
    const next = { ...form, [field]: value };
    setForm(next);
    // Once a field shows an error, it clears as soon as the value is right.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: validateField(field, next) ?? undefined }));
  };
  const blur = (field: WaitlistField) => setErrors((e) => ({ ...e, [field]: validateField(field, form) ?? undefined }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!product || submitting) return;
    const found = validateForm(form);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      dialogRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSubmitting(true);
    setFailed(null);
    try {
      await api.call('send-waitlist-email', {
        fullName: form.fullName.trim(),
        phone: form.phone.trim(),
        email: form.email.trim(),
        timeframe: form.timeframe as (typeof WAITLIST_TIMEFRAMES)[number],
        product: { pid: product.pid, name: product.name, numberProductsRequired: product.numberProductsRequired },
        volumeRequested: volume,
        procesoParam: proceso,
        language,
      });
      toast({
        title: t('waitlist.successTitle'),
        description: `${t('waitlist.success')} ${t('waitlist.confirmNote')}`,
        variant: 'success',
        topic: WAITLIST_SEND,
      });
      setForm(EMPTY_FORM);
      setErrors({});
      onClose();
    } catch (error) {
      console.error('[calculator] waitlist request failed', error);
      const wait = tooManyRequestsWait(error);
      const refused = error instanceof ApiError ? error.code : undefined;
      if (error instanceof ApiError && error.status === 400 && /phone/i.test(error.message)) {
        // The number is no real one (the form checks only its shape): said at the field.
        setErrors({ phone: 'invalidPhone' });
      }
      const message =
        refused === 'waitlist_entries_limit'
          ? t('waitlist.limit')
          : wait !== null
            ? error instanceof ApiError && /messages/.test(error.message)
              ? t('waitlist.tooManyMessages')
              : t('waitlist.tooMany', { seconds: wait })
            : t('waitlist.error');
      setFailed(message);
      toast({
        title: t('waitlist.errorTitle'),
        description: message,
        variant: 'destructive',
        topic: WAITLIST_SEND,
      });
    } finally {
      setSubmitting(false);
    }
  };

  const errorOf = (field: WaitlistField) => {
    const error = errors[field];
    return error ? (
      <p id={`waitlist-${field}-error`} className={styles.error}>
        {t(`waitlist.${error}`)}
      </p>
    ) : null;
  };
  const described = (field: WaitlistField) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `waitlist-${field}-error` } : {};

  return (
    <dialog
      ref={dialogRef}
      className={`${dialogStyles.frame} ${styles.dialog}`}
      aria-labelledby="waitlist-title"
      onClose={() => {
        if (product) onClose();
      }}
    >
      {product && (
        <form className={styles.form} onSubmit={submit} noValidate>
          <h2 id="waitlist-title">{t('waitlist.title')}</h2>
          <p>{t('waitlist.intro', { name: product.name })}</p>
          {TEXT_FIELDS.map(({ field, type, autoComplete }) => (
            <div key={field} className={styles.field}>
              <label htmlFor={`waitlist-${field}`}>{t(`waitlist.${field}`)}</label>
              <input
                className={controls.control}
                id={`waitlist-${field}`}
                name={field}
                type={type}
                autoComplete={autoComplete}
                required
                value={form[field]}
                onChange={(e) => set(field, e.target.value)}
                onBlur={() => blur(field)}
                {...described(field)}
              />
              {errorOf(field)}
            </div>
          ))}
          <div className={styles.field}>
            <label htmlFor="waitlist-timeframe">{t('waitlist.timeframe')}</label>
            <select
              className={controls.control}
              id="waitlist-timeframe"
              name="timeframe"
              required
              value={form.timeframe}
              onChange={(e) => set('timeframe', e.target.value)}
              onBlur={() => blur('timeframe')}
              {...described('timeframe')}
            >
              <option value="">{t('waitlist.timeframePlaceholder')}</option>
              {WAITLIST_TIMEFRAMES.map((value) => (
                <option key={value} value={value}>
                  {t(`waitlist.timeframes.${value}`)}
                </option>
              ))}
            </select>
            {errorOf('timeframe')}
          </div>
          <div>
            <div className={styles.check}>
              <input
                id="waitlist-privacy"
                name="privacyAccepted"
                type="checkbox"
                checked={form.privacyAccepted}
                onChange={(e) => set('privacyAccepted', e.target.checked)}
                {...described('privacyAccepted')}
              />
              <label htmlFor="waitlist-privacy">
                <WithLink
                  text={t('waitlist.privacy')}
                  link={(label) => <PrivacyLink href={pathFor('privacy', language)}>{label}</PrivacyLink>}
                />
              </label>
            </div>
            {errorOf('privacyAccepted')}
          </div>
          {failed && (
            // Not a second alert: the toast (now inside this dialog) already announces it.
            <p id="waitlist-failure" className={styles.failure}>
              {failed}
            </p>
          )}
          <div className={styles.actions}>
            <button type="button" className={controls.secondary} onClick={onClose}>
              {t('waitlist.cancel')}
            </button>
            <button
              type="submit"
              className={controls.primary}
              disabled={submitting}
              aria-busy={submitting}
              aria-describedby={failed ? 'waitlist-failure' : undefined}
            >
              {submitting ? t('waitlist.submitting') : t('waitlist.submit')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
