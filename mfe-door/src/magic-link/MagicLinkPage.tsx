import { useEffect, useRef, useState } from 'react';
import { api } from 'shared-api';
import { DOOR_PATHS } from 'shared-i18n';
import { useNavigate, useSearchParams } from 'shared-router';
import controls from 'shared-ui/controls.module.css';
import styles from '../Door.module.css';
import { useSession } from '../session/store';
import { useDoorT } from '../texts';

/** Delay before an authorised magic link moves on to the keypad (spec: 2 s). */
export const MAGIC_REDIRECT_MS = 2_000;

type State =
  | { status: 'validating' }
  | { status: 'authorised' }
  | { status: 'invalid'; message: 'noToken' | 'invalid' | 'failed'; detail?: boolean };

export function MagicLinkPage() {
  const t = useDoorT();
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const [state, setState] = useState<State>(
    token ? { status: 'validating' } : { status: 'invalid', message: 'noToken' },
  );
  const used = useRef(false);

  useEffect(() => {
    // A magic token is single-use: never send it twice (StrictMode runs effects twice).
    if (!token || used.current) return;
    used.current = true;
    api
      .action('abridor', 'validate_token', { token })
      .then((answer) => {
        if (!answer.valid || !answer.user) {
          setState({ status: 'invalid', message: 'invalid', detail: true });
          return;
        }
        signIn(answer.token ?? token, answer.user);
        setState({ status: 'authorised' });
        setTimeout(() => navigate(DOOR_PATHS.app, { replace: true }), MAGIC_REDIRECT_MS);
      })
      .catch(() => setState({ status: 'invalid', message: 'failed' }));
  }, [token, signIn, navigate]);

  return (
    <section className={styles.form} aria-live="polite">
      {state.status === 'validating' && <p>{t('magicLink.validating')}</p>}
      {state.status === 'authorised' && <p className={styles.ok}>{t('magicLink.authorised')}</p>}
      {state.status === 'invalid' && (
        <>
          <p className={styles.error} role="alert">
            {t(`magicLink.${state.message}`)}
          </p>
          {state.detail && <p>{t('magicLink.invalidDetail')}</p>}
          <button type="button" className={controls.primary} onClick={() => navigate(DOOR_PATHS.app)}>
            {t('magicLink.toLogin')}
          </button>
        </>
      )}
    </section>
  );
}
