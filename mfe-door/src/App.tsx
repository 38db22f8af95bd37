import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { api } from 'shared-api';
import { addNamespace, DOOR_PATHS, type RemoteAppProps } from 'shared-i18n';
import { usePageTitle } from 'shared-ui/document-meta';
import { useSiteConfig } from 'shared-ui/site';
import { AdminPanel } from './admin/AdminPanel';
import styles from './Door.module.css';
import { doorResources } from './i18n';
import { Keypad } from './keypad/Keypad';
import { LoginPage } from './login/LoginPage';
import { MagicLinkPage } from './magic-link/MagicLinkPage';
import { PinChange } from './pin-change/PinChange';
import { useSession } from './session/store';

addNamespace('door', doorResources);

type View = 'keypad' | 'pin' | 'admin';

function DoorHome() {
  const { t } = useTranslation('door');
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const signOut = useSession((s) => s.signOut);
  const [view, setView] = useState<View>('keypad');

  // Start-up: a stored token is checked; an invalid one clears what was stored.
  useEffect(() => {
    if (!token) return;
    api
      .action('abridor', 'validate_token', { token })
      .then((answer) => {
        if (!answer.valid) signOut();
      })
      .catch(() => {
        // Offline: keep the session; the next action will tell.
      });
  }, [token, signOut]);

  const { tradingName } = useSiteConfig();
  // The door tool is Spanish only (spec, document 2).
  usePageTitle({ title: `${t('title')} · ${tradingName}`, description: t('subtitle'), language: 'es' });

  if (!token || !user) {
    return (
      <>
        <h1>{t('title')}</h1>
        <LoginPage />
      </>
    );
  }

  const logout = async () => {
    await api.action('abridor', 'logout', { token }).catch(() => undefined);
    signOut();
  };

  return (
    <>
      <div className={styles.top}>
        <h1>{t('title')}</h1>
        <span className={styles.muted}>
          {user.usuario}
          {user.box ? ` · Box ${user.box}` : ''}
        </span>
      </div>
      <nav className={styles.row} aria-label="Opciones">
        <button type="button" className={styles.secondary} onClick={() => setView(view === 'pin' ? 'keypad' : 'pin')}>
          Cambiar PIN
        </button>
        {user.isAdmin && (
          <button
            type="button"
            className={styles.secondary}
            onClick={() => setView(view === 'admin' ? 'keypad' : 'admin')}
          >
            Gestionar Usuarios
          </button>
        )}
        <button type="button" className={styles.danger} onClick={logout}>
          Salir
        </button>
      </nav>
      {view === 'keypad' && <Keypad />}
      {view === 'pin' && <PinChange onDone={() => setView('keypad')} />}
      {view === 'admin' && user.isAdmin && <AdminPanel />}
    </>
  );
}

function MagicLink() {
  const { t } = useTranslation('door');
  const { tradingName } = useSiteConfig();
  usePageTitle({
    title: `${t('magicLink.title')} · ${tradingName}`,
    description: t('magicLink.subtitle'),
    language: 'es',
  });
  return (
    <>
      <h1>{t('magicLink.title')}</h1>
      <MagicLinkPage />
    </>
  );
}

/** The door-access tool, inside the shell and standalone (Spanish only, as specified). */
export default function DoorApp(_props: RemoteAppProps) {
  return (
    <div className={styles.app} data-remote="door" lang="es">
      <Routes>
        <Route path={DOOR_PATHS.app} element={<DoorHome />} />
        <Route path={DOOR_PATHS.login} element={<MagicLink />} />
      </Routes>
    </div>
  );
}
