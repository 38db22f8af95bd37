import { type Language, useTranslation } from 'shared-i18n';
import { bookingHref, isPlainClick, openScheduling } from 'shared-ui/scheduling';
import { useSiteConfig } from 'shared-ui/site';
import styles from './Header.module.css';

/**
 * Book a visit: a link to the booking (which works before the page's scripts have run, and
 * without them); once they have, a plain click opens the scheduling popup or the site's dialog.
 */
export function BookVisitButton({ language, onOpened }: { language: Language; onOpened?: () => void }) {
  const { t } = useTranslation('common');
  const { schedulingUrl } = useSiteConfig();
  return (
    <a
      href={bookingHref(schedulingUrl, language)}
      className={styles.book}
      aria-haspopup="dialog"
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        openScheduling(schedulingUrl);
        onOpened?.();
      }}
    >
      {t('bookVisit')}
    </a>
  );
}
