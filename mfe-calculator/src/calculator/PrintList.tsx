import { formatVolume, type Language, useTranslation } from 'shared-i18n';
import styles from './Calculator.module.css';
import { useCalculator } from './store';
import { lineVolume, totalVolume } from './volume';

/** What paper gets: the list and the total, without controls. Hidden on screen. */
export function PrintList({ language }: { language: Language }) {
  const { t } = useTranslation('calculator');
  const items = useCalculator((s) => s.items);
  return (
    <section className={styles.printOnly} aria-hidden="true">
      <h2>{t('print.title')}</h2>
      <table>
        <thead>
          <tr>
            <th>{t('print.object')}</th>
            <th>{t('print.dimensions')}</th>
            <th>{t('print.quantity')}</th>
            <th>{t('print.volume')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td>{item.name || item.displayName}</td>
              <td>
                {item.length} × {item.width} × {item.height} {item.unit}
              </td>
              <td>{item.quantity}</td>
              <td>{formatVolume(lineVolume(item), language)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={3}>{t('total.label')}</th>
            <td>{formatVolume(totalVolume(items), language)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
