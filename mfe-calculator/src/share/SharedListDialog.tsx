import { useRef } from 'react';
import { useTranslation } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import { useModalDialog } from 'shared-ui/modal-dialog';
import type { CalculatorItem } from '../calculator/items';
import { useCalculator } from '../calculator/store';
import waitlistStyles from '../waitlist/Waitlist.module.css';
import type { SharedListChoice } from './merge';

/** Asks what a shared link does to the visitor's own list: nothing is overwritten unasked. */
export function SharedListDialog({
  shared,
  onChoose,
}: {
  shared: CalculatorItem[] | null;
  onChoose(choice: SharedListChoice): void;
}) {
  const { t } = useTranslation('calculator');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const own = useCalculator((s) => s.items.length);
  useModalDialog(dialogRef, shared !== null);
  return (
    <dialog
      ref={dialogRef}
      className={waitlistStyles.dialog}
      aria-labelledby="shared-list-title"
      aria-describedby="shared-list-text"
      // Esc: the same as Cancel, the own list stays.
      onClose={() => shared && onChoose('cancel')}
    >
      {shared && (
        <div className={waitlistStyles.form}>
          <h2 id="shared-list-title">{t('share.askTitle')}</h2>
          <p id="shared-list-text">{t('share.ask', { count: own, own, shared: shared.length })}</p>
          <div className={waitlistStyles.actions}>
            <button type="button" className={controls.secondary} onClick={() => onChoose('cancel')}>
              {t('share.keepMine')}
            </button>
            <button type="button" className={controls.secondary} onClick={() => onChoose('add')}>
              {t('share.addToMine')}
            </button>
            <button type="button" className={controls.primary} onClick={() => onChoose('replace')}>
              {t('share.replaceMine')}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
