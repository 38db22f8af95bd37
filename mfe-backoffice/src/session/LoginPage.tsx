import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ApiError, api, busyWaitSeconds, retriedWhileBusy } from 'shared-api';
import { STAFF_RESET_MINUTES } from 'shared-api/backoffice';
import { useLocation } from 'shared-router';
import controls from 'shared-ui/controls.module.css';
import { useEarlyClick } from 'shared-ui/early-click';
import { TextField } from 'shared-ui/text-field';
import styles from '../Backoffice.module.css';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';
import { useStaffSession } from './store';

/** The app's 6 digits, or a one-time recovery code (`xxxx-xxxx`) when the phone is not at hand. */
const CODE = /^(\d{6}|[A-Za-z0-9]{4}-?[A-Za-z0-9]{4})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The login page's query that opens "forgot password" (an expired reset link's way back). */
export const FORGOT_QUERY = 'olvido=1';

/**
 * A form's error line, then its submit button and the other actions (`children`). The button keeps
 * a tap made before the scripts (the login is server-rendered): sent once they have run, never
 * natively.
 */
function FormEnd({
  errorId,
  error,
  busy,
  label,
  children,
}: {
  errorId: string;
  error: string | null;
  busy: boolean;
  label: string;
  children?: ReactNode;
}) {
  const early = useEarlyClick<HTMLButtonElement>();
  return (
    <>
      <div role="alert" id={errorId} className={styles.noticeArea}>
        {error && <p className={styles.error}>{error}</p>}
      </div>
      <div className={styles.actions}>
        <button {...early} type="submit" className={controls.primary} disabled={busy} aria-busy={busy || undefined}>
          {label}
        </button>
        {children}
      </div>
    </>
  );
}

