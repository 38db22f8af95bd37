import { useEffect, useRef } from 'react';
import type { Language } from 'shared-i18n';
import { useTranslation } from 'shared-i18n';
import { useLocation } from 'shared-router';
import { useModalDialog } from 'shared-ui/modal-dialog';
import { BookVisitButton } from './BookVisitButton';
import styles from './Header.module.css';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NavLinks } from './NavLinks';

/** The menu below 768 px: a modal dialog, so focus stays inside and Esc closes it. */
export function MobileDrawer({ language, open, onClose }: { language: Language; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDialogElement>(null);
  const { pathname } = useLocation();

  useModalDialog(ref, open);

  // Any navigation closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger
  useEffect(() => {
    onClose();
  }, [pathname]);

  return (
    <dialog ref={ref} className={styles.drawer} aria-label={t('menu.title')} onClose={onClose}>
      <div className={styles.drawerTop}>
        <span className={styles.drawerTitle}>{t('menu.title')}</span>
        <button type="button" className={styles.iconButton} onClick={onClose} aria-label={t('menu.close')}>
          ×
        </button>
      </div>
      <nav aria-label={t('nav.label')}>
        <NavLinks language={language} className={styles.drawerLinks} />
      </nav>
      <BookVisitButton onOpened={onClose} />
      <LanguageSwitcher language={language} />
    </dialog>
  );
}
