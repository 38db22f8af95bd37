import { type ReactNode, useEffect, useState } from 'react';
import { ApiError, api } from 'shared-api';
import controls from 'shared-ui/controls.module.css';
import { PasswordChangeRequired, SecondFactorRequired } from '../account/AccountPage';
import styles from '../Backoffice.module.css';
import { useBackofficeT } from '../texts';
import { LoginPage } from './LoginPage';
import { useStaffSession } from './store';

/**
 * Asks the server who is signed in (the cookie is not readable by the page), then shows the
 * back-office or the login. Any back-office call answered 401 later (the session expired or was
 * revoked: a role change, a disabled account) brings the login back.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const t = useBackofficeT();
  const status = useStaffSession((s) => s.status);
  const secondFactorDue = useStaffSession((s) => s.staff?.secondFactorDue === true);
  const passwordChangeDue = useStaffSession((s) => s.staff?.passwordChangeDue === true);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(
    () =>
      api.onUnauthorized((name) => {
        if (name === 'backoffice' && useStaffSession.getState().status === 'signed-in') {
          useStaffSession.getState().signOut({ expired: true });
        }
      }),
    [],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again on each retry
  useEffect(() => {
    if (useStaffSession.getState().status !== 'unknown') return;
    let current = true;
    setFailed(false);
    api.backoffice('me', {}).then(
      ({ staff }) => {
        if (!current) return;
        if (staff) useStaffSession.getState().signIn(staff);
        else useStaffSession.getState().signOut();
      },
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 401) useStaffSession.getState().signOut();
        else setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  if (status === 'signed-in') {
    if (passwordChangeDue) return <PasswordChangeRequired />;
    if (secondFactorDue) return <SecondFactorRequired />;
    return children;
  }
  if (status === 'signed-out') return <LoginPage />;
  return (
    <div className={styles.pending}>
      {failed ? (
        <div role="alert">
          <p>{t('failed')}</p>
          <button type="button" className={controls.secondary} onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <p role="status" className={styles.muted}>
          {t('session.checking')}
          <noscript>
            <br />
            {t('noscript')}
          </noscript>
        </p>
      )}
    </div>
  );
}
