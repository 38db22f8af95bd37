import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, api, isValidEmail } from 'shared-api';
import { ACCOUNT_SIGN_IN_MINUTES } from 'shared-api/account';
import type { Language } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import { TextField } from 'shared-ui/text-field';
import styles from '../Account.module.css';
import { CodeField, sixDigits } from '../code/CodeField';
import { useAccountSession } from '../session/store';
import { looksLikeContact } from '../sign-in/contact';
import { useAccountT } from '../texts';

type Kind = 'email' | 'phone';
type Step =
  | { kind: 'view' }
  | { kind: 'new'; field: Kind }
  | { kind: 'code'; field: Kind; changeId: string; value: string };

/**
 * The tenant's e-mail and mobile, and changing either: a code goes to the new one and nothing
 * changes until it comes back; then every session ends and the tenant signs in with the new one.
 */
export function ContactSection({ language }: { language: Language }) {
  const t = useAccountT();
  const contacts = useAccountSession((s) => s.contacts);
  const [step, setStep] = useState<Step>({ kind: 'view' });
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // The field of each step has the focus when it appears.
  useEffect(() => {
    if (step.kind !== 'view') input.current?.focus();
  }, [step]);

  const refusalText = (caught: unknown) => {
    if (caught instanceof ApiError) {
      if (caught.code === 'contact_unchanged') return t('contact.unchanged');
      if (caught.code === 'contact_taken') return t('contact.taken');
      if (caught.code === 'contact_change_throttled') return t('contact.throttled');
      if (caught.code === 'contact_change_invalid') return t('contact.wrongCode');
      if (caught.status === 400 && step.kind === 'new') {
        return step.field === 'email' ? t('contact.emailInvalid') : t('contact.phoneInvalid');
      }
    }
    return t('actionFailed');
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'new') return;
    const typed = value.trim();
    const wellFormed = step.field === 'email' ? isValidEmail(typed) : !typed.includes('@') && looksLikeContact(typed);
    if (!wellFormed) {
      setError(step.field === 'email' ? t('contact.emailInvalid') : t('contact.phoneInvalid'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { changeId } = await api.account('change_contact', { kind: step.field, value: typed, language });
      setCode('');
      setStep({ kind: 'code', field: step.field, changeId, value: typed });
    } catch (caught) {
      setError(refusalText(caught));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'code') return;
    const digits = sixDigits(code);
    if (!digits) {
      setError(t('contact.codeInvalid'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const changed = await api.account('confirm_contact', { changeId: step.changeId, code: digits });
      useAccountSession.getState().contactChanged(changed.contact);
    } catch (caught) {
      setError(refusalText(caught));
      input.current?.focus();
      setBusy(false);
    }
  };

  const cancel = () => {
    setError(null);
    setStep({ kind: 'view' });
  };
  const start = (field: Kind) => {
    setValue('');
    setError(null);
    setStep({ kind: 'new', field });
  };

  return (
    <section className={styles.card} aria-labelledby="account-contact">
      <h2 id="account-contact">{t('contact.heading')}</h2>
      <p className={styles.muted}>{t('contact.intro')}</p>
      <dl className={styles.details}>
        <dt>{t('contact.email')}</dt>
        <dd data-testid="contact-email">{contacts?.email}</dd>
        <dt>{t('contact.phone')}</dt>
        <dd data-testid="contact-phone">{contacts ? spacedPhone(contacts.phone) : ''}</dd>
      </dl>
      {step.kind === 'view' && (
        <div className={styles.actions}>
          <button type="button" className={controls.secondary} onClick={() => start('email')}>
            {t('contact.changeEmail')}
          </button>
          <button type="button" className={controls.secondary} onClick={() => start('phone')}>
            {t('contact.changePhone')}
          </button>
        </div>
      )}
      {step.kind === 'new' && (
        <form className={styles.form} onSubmit={send} noValidate>
          <TextField
            label={step.field === 'email' ? t('contact.newEmail') : t('contact.newPhone')}
            type={step.field === 'email' ? 'email' : 'tel'}
            autoComplete={step.field === 'email' ? 'email' : 'tel'}
            value={value}
            onChange={setValue}
            error={error}
            inputRef={input}
            maxLength={200}
            required
          />
          <div className={styles.actions}>
            <button type="submit" className={controls.primary} disabled={busy}>
              {t('contact.sendCode')}
            </button>
            <button type="button" className={controls.secondary} disabled={busy} onClick={cancel}>
              {t('contact.cancel')}
            </button>
          </div>
        </form>
      )}
      {step.kind === 'code' && (
        <form className={styles.form} onSubmit={confirm} noValidate>
          <p role="status">
            {t(step.field === 'email' ? 'contact.codeSentEmail' : 'contact.codeSentPhone', {
              value: step.value,
              minutes: ACCOUNT_SIGN_IN_MINUTES,
            })}
          </p>
          <CodeField label={t('contact.code')} value={code} onChange={setCode} error={error} inputRef={input} />
          <div className={styles.actions}>
            <button type="submit" className={controls.primary} disabled={busy}>
              {t('contact.confirm')}
            </button>
            <button type="button" className={controls.secondary} disabled={busy} onClick={cancel}>
              {t('contact.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** A Spanish mobile as people write it (+34 612 345 678); any other number as stored. */
function spacedPhone(phone: string): string {
  const spanish = /^\+34(\d{3})(\d{3})(\d{3})$/.exec(phone);
  return spanish ? `+34 ${spanish[1]} ${spanish[2]} ${spanish[3]}` : phone;
}
