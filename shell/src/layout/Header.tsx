import { useState } from 'react';
import { type Language, pathFor, useTranslation } from 'shared-i18n';
import { Link } from 'shared-router';
import { useHydrated } from 'shared-ui/hydrated';
import { useSiteConfig } from 'shared-ui/site';
import { BookVisitButton } from './BookVisitButton';
import styles from './Header.module.css';
import { LanguageSwitcher } from './LanguageSwitcher';
import { MobileDrawer } from './MobileDrawer';
import { NavLinks } from './NavLinks';

interface Props {
  language: Language;
  /** `scroll`: the variant that slides in after 200 px; hidden (and out of the tab order) until then. */
  variant: 'static' | 'scroll';
  visible?: boolean;
}

export function Header({ language, variant, visible = true }: Props) {
  const { t } = useTranslation('common');
  const { tradingName, phone } = useSiteConfig();
  const [menuOpen, setMenuOpen] = useState(false);
  // Two headers, one id each. Not useId: the browser's tree has more around the site than the
  // server's, so its ids would differ from the ones in the server-rendered page.
  const menuId = `site-menu-${variant}`;
  const hidden = variant === 'scroll' && !visible;
  // Before React has the page (seconds on a slow phone), the scroll header slides in by CSS alone,
  // following the scroll: not `inert` then, `visibility: hidden` keeps it out of reach while it is
  // away. Once started, React shows and hides it as before.
  const started = useHydrated();
  const followsScrollByCss = variant === 'scroll' && !started;
  // Hidden, the header is out of reach; but not its open menu (a modal, the page behind it inert),
  // which stays usable when the page is scrolled up behind it and its header slides away.
  const outOfReach = hidden && started && !menuOpen;
  return (
    <header
      className={`${styles.header} ${variant === 'scroll' ? styles.scroll : ''} ${hidden ? styles.hidden : ''} ${followsScrollByCss ? styles.beforeScripts : ''}`}
      data-testid={variant === 'scroll' ? 'scroll-header' : 'static-header'}
      aria-hidden={outOfReach || undefined}
      inert={outOfReach || undefined}
    >
      <div className={styles.bar}>
        <Link className={styles.brand} to={pathFor('home', language)}>
          {tradingName}
        </Link>
        <nav className={styles.nav} aria-label={t('nav.label')}>
          <NavLinks language={language} />
        </nav>
        <div className={styles.actions}>
          <BookVisitButton language={language} />
          <LanguageSwitcher language={language} />
        </div>
        {/* On a phone the phone number is one tap away (a link: it works before the scripts too). */}
        <a className={styles.call} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
          <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
            <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" />
          </svg>
          <span className="visually-hidden">{t('footer.call', { phone })}</span>
        </a>
        <button
          type="button"
          className={styles.menuButton}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          // A phone shows the server-rendered page seconds before its scripts have run: until
          // then the browser opens the menu itself, and its links work. Then React does.
          command="show-modal"
          commandfor={menuId}
          onClick={(event) => {
            event.preventDefault();
            setMenuOpen(true);
          }}
        >
          <span aria-hidden="true">☰</span> {t('menu.open')}
        </button>
      </div>
      <MobileDrawer
        id={menuId}
        language={language}
        open={menuOpen}
        onOpen={() => setMenuOpen(true)}
        onClose={() => setMenuOpen(false)}
      />
    </header>
  );
}