/** "Forgot password": an e-mail, then the same answer whoever it belongs to. */
function ForgotPassword({ initialEmail, onBack }: { initialEmail: string; onBack(): void }) {
  const t = useBackofficeT();
  const language = useLanguage();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { email: useId(), error: useId() };
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // Server-rendered too (a reset link's way back reloads at ?olvido=1): a tap on Back before the
  // scripts is kept, as Send's (FormEnd).
  const backEarly = useEarlyClick<HTMLButtonElement>();
  useEffect(() => {
    (sentTo ? heading : input).current?.focus();
  }, [sentTo]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // The field is the browser's (uncontrolled), as the login's: what was typed before the scripts stays.
    const typed = (input.current?.value ?? '').trim();
    if (!EMAIL.test(typed)) {
      setError(t('login.forgotEmailInvalid'));
      return input.current?.focus();
    }
    setBusy(true);
    setError(null);
    try {
      await api.backoffice('request_password_reset', { email: typed, language });
      setSentTo(typed);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status === 429 ? t('login.throttled') : t('actionFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.login}>
      <h1 ref={heading} tabIndex={-1}>
        {t('login.forgotHeading')}
      </h1>
      {sentTo ? (
        <p role="status">{t('login.forgotSent', { email: sentTo, minutes: STAFF_RESET_MINUTES })}</p>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <p className={styles.muted}>{t('login.forgotHint')}</p>
          <TextField
            inputRef={input}
            id={ids.email}
            label={t('login.email')}
            type="email"
            autoComplete="username"
            defaultValue={initialEmail}
            invalid={Boolean(error)}
            describedBy={error ? ids.error : undefined}
          />
          <FormEnd errorId={ids.error} error={error} busy={busy} label={t('login.forgotSubmit')} />
        </form>
      )}
      <p className={styles.muted}>{t('login.lostPhone')}</p>
      <div className={styles.actions}>
        <button {...backEarly} type="button" className={controls.secondary} onClick={onBack}>
          {t('login.back')}
        </button>
      </div>
    </div>
  );
}

/** E-mail and password; then, for a manager with a second factor, the 6-digit code. */
export function LoginPage() {
  const t = useBackofficeT();
  const expired = useStaffSession((s) => s.expired);
  const { search } = useLocation();
  const [forgot, setForgot] = useState(() => new URLSearchParams(search).get('olvido') === '1');
  // The e-mail as it was when "forgot" was opened: offered there, and back in the login after.
  const [emailKept, setEmailKept] = useState('');
  const credentials = useRef({ email: '', password: '' });
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { email: useId(), password: useId(), code: useId(), error: useId() };
  const codeInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  // "Forgot": a tap before the scripts have run (the login is server-rendered when the page's
  // request had no staff session) is kept and acted on once they have, as Sign in's (FormEnd).
  const forgotEarly = useEarlyClick<HTMLButtonElement>();

  // The step's first field takes the focus when the step changes; when the login first shows, only
  // if nothing has it (a member typing into the server's login keeps their place; StrictMode's
  // second run finds the first run's focus and leaves it).
  const shownStep = useRef<boolean | null>(null);
  useEffect(() => {
    const changed = shownStep.current !== null && shownStep.current !== askCode;
    shownStep.current = askCode;
    if (!changed && document.activeElement && document.activeElement !== document.body) return;
    (askCode ? codeInput : emailInput).current?.focus();
  }, [askCode]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // The e-mail and password fields are the browser's (uncontrolled): what was typed into the
    // server's login before React took it stays there (a controlled field is reset to its state
    // by a render in between), and a sign-in tapped then sends it. Kept for the code's step.
    if (!askCode) {
      credentials.current = { email: emailInput.current?.value ?? '', password: passwordInput.current?.value ?? '' };
    }
    const { email, password } = credentials.current;
    if (!email.trim() || !password) return setError(t('login.required'));
    if (askCode && !CODE.test(code.trim())) return setError(t('login.codeFormat'));
    setBusy(true);
    setError(null);
    const login = () =>
      api.backoffice('login', { email: email.trim(), password, ...(askCode ? { totpCode: code.trim() } : {}) });
    try {
      // Busy for a moment (many sign-ins at once): asked again once, after the wait it named,
      // instead of sending the member away.
      const answer = await retriedWhileBusy(login, { retries: 1 });
      if (answer.staff) useStaffSession.getState().signIn(answer.staff);
      else if (answer.totpRequired) {
        setEmailKept(email.trim());
        setAskCode(true);
      }
    } catch (failure) {
      setError(
        busyWaitSeconds(failure) !== null
          ? t('login.busy')
          : failure instanceof ApiError && failure.status === 429
            ? t('login.throttled')
            : failure instanceof ApiError && failure.status === 401
              ? t('login.invalid')
              : t('actionFailed'),
      );
      if (askCode) setCode('');
    } finally {
      setBusy(false);
    }
  };

  const described = error ? ids.error : undefined;
  if (forgot) return <ForgotPassword initialEmail={emailKept} onBack={() => setForgot(false)} />;
  return (
    <div className={styles.login}>
      <h1>{askCode ? t('login.totpHeading') : t('login.heading')}</h1>
      {/* Server-rendered for a browser without a session: without scripts it cannot sign in. */}
      <noscript>
        <p className={styles.muted}>{t('noscript')}</p>
      </noscript>
      {expired && !error && <p className={styles.muted}>{t('session.expired')}</p>}
      <form className={styles.form} onSubmit={submit} noValidate>
        {askCode ? (
          <>
            <p className={styles.muted}>{t('login.totpHint')}</p>
            <TextField
              inputRef={codeInput}
              id={ids.code}
              label={t('login.totpCode')}
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={9}
              value={code}
              invalid={Boolean(error)}
              describedBy={described}
              onChange={(value) => setCode(value.replace(/[^\dA-Za-z-]/g, ''))}
            />
          </>
        ) : (
          <>
            <TextField
              inputRef={emailInput}
              id={ids.email}
              label={t('login.email')}
              type="email"
              autoComplete="username"
              defaultValue={emailKept}
              invalid={Boolean(error)}
              describedBy={described}
            />
            <TextField
              inputRef={passwordInput}
              id={ids.password}
              label={t('login.password')}
              type="password"
              autoComplete="current-password"
              invalid={Boolean(error)}
              describedBy={described}
            />
          </>
        )}
        <FormEnd
          errorId={ids.error}
          error={error}
          busy={busy}
          label={askCode ? t('login.totpSubmit') : t('login.submit')}
        >
          {!askCode && (
            <button
              {...forgotEarly}
              type="button"
              className={styles.textButton}
              onClick={() => {
                setEmailKept(emailInput.current?.value.trim() ?? '');
                setForgot(true);
              }}
            >
              {t('login.forgot')}
            </button>
          )}
          {askCode && (
            <button
              type="button"
              className={controls.secondary}
              onClick={() => {
                setAskCode(false);
                setCode('');
                setError(null);
              }}
            >
              {t('login.back')}
            </button>
          )}
        </FormEnd>
      </form>
    </div>
  );
}
