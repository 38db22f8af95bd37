import { useEffect, useRef } from 'react';
import type { Language } from 'shared-i18n';
import { useTranslation } from 'shared-i18n';
import { useLocation } from 'shared-router';
import { closeDialog, useModalDialog } from 'shared-ui/modal-dialog';
import { BookVisitButton } from './BookVisitButton';
import styles from './Header.module.css';
import { LanguageSwitcher } from './LanguageSwitcher';
import { NavLinks } from './NavLinks';

interface Props {
  /** The dialog's id, which the menu button's command names. */
  id: string;
  language: Language;
  open: boolean;
  /** The browser opened the menu before the page's scripts had run: it stays open. */
  onOpen: () => void;
  onClose: () => void;
}

/**
 * The menu below 768 px: a modal dialog, so focus stays inside and Esc closes it. Before the
 * page's scripts have run, the browser opens and closes it by itself (Invoker Commands).
 */
export function MobileDrawer({ id, language, open, onOpen, onClose }: Props) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDialogElement>(null);
  const { pathname } = useLocation();

  useModalDialog(ref, open, onOpen);
  // The menu closes itself too: its state may not know yet that the browser had opened it.
  const close = () => {
    if (ref.current) closeDialog(ref.current);
    onClose();
  };

  // Any navigation closes the menu; the page's first path is none (a menu the browser opened
  // before the scripts had run stays open).
  const shownPath = useRef(pathname);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger
  useEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    onClose();
  }, [pathname]);

  return (
    <dialog ref={ref} id={id} className={styles.drawer} aria-label={t('menu.title')} onClose={onClose}>
      <div className={styles.drawerTop}>
        <span className={styles.drawerTitle}>{t('menu.title')}</span>
        <button
          type="button"
          className={styles.iconButton}
          command="close"
          commandfor={id}
          onClick={(event) => {
            event.preventDefault();
            close();
          }}
          aria-label={t('menu.close')}
        >
          ×
        </button>
      </div>
      <nav aria-label={t('nav.label')}>
        <NavLinks language={language} className={styles.drawerLinks} />
      </nav>
      <BookVisitButton language={language} onOpened={close} />
      <LanguageSwitcher language={language} />
    </dialog>
  );
}
