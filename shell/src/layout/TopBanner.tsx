import { type Language, pathFor, useTranslation } from 'shared-i18n';
import { Link } from 'shared-router';
import { BANNER_MESSAGES } from './banner-cycle';
import styles from './TopBanner.module.css';
import { useBannerCycle } from './useBannerCycle';

/** Alternates the free-month and discount offers forever; both lead to the hire page. */
export function TopBanner({ language }: { language: Language }) {
  const { t } = useTranslation('common');
  const index = useBannerCycle();
  const message = BANNER_MESSAGES[index]?.id ?? 'freeMonth';
  return (
    <aside className={styles.banner} aria-label={t('banner.label')}>
      <Link to={pathFor('hire', language)} data-testid="top-banner" data-message={message}>
        {t(`banner.${message}`)}
      </Link>
    </aside>
  );
}
