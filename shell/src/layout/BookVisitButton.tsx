import { useTranslation } from 'shared-i18n';
import { useEarlyClick } from 'shared-ui/early-click';
import { openScheduling } from 'shared-ui/scheduling';
import { useSiteConfig } from 'shared-ui/site';
import styles from './Header.module.css';

export function BookVisitButton({ onOpened }: { onOpened?: () => void }) {
  const { t } = useTranslation('common');
  const { schedulingUrl } = useSiteConfig();
  const earlyClick = useEarlyClick<HTMLButtonElement>();
  return (
    <button
      {...earlyClick}
      type="button"
      className={styles.book}
      onClick={() => {
        openScheduling(schedulingUrl);
        onOpened?.();
      }}
    >
      {t('bookVisit')}
    </button>
  );
}
