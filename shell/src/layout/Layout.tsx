import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from 'shared-i18n';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './Layout.module.css';

export function Layout({ language, children }: { language: Language; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.page}>
      <a className={styles.skip} href="#main">
        {t('skipToContent')}
      </a>
      <Header language={language} />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer language={language} />
    </div>
  );
}
