import { type Language, pathFor, useTranslation } from 'shared-i18n';
import { Link } from 'shared-router';
import { DocumentMeta } from 'shared-ui/document-meta';
import { PageHeading } from 'shared-ui/page-heading';
import { useSiteConfig } from 'shared-ui/site';
import styles from '../Marketing.module.css';
import { StorageKinds } from '../storage/StorageKinds';
import { Gallery } from './Gallery';
import { LocationMap } from './LocationMap';

export function FacilitiesPage({ language }: { language: Language }) {
  const { t } = useTranslation('marketing');
  const { tradingName } = useSiteConfig();
  return (
    <div data-remote="marketing">
      <DocumentMeta
        title={`${t('facilities.title')} · ${tradingName}`}
        description={t('meta.facilities')}
        page={'facilities'}
        language={language}
      />
      <div className={styles.section}>
        <nav className={styles.breadcrumb} aria-label={t('facilities.breadcrumb')}>
          <ol>
            <li>
              <Link to={pathFor('home', language)}>{t('facilities.home')}</Link>
            </li>
            <li aria-current="page">{t('facilities.title')}</li>
          </ol>
        </nav>
      </div>
      <PageHeading title={t('facilities.title')} subtitle={t('facilities.subtitle')} />
      <section className={styles.section} aria-labelledby="types-title">
        <h2 id="types-title">{t('facilities.typesTitle')}</h2>
        <StorageKinds />
        <p className={styles.claim}>
          <Link className={styles.textLink} to={pathFor('calculator', language)}>
            {t('facilities.calculatorCta')} →
          </Link>
        </p>
      </section>
      <section className={styles.section} aria-labelledby="gallery-title">
        <h2 id="gallery-title">{t('facilities.galleryTitle')}</h2>
        <Gallery />
      </section>
      <section className={styles.section} aria-labelledby="map-title">
        <h2 id="map-title">{t('facilities.mapTitle')}</h2>
        <LocationMap />
      </section>
    </div>
  );
}
