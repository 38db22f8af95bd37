import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { type Language, pathFor } from 'shared-i18n';
import styles from './Header.module.css';
import { LanguageSwitcher } from './LanguageSwitcher';

export function Header({ language }: { language: Language }) {
  const { t } = useTranslation('common');
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link className={styles.brand} to={pathFor('home', language)}>
          {t('brand')}
        </Link>
        <nav className={styles.nav} aria-label={t('nav.label')}>
          <ul>
            <li>
              <NavLink to={pathFor('home', language)} end>
                {t('nav.home')}
              </NavLink>
            </li>
            <li>
              <NavLink to={pathFor('facilities', language)}>{t('nav.facilities')}</NavLink>
            </li>
            <li>
              <NavLink to={pathFor('calculator', language)}>{t('nav.calculator')}</NavLink>
            </li>
          </ul>
        </nav>
        <LanguageSwitcher language={language} />
      </div>
    </header>
  );
}
