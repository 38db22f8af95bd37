import { formatVolume, type Language, useTranslation } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import styles from './Calculator.module.css';
import type { CalculatorItem } from './items';
import { NumberField } from './NumberField';
import { useCalculator } from './store';
import { lineVolume, parseDimension, parseQuantity, UNITS, unitVolume } from './volume';

export function ItemRow({ item, index, language }: { item: CalculatorItem; index: number; language: Language }) {
  const { t } = useTranslation('calculator');
  const update = useCalculator((s) => s.update);
  const remove = useCalculator((s) => s.remove);
  const field = (name: string) => `item-${item.id}-${name}`;
  const shownName = item.name || item.displayName;
  return (
    <li className={styles.item}>
      <fieldset className={styles.itemFields}>
        <legend className="visually-hidden">{t('list.itemLabel', { index: index + 1, name: shownName })}</legend>
        <label className={styles.nameField} htmlFor={field('name')}>
          <span>{t('list.name')}</span>
          <input
            className={controls.control}
            id={field('name')}
            type="text"
            value={item.name}
            maxLength={200}
            onChange={(e) => update(item.id, { name: e.target.value })}
          />
        </label>
        {(['length', 'width', 'height'] as const).map((dimension) => (
          <NumberField
            key={dimension}
            id={field(dimension)}
            className={styles.numberField}
            label={t(`list.${dimension}`)}
            value={item[dimension]}
            parse={parseDimension}
            onChange={(value) => update(item.id, { [dimension]: value })}
            language={language}
          />
        ))}
        <label className={styles.unitField} htmlFor={field('unit')}>
          <span>{t('list.unit')}</span>
          <select
            className={controls.control}
            id={field('unit')}
            value={item.unit}
            onChange={(e) => update(item.id, { unit: e.target.value })}
          >
            {UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {unit}
              </option>
            ))}
          </select>
        </label>
        <NumberField
          id={field('quantity')}
          className={styles.numberField}
          label={t('list.quantity')}
          value={item.quantity}
          parse={parseQuantity}
          onChange={(value) => update(item.id, { quantity: value })}
          integer
          language={language}
        />
      </fieldset>
      <dl className={styles.volumes}>
        <div>
          <dt>{t('list.unitVolume')}</dt>
          <dd data-testid="unit-volume">{formatVolume(unitVolume(item), language)}</dd>
        </div>
        <div>
          <dt>{t('list.lineVolume')}</dt>
          <dd data-testid="line-volume">{formatVolume(lineVolume(item), language)}</dd>
        </div>
      </dl>
      <button
        type="button"
        className={`${controls.danger} ${styles.remove}`}
        aria-label={t('list.removeItem', { name: shownName })}
        onClick={() => {
          remove(item.id);
          // The button is gone with its row: the focus goes to the list's heading, not the page.
          document.getElementById('calculator-list-title')?.focus();
        }}
      >
        {t('list.remove')}
      </button>
    </li>
  );
}
