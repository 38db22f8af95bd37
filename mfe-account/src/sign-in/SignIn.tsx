import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, api } from 'shared-api';
import { ACCOUNT_SIGN_IN_MINUTES } from 'shared-api/account';
import type { Language } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import { useSiteConfig } from 'shared-ui/site';
import { TextField } from 'shared-ui/text-field';
import styles from '../Account.module.css';
import { CodeField, sixDigits } from '../code/CodeField';
import { useAccountSession } from '../session/store';
import { useAccountT } from '../texts';
import { looksLikeContact } from './contact';

type Step = { kind: 'contact' } | { kind: 'code'; signInId: string; contact: string };

/**
 * Signing in without a password: the tenant's e-mail or mobile, then the 6-digit code that
 * arrives with the link (either works). The answer to the first step is the same for anyone, so
 * this screen never tells whether an address rents here.
 */
export function SignIn({ language }: { language: Language }) {
  const t = useAccountT();
  const { phone } = useSiteConfig();
  const reason = useAccountSession((s) => s.reason);
  const [step, setStep] = useState<Step>({ kind: 'contact' });
  const [contact, setContact] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const contactInput = useRef<HTMLInputElement>(null);
  const cameBack = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Arrived here from the account (signed out, a new contact, a session ended): the focus was on a
  // button that is gone; it starts again at this form's heading, where the reason is read next.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form appears
  useEffect(() => {
    if (reason && reason !== 'link-invalid') heading.current?.focus();
  }, []);

  // Each step's field has the focus when it appears (after "send", the code; after "another", the contact).
  useEffect(() => {
    if (step.kind === 'code') codeInput.current?.focus();
    else if (cameBack.current) contactInput.current?.focus();
  }, [step]);

  const failure = (caught: unknown, badRequest: string) => {
    if (caught instanceof ApiError && caught.status === 429) return t('signIn.throttled');
    if (caught instanceof ApiError && caught.status === 400) return badRequest;
    return t('actionFailed');
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const typed = step.kind === 'code' ? step.contact : contact.trim();
    if (!looksLikeContact(typed)) {
      setError(t('signIn.contactInvalid'));
      contactInput.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { signInId } = await api.account('request_sign_in', { contact: typed, language });
      setCode('');
      setStep({ kind: 'code', signInId, contact: typed });
    } catch (caught) {
      setError(failure(caught, t('signIn.contactInvalid')));
    } finally {
      setBusy(false);
    }
  };

  const enter = async (event: FormEvent) => {
    event.preventDefault();
    if (step.kind !== 'code') return;
    const digits = sixDigits(code);
    if (!digits) {
      setError(t('signIn.codeInvalid'));
      codeInput.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.account('verify_sign_in', { signInId: step.signInId, code: digits });
      await useAccountSession.getState().check();
    } catch (caught) {
      setError(failure(caught, t('signIn.wrongCode')));
      codeInput.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="account-sign-in">
      <h2 id="account-sign-in" ref={heading} tabIndex={-1}>
        {t('signIn.heading')}
      </h2>
      {reason && step.kind === 'contact' && <ReasonNotice />}
      {step.kind === 'contact' ? (
        <form className={styles.form} onSubmit={send} noValidate>
          <p>{t('signIn.intro', { minutes: ACCOUNT_SIGN_IN_MINUTES })}</p>
          <TextField
            label={t('signIn.contact')}
            value={contact}
            onChange={setContact}
            error={error}
            inputRef={contactInput}
            autoComplete="username"
            maxLength={200}
            required
          />
          <button type="submit" className={controls.primary} disabled={busy}>
            {busy ? t('signIn.sending') : t('signIn.send')}
          </button>
        </form>
      ) : (
        <form className={styles.form} onSubmit={enter} noValidate>
          <p role="status">{t('signIn.sent', { contact: step.contact, minutes: ACCOUNT_SIGN_IN_MINUTES })}</p>
          <CodeField label={t('signIn.code')} value={code} onChange={setCode} error={error} inputRef={codeInput} />
          <button type="submit" className={controls.primary} disabled={busy}>
            {busy ? t('signIn.entering') : t('signIn.enter')}
          </button>
          <div className={styles.actions}>
            <button type="button" className={controls.secondary} disabled={busy} onClick={() => void send()}>
              {t('signIn.sendAgain')}
            </button>
            <button
              type="button"
              className={controls.secondary}
              disabled={busy}
              onClick={() => {
                setError(null);
                cameBack.current = true;
                setStep({ kind: 'contact' });
              }}
            >
              {t('signIn.otherContact')}
            </button>
          </div>
        </form>
      )}
      <p className={styles.muted}>{t('signIn.help', { phone })}</p>
    </section>
  );
}

/** Why the sign-in shows: good news as a status, a problem as an alert. */
function ReasonNotice() {
  const t = useAccountT();
  const { reason, changedTo } = useAccountSession();
  if (!reason) return null;
  const good = reason === 'signed-out' || reason === 'contact-changed' || reason === 'erased';
  const text = {
    'link-invalid': t('signIn.linkInvalid'),
    expired: t('expired'),
    'signed-out': t('signedOut'),
    'contact-changed': t('contact.changed', { contact: changedTo ?? '' }),
    erased: t('data.erased'),
  }[reason];
  return (
    <p role={good ? 'status' : 'alert'} className={good ? styles.ok : styles.error}>
      {text}
    </p>
  );
}
