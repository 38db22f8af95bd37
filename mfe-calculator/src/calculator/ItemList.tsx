import type { Language } from 'shared-i18n';
import { useTranslation } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import styles from './Calculator.module.css';
import { ItemRow } from './ItemRow';
import { PICKER_ID } from './PresetPicker';
import { useCalculator } from './store';

export function ItemList({ language }: { language: Language }) {
  const { t } = useTranslation('calculator');
  const items = useCalculator((s) => s.items);
  const clear = useCalculator((s) => s.clear);
  return (
    <section className={styles.listSection} aria-labelledby="calculator-list-title">
      <div className={styles.listHeader}>
        <h2 id="calculator-list-title" tabIndex={-1}>
          {t('list.title')}
        </h2>
        {items.length > 0 && (
          <button
            type="button"
            className={controls.secondary}
            onClick={() => {
              if (!window.confirm(t('list.confirmDeleteAll'))) return;
              clear();
              // This button goes with the list: the focus goes to the picker, to start again.
              document.getElementById(PICKER_ID)?.focus();
            }}
          >
            {t('list.deleteAll')}
          </button>
        )}
      </div>
      {items.length === 0 ? (
        <p className={styles.empty}>{t('list.empty')}</p>
      ) : (
        <ol className={styles.items}>
          {items.map((item, index) => (
            <ItemRow key={item.id} item={item} index={index} language={language} />
          ))}
        </ol>
      )}
    </section>
  );
}
