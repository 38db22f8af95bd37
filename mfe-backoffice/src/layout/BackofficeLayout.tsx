import type { ReactNode } from 'react';
import { api } from 'shared-api';
import type { Language } from 'shared-i18n';
import { Link, NavLink, useLocation } from 'shared-router';
import controls from 'shared-ui/controls.module.css';
import { useSiteConfig } from 'shared-ui/site';
import styles from '../Backoffice.module.css';
import { type BackofficeSection, backofficePath, switchBackofficeLanguage } from '../routes';
import { useStaffSession } from '../session/store';
import { useBackofficeT } from '../texts';
import { canSee, MENU } from './sections';

/** The back-office's frame: who is signed in, the sections, the other language, and the screen. */
export function BackofficeLayout({
  language,
  section,
  children,
}: {
  language: Language;
  section: BackofficeSection | null;
  children: ReactNode;
}) {
  const t = useBackofficeT();
  const staff = useStaffSession((s) => s.staff);
  const { pathname, search } = useLocation();
  const { tradingName } = useSiteConfig();
  if (!staff) return null;
  const other: Language = language === 'es' ? 'en' : 'es';
  const logout = async () => {
    await api.backoffice('logout', {}).catch(() => undefined);
    useStaffSession.getState().signOut();
  };
  return (
    <>
      <a className={styles.skip} href="#backoffice-main">
        {t('skipToContent')}
      </a>
      <header className={styles.header}>
        <div className={styles.headerTop}>
          <Link to={backofficePath(language)} className={styles.brand}>
            {t('title')} · {tradingName}
          </Link>
          <div className={styles.user}>
            <span>{t('layout.signedInAs', { name: staff.name, role: t(`roles.${staff.role}`) })}</span>
            <Link
              to={switchBackofficeLanguage(pathname, search, other)}
              lang={other}
              hrefLang={other}
              aria-label={t('layout.languageLabel')}
            >
              {t('layout.language')}
            </Link>
            <button type="button" className={`${controls.secondary} ${controls.compact}`} onClick={logout}>
              {t('layout.logout')}
            </button>
          </div>
        </div>
        <nav aria-label={t('layout.nav')} className={styles.nav}>
          <ul>
            {MENU.filter((item) => canSee(item.section, staff.role)).map((item) => (
              <li key={item.section}>
                <NavLink
                  to={backofficePath(language, item.section)}
                  end={item.section === 'today'}
                  aria-current={item.section === section ? 'page' : undefined}
                >
                  {t(`sections.${item.section}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="backoffice-main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
