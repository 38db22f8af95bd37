import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ApiError, api } from 'shared-api';
import { STAFF_PASSWORD_MIN, type StaffMember } from 'shared-api/backoffice';
import controls from 'shared-ui/controls.module.css';
import { TextField } from 'shared-ui/text-field';
import styles from '../Backoffice.module.css';
import { failureText } from '../errors';
import { NoticeArea, useNotice } from '../notice';
import { useStaffSession } from '../session/store';
import { useBackofficeT } from '../texts';

const CODE = /^\d{6}$/;

function PasswordForm({
  announce,
  onChanged,
}: {
  announce: ReturnType<typeof useNotice>[1];
  onChanged?(): Promise<void>;
}) {
  const t = useBackofficeT();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<{ field: 'current' | 'next'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!current) return setError({ field: 'current', text: t('account.wrongPassword') });
    if (next.length < STAFF_PASSWORD_MIN) return setError({ field: 'next', text: t('staff.passwordShort') });
    setError(null);
    setBusy(true);
    try {
      await api.backoffice('change_password', { currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      announce({ tone: 'ok', text: t('account.passwordChanged') });
      await onChanged?.();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'password_too_guessable')
        setError({ field: 'next', text: failureText(t, failure) });
      else if (failure instanceof ApiError && failure.status === 400)
        setError({ field: 'current', text: t('account.wrongPassword') });
      else announce({ tone: 'error', text: failureText(t, failure) });
    } finally {
      setBusy(false);
    }
  };
  const input = (
    field: 'current' | 'next',
    label: string,
    value: string,
    set: (v: string) => void,
    autoComplete: string,
  ) => (
    <TextField
      id={`${id}-${field}`}
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={value}
      error={error?.field === field ? error.text : null}
      onChange={set}
    />
  );
  return (
    <form className={`${styles.card} ${styles.form}`} onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('account.password')}</h2>
      {input('current', t('account.currentPassword'), current, setCurrent, 'current-password')}
      {input('next', t('account.newPassword'), next, setNext, 'new-password')}
      <div className={styles.actions}>
        <button type="submit" className={controls.primary} disabled={busy}>
          {t('account.savePassword')}
        </button>
      </div>
    </form>
  );
}

