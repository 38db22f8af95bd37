import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError, api, FUNCTIONS_BASE_PATH } from 'shared-api';
import { ACCOUNT_SIGN_IN_MINUTES } from 'shared-api/account';
import type { Language } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import styles from '../Account.module.css';
import { CodeField, sixDigits } from '../code/CodeField';
import { useAccountSession } from '../session/store';
import { useAccountT } from '../texts';

/**
 * The tenant's own data: all of it to take away, and erased on request once nothing is pending,
 * confirmed with a code sent to the contact they signed in with (a phone left signed in erases nothing).
 */
export function DataSection({ language }: { language: Language }) {
  const t = useAccountT();
  const contact = useAccountSession((s) => s.contact);
  const [erasureId, setErasureId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  // The code's field has the focus when it appears.
  useEffect(() => {
    if (erasureId) codeInput.current?.focus();
  }, [erasureId]);

  const refusalText = (caught: unknown) => {
    const known: Record<string, string> = {
      erasure_rental_active: t('data.rentalActive'),
      erasure_owed: t('data.owed'),
      erasure_refund_pending: t('data.refundPending'),
      erasure_too_soon: t('data.tooSoon'),
      erasure_throttled: t('data.throttled'),
      erasure_code_invalid: t('data.wrongCode'),
      shared_contact: t('data.sharedContact'),
    };
    return (caught instanceof ApiError && caught.code && known[caught.code]) || t('actionFailed');
  };

  const ask = async () => {
    if (busy || !window.confirm(t('data.eraseConfirm'))) return;
    setBusy(true);
    setError(null);
    try {
      const asked = await api.account('request_erasure', { language });
      setCode('');
      setErasureId(asked.erasureId);
    } catch (caught) {
      setError(refusalText(caught));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!erasureId || busy) return;
    const digits = sixDigits(code);
    if (!digits) {
      setError(t('data.codeInvalid'));
      codeInput.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.account('confirm_erasure', { erasureId, code: digits });
      useAccountSession.getState().erased();
    } catch (caught) {
      setError(refusalText(caught));
      codeInput.current?.focus();
      setBusy(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby="account-data">
      <h2 id="account-data">{t('data.heading')}</h2>
      <p>{t('data.downloadIntro')}</p>
      <p>
        <a className={controls.secondary} href={`${FUNCTIONS_BASE_PATH}/account/data`} download>
          {t('data.download')}
        </a>
      </p>
      <h3 className={styles.subheading}>{t('data.eraseHeading')}</h3>
      <p>{t('data.eraseIntro')}</p>
      <p className={styles.muted}>{t('data.eraseKept')}</p>
      {erasureId ? (
        <form className={styles.form} onSubmit={confirm} noValidate>
          <p role="status">{t('data.codeSent', { contact, minutes: ACCOUNT_SIGN_IN_MINUTES })}</p>
          <CodeField label={t('data.code')} value={code} onChange={setCode} error={error} inputRef={codeInput} />
          <div className={styles.actions}>
            <button type="submit" className={controls.danger} disabled={busy}>
              {t('data.eraseNow')}
            </button>
            <button
              type="button"
              className={controls.secondary}
              disabled={busy}
              onClick={() => {
                setErasureId(null);
                setError(null);
              }}
            >
              {t('data.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p>
            <button type="button" className={controls.danger} disabled={busy} onClick={() => void ask()}>
              {t('data.erase')}
            </button>
          </p>
          <div role="alert">{error && <p className={styles.error}>{error}</p>}</div>
        </>
      )}
    </section>
  );
}
