import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type Language, pathFor } from 'shared-i18n';
import styles from './Footer.module.css';

export function Footer({ language }: { language: Language }) {
  const { t } = useTranslation('common');
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section>
          <h2>{t('footer.quickLinks')}</h2>
          <ul>
            <li>
              <Link to={pathFor('home', language)}>{t('nav.home')}</Link>
            </li>
            <li>
              <Link to={pathFor('facilities', language)}>{t('nav.facilities')}</Link>
            </li>
            <li>
              <Link to={pathFor('calculator', language)}>{t('nav.calculator')}</Link>
            </li>
          </ul>
        </section>
        <section>
          <h2>{t('footer.legal')}</h2>
          <ul>
            <li>
              <Link to={pathFor('privacy', language)}>{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to={pathFor('terms', language)}>{t('footer.terms')}</Link>
            </li>
          </ul>
        </section>
      </div>
    </footer>
  );
}
