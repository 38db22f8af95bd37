import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, api } from 'shared-api';
import { DOOR_PATHS, type RemoteAppProps } from 'shared-i18n';
import { Route, Routes } from 'shared-router';
import controls from 'shared-ui/controls.module.css';
import { DocumentMeta } from 'shared-ui/document-meta';
import { useEarlyClick } from 'shared-ui/early-click';
import { useSiteConfig } from 'shared-ui/site';
import { AdminPanel } from './admin/AdminPanel';
import styles from './Door.module.css';
import { Keypad } from './keypad/Keypad';
import { useLockout } from './keypad/lockout-store';
import { useDoorLanguage } from './language/store';
import { LoginPage } from './login/LoginPage';
import { MagicLinkPage } from './magic-link/MagicLinkPage';
import type { Notice } from './notice';
import { ChoosePassword } from './password-change/ChoosePassword';
import { PinChange } from './pin-change/PinChange';
import { useSession } from './session/store';
import { useDoorLanguageValue, useDoorT } from './texts';

type View = 'keypad' | 'pin' | 'admin';

/** Start-up (spec §4): a stored token is checked; an invalid one clears what was stored. */
function useStoredSessionCheck() {
  const token = useSession((s) => s.token);
  const verified = useSession((s) => s.verified);
  useEffect(() => {
    if (!token || verified) return;
    let current = true;
    const { confirm, signOut, trustStored } = useSession.getState();
    api
      .action('abridor', 'validate_token', { token })
      .then((answer) => {
        if (!current) return;
        if (answer.valid && answer.user) confirm(answer.user);
        else signOut();
      })
      .catch((error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 401) signOut();
        else trustStored();
      });
    return () => {
      current = false;
    };
  }, [token, verified]);
}

/**
 * Español / English, on every screen of the tool: Spanish is the default; a tenant who signed up
 * in English gets English at sign-in. Its visible name is what a voice user says ("click English").
 */
function LanguageSwitch() {
  const t = useDoorT();
  const language = useDoorLanguageValue();
  const other = language === 'es' ? 'en' : 'es';
  // On the server's page before the scripts: a tap then is kept, not lost.
  const earlyClick = useEarlyClick<HTMLButtonElement>();
  return (
    <button
      {...earlyClick}
      type="button"
      className={styles.languageSwitch}
      lang={other}
      title={t('language.label')}
      onClick={() => useDoorLanguage.getState().choose(other)}
    >
      {t('language.switch')}
    </button>
  );
}