/** The recovery codes, shown once: kept by the member (download, print), acknowledged to go on. */
function RecoveryCodes({ codes, email, onSaved }: { codes: string[]; email: string; onSaved(): void }) {
  const t = useBackofficeT();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const download = () => {
    const text = `${t('account.recoveryFile', { email })}\n\n${codes.join('\n')}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'codigos-recuperacion.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className={styles.form}>
      <h3 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        {t('account.recoveryHeading')}
      </h3>
      <p>{t('account.recoveryText')}</p>
      <ol className={styles.recoveryCodes} data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <button type="button" className={controls.secondary} onClick={download}>
          {t('account.recoveryDownload')}
        </button>
        <button type="button" className={controls.primary} onClick={onSaved}>
          {t('account.recoverySaved')}
        </button>
      </div>
    </div>
  );
}

/** A manager's second factor: set up (with its recovery codes), new codes, or off where allowed. */
export function SecondFactor({ announce }: { announce: ReturnType<typeof useNotice>[1] }) {
  const t = useBackofficeT();
  const staff = useStaffSession((s) => s.staff);
  const [setup, setSetup] = useState<{ secret: string; qrSvg: string } | null>(null);
  // Codes just made, with the member as they will be once the codes are put away.
  const [fresh, setFresh] = useState<{ codes: string[]; staff: StaffMember | null } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  if (!staff) return null;
  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) setError(t('account.wrongCode'));
      else announce({ tone: 'error', text: failureText(t, failure) });
    } finally {
      setBusy(false);
    }
  };
  const confirm = (action: 'totp_enable' | 'totp_disable' | 'regenerate_recovery_codes') => {
    if (!CODE.test(code)) return setError(t('login.codeFormat'));
    void run(async () => {
      if (action === 'regenerate_recovery_codes') {
        const { recoveryCodes } = await api.backoffice(action, { totpCode: code });
        setFresh({ codes: recoveryCodes, staff: { ...staff, recoveryCodesLeft: recoveryCodes.length } });
      } else if (action === 'totp_enable') {
        const { staff: updated, recoveryCodes } = await api.backoffice(action, { totpCode: code });
        setFresh({ codes: recoveryCodes, staff: updated });
        announce({ tone: 'ok', text: t('account.totpEnabled') });
      } else {
        const { staff: updated } = await api.backoffice(action, { totpCode: code });
        useStaffSession.getState().signIn(updated);
        announce({ tone: 'ok', text: t('account.totpDisabled') });
      }
      setSetup(null);
      setCode('');
    });
  };
  const codeField = (
    <TextField
      id={`${id}-code`}
      label={t('account.totpCode')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={code}
      error={error}
      onChange={(value) => setCode(value.replace(/\D/g, ''))}
    />
  );
  const submitted = (action: Parameters<typeof confirm>[0]) => (event: FormEvent) => {
    event.preventDefault();
    confirm(action);
  };
  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('account.totp')}</h2>
      {fresh ? (
        <RecoveryCodes
          codes={fresh.codes}
          email={staff.email}
          onSaved={() => {
            // Put away: a manager whose factor was due goes on to the back-office now.
            if (fresh.staff) useStaffSession.getState().signIn(fresh.staff);
            setFresh(null);
          }}
        />
      ) : staff.role !== 'manager' ? (
        <p className={styles.muted}>{t('account.totpOnlyManagers')}</p>
      ) : staff.totpEnabled ? (
        <form className={styles.form} onSubmit={submitted('regenerate_recovery_codes')} noValidate>
          <p>{t('account.totpOn')}</p>
          {staff.recoveryCodesLeft !== undefined && (
            <p>{t('account.recoveryLeft', { count: staff.recoveryCodesLeft })}</p>
          )}
          <p className={styles.muted}>{t('account.recoveryRenewHint')}</p>
          {codeField}
          <div className={styles.actions}>
            <button type="submit" className={controls.secondary} disabled={busy}>
              {t('account.recoveryRenew')}
            </button>
            <button type="button" className={controls.danger} disabled={busy} onClick={() => confirm('totp_disable')}>
              {t('account.totpDisable')}
            </button>
          </div>
        </form>
      ) : setup ? (
        <form className={styles.form} onSubmit={submitted('totp_enable')} noValidate>
          <p>{t('account.totpScan')}</p>
          <img
            className={styles.qr}
            src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
            alt={t('account.totpQr')}
            width={200}
            height={200}
          />
          <p className={styles.code}>{t('account.totpSecret', { secret: setup.secret })}</p>
          {codeField}
          <div className={styles.actions}>
            <button type="submit" className={controls.primary} disabled={busy}>
              {t('account.totpEnable')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p>{t('account.totpOff')}</p>
          <button
            type="button"
            className={controls.secondary}
            disabled={busy}
            onClick={() => void run(async () => setSetup(await api.backoffice('totp_setup', {})))}
          >
            {t('account.totpSetup')}
          </button>
        </>
      )}
    </section>
  );
}

/** A screen that must be finished before the back-office opens: its heading, why, the form, a way out. */
function FirstStep({
  heading,
  text,
  children,
}: {
  heading: string;
  text: string;
  children(announce: ReturnType<typeof useNotice>[1]): ReactNode;
}) {
  const t = useBackofficeT();
  const [notice, announce] = useNotice();
  return (
    <div className={styles.login}>
      <h1>{heading}</h1>
      <p>{text}</p>
      <NoticeArea notice={notice} />
      {children(announce)}
      <div className={styles.actions}>
        <button
          type="button"
          className={controls.secondary}
          onClick={async () => {
            await api.backoffice('logout', {}).catch(() => undefined);
            useStaffSession.getState().signOut();
          }}
        >
          {t('layout.logout')}
        </button>
      </div>
    </div>
  );
}

/** Signed in with a generated password: choosing one's own comes first, before anything else. */
export function PasswordChangeRequired() {
  const t = useBackofficeT();
  return (
    <FirstStep heading={t('account.passwordRequiredHeading')} text={t('account.passwordRequiredText')}>
      {(announce) => (
        <PasswordForm
          announce={announce}
          onChanged={async () => {
            // The session goes on: who it is now (the second factor may be next).
            const { staff } = await api.backoffice('me', {});
            if (staff) useStaffSession.getState().signIn(staff);
          }}
        />
      )}
    </FirstStep>
  );
}

/** A manager signed in without a second factor where one is required: this, and nothing else, first. */
export function SecondFactorRequired() {
  const t = useBackofficeT();
  return (
    <FirstStep heading={t('account.requiredHeading')} text={t('account.requiredText')}>
      {(announce) => <SecondFactor announce={announce} />}
    </FirstStep>
  );
}

/** One's own password and, for a manager, the second factor. */
export function AccountPage() {
  const t = useBackofficeT();
  const [notice, announce] = useNotice();
  return (
    <>
      <h1>{t('account.heading')}</h1>
      <NoticeArea notice={notice} />
      <div className={styles.cards}>
        <PasswordForm announce={announce} />
        <SecondFactor announce={announce} />
      </div>
    </>
  );
}
