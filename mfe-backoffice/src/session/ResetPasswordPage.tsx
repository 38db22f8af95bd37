import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError, api } from 'shared-api';
import { STAFF_PASSWORD_MIN } from 'shared-api/backoffice';
import { Link } from 'shared-router';
import controls from 'shared-ui/controls.module.css';
import { TextField } from 'shared-ui/text-field';
import styles from '../Backoffice.module.css';
import { failureText } from '../errors';
import { backofficePath } from '../routes';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';
import { FORGOT_QUERY } from './LoginPage';

const CODE = /^\d{6}$/;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

type Field = 'next' | 'repeat' | 'code';
type LinkState =
  | { state: 'checking' }
  | { state: 'missing' }
  | { state: 'invalid' }
  | { state: 'failed' }
  | { state: 'open'; email: string; totpRequired: boolean; invitation: boolean }
  | { state: 'done'; invitation: boolean };

/**
 * The page a reset link opens: its secret is after `#` (never sent to a server). The link is
 * checked first, so an expired one says so before anyone types; the secret leaves the address bar.
 */
export function ResetPasswordPage() {
  const t = useBackofficeT();
  const language = useLanguage();
  const token = useRef<string | null>(null);
  const [link, setLink] = useState<LinkState>({ state: 'checking' });
  const [attempt, setAttempt] = useState(0);
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const inputs = {
    next: useRef<HTMLInputElement>(null),
    repeat: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, then asked again on each retry
  useEffect(() => {
    if (token.current === null) {
      const fromHash = window.location.hash.slice(1);
      token.current = TOKEN.test(fromHash) ? fromHash : '';
      if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
    }
    const secret = token.current;
    if (!secret) return setLink({ state: 'missing' });
    let current = true;
    setLink({ state: 'checking' });
    api.backoffice('check_password_reset', { token: secret }).then(
      (answer) => current && setLink({ state: 'open', ...answer }),
      (error: unknown) => {
        if (!current) return;
        setLink({ state: error instanceof ApiError && error.code === 'reset_link_invalid' ? 'invalid' : 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  // A new state of the page is announced by moving to its heading.
  useEffect(() => {
    if (link.state !== 'checking') heading.current?.focus();
  }, [link.state]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || link.state !== 'open') return;
    const found: Partial<Record<Field, string>> = {};
    if (next.length < STAFF_PASSWORD_MIN) found.next = t('reset.short', { min: STAFF_PASSWORD_MIN });
    else if (repeat !== next) found.repeat = t('reset.mismatch');
    if (link.totpRequired && !CODE.test(code)) found.code = t('reset.codeFormat');
    setErrors(found);
    setFailure(null);
    const first = (['next', 'repeat', 'code'] as const).find((field) => found[field]);
    if (first) return inputs[first].current?.focus();
    setBusy(true);
    try {
      const answer = await api.backoffice('reset_password', {
        token: token.current ?? '',
        newPassword: next,
        ...(link.totpRequired ? { totpCode: code } : {}),
      });
      if (answer.totpRequired) {
        setLink({ ...link, totpRequired: true });
        setErrors({ code: t('reset.totpHint') });
      } else setLink({ state: 'done', invitation: link.state === 'open' && link.invitation });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'reset_link_invalid') setLink({ state: 'invalid' });
      else if (error instanceof ApiError && error.code === 'password_too_guessable') {
        setErrors({ next: failureText(t, error) });
        inputs.next.current?.focus();
      } else if (error instanceof ApiError && error.status === 400 && link.totpRequired) {
        setCode('');
        setErrors({ code: t('reset.wrongCode') });
        inputs.code.current?.focus();
      } else setFailure(failureText(t, error));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, value: string, set: (value: string) => void) => (
    <TextField
      inputRef={inputs[name]}
      id={`${id}-${name}`}
      label={label}
      {...(name === 'code'
        ? { inputMode: 'numeric' as const, autoComplete: 'one-time-code', maxLength: 6 }
        : { type: 'password', autoComplete: 'new-password' })}
      value={value}
      error={errors[name]}
      onChange={(next) => set(name === 'code' ? next.replace(/\D/g, '') : next)}
    />
  );

  const signIn = (
    <Link className={controls.primary} to={backofficePath(language)}>
      {t('reset.signIn')}
    </Link>
  );
  const askAgain = (
    <Link className={controls.secondary} to={`${backofficePath(language)}?${FORGOT_QUERY}`}>
      {t('reset.askAgain')}
    </Link>
  );

  return (
    <div className={styles.login}>
      <h1 ref={heading} tabIndex={-1}>
        {(link.state === 'open' || link.state === 'done') && link.invitation
          ? t('reset.welcomeHeading')
          : t('reset.heading')}
      </h1>
      {link.state === 'checking' && (
        <p role="status" className={styles.muted}>
          {t('reset.checking')}
        </p>
      )}
      {link.state === 'failed' && (
        <div role="alert">
          <p>{t('failed')}</p>
          <button type="button" className={controls.secondary} onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </button>
        </div>
      )}
      {(link.state === 'invalid' || link.state === 'missing') && (
        <>
          <p role="alert" className={styles.error}>
            {link.state === 'invalid' ? t('reset.invalid') : t('reset.noToken')}
          </p>
          <div className={styles.actions}>{askAgain}</div>
        </>
      )}
      {link.state === 'done' && (
        <>
          <p role="status">{link.invitation ? t('reset.welcomeDone') : t('reset.done')}</p>
          <div className={styles.actions}>{signIn}</div>
        </>
      )}
      {link.state === 'open' && (
        <form className={styles.form} onSubmit={submit} noValidate>
          <p className={styles.muted}>{t('reset.for', { email: link.email })}</p>
          {/* The account's name for the browser's password manager, which saves the new password to it. */}
          <input type="email" autoComplete="username" value={link.email} readOnly hidden />
          {field('next', t('reset.newPassword', { min: STAFF_PASSWORD_MIN }), next, setNext)}
          {field('repeat', t('reset.repeat'), repeat, setRepeat)}
          {link.totpRequired && (
            <>
              <p className={styles.muted}>{t('reset.totpHint')}</p>
              {field('code', t('reset.totpCode'), code, setCode)}
            </>
          )}
          <div role="alert" className={styles.noticeArea}>
            {failure && <p className={styles.error}>{failure}</p>}
          </div>
          <div className={styles.actions}>
            <button type="submit" className={controls.primary} disabled={busy} aria-busy={busy || undefined}>
              {t('reset.submit')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