function DoorHome() {
  const t = useDoorT();
  const language = useDoorLanguageValue();
  const restored = useSession((s) => s.restored);
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.user);
  const verified = useSession((s) => s.verified);
  const signOut = useSession((s) => s.signOut);
  const lockSeconds = useLockout((s) => s.seconds);
  const [view, setView] = useState<View>('keypad');
  const [notice, setNotice] = useState<(Notice & { id: number }) | null>(null);
  const noticeCount = useRef(0);
  const pinButton = useRef<HTMLButtonElement>(null);
  const [keypadFocus, setKeypadFocus] = useState(false);
  useStoredSessionCheck();

  const { tradingName } = useSiteConfig();
  const meta = (
    <DocumentMeta title={`${t('title')} · ${tradingName}`} description={t('subtitle')} language={language} />
  );

  // A new id per message: the same text twice is still announced twice.
  const announce = useCallback((next: Notice | null) => {
    noticeCount.current += 1;
    setNotice(next && { ...next, id: noticeCount.current });
  }, []);

  // The lockout's message goes with the lockout.
  useEffect(() => {
    if (lockSeconds === 0) setNotice((shown) => (shown?.lockout ? null : shown));
  }, [lockSeconds]);

  // Another user may sign in next on this device: he starts on the keypad, with nothing of the
  // signed-out user's (his lockout, his last result).
  useEffect(() => {
    if (token) return;
    useLockout.getState().reset();
    setView('keypad');
    setNotice(null);
  }, [token]);

  useEffect(() => {
    if (!restored) useSession.getState().restore();
  }, [restored]);

  // Until this browser's stored session is read (the server and the first render cannot know
  // it), the same box as while a stored session is checked: no login form flashes at a
  // signed-in tenant, and the form then takes the room held for it.
  if (!restored || (token && !verified)) {
    return (
      <>
        {meta}
        <div className={styles.top}>
          <h1>{t('title')}</h1>
          <LanguageSwitch />
        </div>
        <p className={`${styles.muted} ${styles.pending}`} role="status">
          {t('session.checking')}
          {/* Without scripts the session is never read: say why nothing happens. */}
          <noscript>
            <br />
            {t('noscript')}
          </noscript>
        </p>
      </>
    );
  }
  if (!token || !user) {
    return (
      <>
        {meta}
        <div className={styles.top}>
          <h1>{t('title')}</h1>
          <LanguageSwitch />
        </div>
        <LoginPage />
      </>
    );
  }

  if (user.mustChangePassword === true) {
    return (
      <>
        {meta}
        <div className={styles.top}>
          <div className={styles.who}>
            <h1>{t('title')}</h1>
            <p className={styles.muted}>{user.usuario}</p>
          </div>
          <div className={styles.topActions}>
            <LanguageSwitch />
            <button
              type="button"
              className={`${controls.danger} ${controls.compact}`}
              onClick={async () => {
                await api.action('abridor', 'logout', { token }).catch(() => undefined);
                signOut();
              }}
            >
              {t('home.logout')}
            </button>
          </div>
        </div>
        <ChoosePassword
          onDone={() => {
            announce({ tone: 'ok', text: t('choosePassword.done') });
            setKeypadFocus(true);
          }}
        />
      </>
    );
  }

  const show = (next: View) => {
    announce(null);
    setView(next);
  };
  const closePinChange = (changed: boolean) => {
    show('keypad');
    if (changed) {
      announce({ tone: 'ok', text: t('pinChange.done') });
      // Ready for the new PIN: typed digits and Enter open the door, not this form again.
      setKeypadFocus(true);
    } else {
      // Cancelled: back to the button that opened it (the form takes its focus away with it).
      pinButton.current?.focus();
    }
  };
  const logout = async () => {
    await api.action('abridor', 'logout', { token }).catch(() => undefined);
    signOut();
  };
  const shown = notice?.lockout && lockSeconds === 0 ? null : notice;

  return (
    <>
      {meta}
      <div className={styles.top}>
        <div className={styles.who}>
          <h1>{t('title')}</h1>
          <p className={styles.muted}>
            {user.usuario}
            {user.box ? ` · ${t('home.box', { box: user.box })}` : ''}
          </p>
        </div>
        <div className={styles.topActions}>
          <LanguageSwitch />
          <button type="button" className={`${controls.danger} ${controls.compact}`} onClick={logout}>
            {t('home.logout')}
          </button>
        </div>
      </div>
      <nav className={styles.nav} aria-label={t('home.options')}>
        <button
          ref={pinButton}
          type="button"
          className={`${controls.secondary} ${controls.compact}`}
          onClick={() => {
            setKeypadFocus(false);
            show(view === 'pin' ? 'keypad' : 'pin');
          }}
        >
          {t('home.changePin')}
        </button>
        {user.isAdmin && (
          <button
            type="button"
            className={`${controls.secondary} ${controls.compact}`}
            onClick={() => show(view === 'admin' ? 'keypad' : 'admin')}
          >
            {t('home.manageUsers')}
          </button>
        )}
      </nav>
      {view === 'keypad' && <Keypad announce={announce} focusOnShow={keypadFocus} />}
      {view === 'pin' && <PinChange onDone={closePinChange} />}
      {view === 'admin' && user.isAdmin && <AdminPanel />}
      <div className={styles.resultArea}>
        {/* In the page from the start, so that what is put in it is announced. */}
        <div role="status" aria-live="polite" aria-atomic="true" data-testid="door-result">
          {shown && (
            <p key={shown.id} className={shown.tone === 'ok' ? styles.ok : styles.error}>
              {shown.text}
            </p>
          )}
        </div>
        {view === 'keypad' && lockSeconds > 0 && (
          // role=timer is not live: a screen reader is not told every second, but can read it.
          <p className={styles.countdown} role="timer" data-testid="lockout">
            {t('keypad.countdown', { count: lockSeconds })}
          </p>
        )}
      </div>
    </>
  );
}

function MagicLink() {
  const t = useDoorT();
  const language = useDoorLanguageValue();
  const { tradingName } = useSiteConfig();
  return (
    <>
      <DocumentMeta
        title={`${t('magicLink.title')} · ${tradingName}`}
        description={t('magicLink.subtitle')}
        language={language}
      />
      <div className={styles.top}>
        <h1>{t('magicLink.title')}</h1>
        <LanguageSwitch />
      </div>
      <MagicLinkPage />
    </>
  );
}

/**
 * The door-access tool, inside the shell and standalone (Spanish by default, as specified). It is its own
 * <main>: the shell renders /abridor without its layout (and its <main>), and standalone there is
 * no shell at all.
 */
export default function DoorApp(_props: RemoteAppProps) {
  const language = useDoorLanguageValue();
  // This device's choice, read after the first render: the server's page is Spanish.
  useEffect(() => {
    useDoorLanguage.getState().restore();
  }, []);
  return (
    <main className={styles.app} data-remote="door" lang={language}>
      <Routes>
        <Route path={DOOR_PATHS.app} element={<DoorHome />} />
        <Route path={DOOR_PATHS.login} element={<MagicLink />} />
      </Routes>
    </main>
  );
}
