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
 *
 * `surelySignedOut`: the page's request carried no sign of a staff session (see
 * `RemoteAppProps.signedOut`), so the login shows while the server is asked, from the first
 * paint (server-rendered) instead of after a round trip. The server's answer still decides:
 * signed in after all (in another tab since), the back-office replaces the login.
 */
export function SessionGate({ children, surelySignedOut = false }: { children: ReactNode; surelySignedOut?: boolean }) {
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
        // Signed in meanwhile, on the login shown while asking: that answer is newer.
        if (!current || useStaffSession.getState().status !== 'unknown') return;
        if (staff) useStaffSession.getState().signIn(staff);
        else useStaffSession.getState().signOut();
      },
      (error: unknown) => {
        if (!current || useStaffSession.getState().status !== 'unknown') return;
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
  // The same element either way: a login being typed into while the server answers stays as it is.
  if (status === 'signed-out' || (status === 'unknown' && surelySignedOut)) return <LoginPage />;
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
