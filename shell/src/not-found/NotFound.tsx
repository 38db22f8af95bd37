import { type Language, pathFor, useTranslation } from 'shared-i18n';
import { Link } from 'shared-router';
import { DocumentMeta } from 'shared-ui/document-meta';
import { useSiteConfig } from 'shared-ui/site';
import styles from './NotFound.module.css';

export function NotFound({ language }: { language: Language }) {
  const { t } = useTranslation('common');
  const { tradingName } = useSiteConfig();
  return (
    <section className={styles.notFound} aria-labelledby="not-found-title" data-testid="not-found">
      <DocumentMeta
        title={`${t('notFound.subtitle')} · ${tradingName}`}
        description={t('notFound.description')}
        language={language}
      />
      <h1 id="not-found-title" className={styles.title}>
        {t('notFound.title')}
      </h1>
      <h2>{t('notFound.subtitle')}</h2>
      <p>{t('notFound.description')}</p>
      <Link className={styles.home} to={pathFor('home', language)}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
