import { useState } from 'react';
import { type Language, pathFor, useTranslation } from 'shared-i18n';
import { Link } from 'shared-router';
import { useEarlyClick } from 'shared-ui/early-click';
import { BANNER_MESSAGES } from './banner-cycle';
import styles from './TopBanner.module.css';
import { useBannerCycle } from './useBannerCycle';

/** Alternates the free-month and discount offers forever; both lead to the hire page. */
export function TopBanner({ language }: { language: Language }) {
  const { t } = useTranslation('common');
  // WCAG 2.2.2: content that changes by itself can be paused.
  const [paused, setPaused] = useState(false);
  // A pause asked for before the scripts ran is kept: the offers must not start turning unasked.
  const earlyClick = useEarlyClick<HTMLButtonElement>();
  const index = useBannerCycle(paused);
  const message = BANNER_MESSAGES[index]?.id ?? 'freeMonth';
  return (
    <aside className={styles.banner} aria-label={t('banner.label')}>
      <Link to={pathFor('hire', language)} data-testid="top-banner" data-message={message}>
        {t(`banner.${message}`)}
      </Link>
      <button
        {...earlyClick}
        type="button"
        className={styles.pause}
        aria-pressed={paused}
        aria-label={t('banner.pause')}
        title={t('banner.pause')}
        onClick={() => setPaused((value) => !value)}
      >
        <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
      </button>
    </aside>
  );
}
