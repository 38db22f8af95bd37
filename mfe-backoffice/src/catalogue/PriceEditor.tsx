import { type FormEvent, useId, useState } from 'react';
import { api, PERIODS, type Period } from 'shared-api';
import type { CatalogueEntry } from 'shared-api/backoffice';
import { formatDecimal, parseDecimal } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import styles from '../Backoffice.module.css';
import { type Notice, useStaffAction } from '../notice';
import { useBackofficeT } from '../texts';
import { useLanguage } from '../useLanguage';

/** A product's four prices, typed the way people write them ("49,90"); empty withdraws the period. */
export function PriceEditor({
  product,
  onSaved,
  onCancel,
  announce,
}: {
  product: CatalogueEntry;
  onSaved(product: CatalogueEntry): void;
  onCancel(): void;
  announce(notice: Notice): void;
}) {
  const t = useBackofficeT();
  const language = useLanguage();
  const baseId = useId();
  const initial = Object.fromEntries(
    PERIODS.map((period) => [
      period,
      product.prices[period] === null ? '' : formatDecimal(product.prices[period] ?? 0, language),
    ]),
  ) as Record<Period, string>;
  const [text, setText] = useState(initial);
  const [invalid, setInvalid] = useState<Period[]>([]);
  const { busy, run } = useStaffAction(announce);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = PERIODS.map((period) => {
      const value = text[period].trim();
      const amount = value === '' ? null : parseDecimal(value);
      return {
        period,
        amount,
        ok: amount === null || (Number.isFinite(amount) && amount > 0 && Math.round(amount * 100) === amount * 100),
      };
    });
    const wrong = parsed.filter((p) => !p.ok).map((p) => p.period);
    setInvalid(wrong);
    if (wrong.length) return;
    await run(
      async () => {
        let saved = product;
        for (const { period, amount } of parsed) {
          if (amount === product.prices[period]) continue;
          saved = (await api.backoffice('set_price', { productId: product.productId, period, price: amount })).product;
        }
        return saved;
      },
      (saved) => {
        onSaved(saved);
        return t('catalogue.pricesSaved', { name: saved.name });
      },
    );
  };

  return (
    <form
      className={styles.priceForm}
      onSubmit={submit}
      noValidate
      aria-label={t('catalogue.editPricesOf', { name: product.name })}
    >
      <p className={styles.muted}>{t('catalogue.priceHint')}</p>
      <div className={styles.priceFields}>
        {PERIODS.map((period) => (
          <div className={styles.field} key={period}>
            <label htmlFor={`${baseId}-${period}`}>
              {t('catalogue.priceLabel', { period: t(`catalogue.periods.${period}`) })}
            </label>
            <input
              id={`${baseId}-${period}`}
              className={controls.control}
              inputMode="decimal"
              value={text[period]}
              aria-invalid={invalid.includes(period) ? true : undefined}
              aria-describedby={invalid.includes(period) ? `${baseId}-${period}-error` : undefined}
              onChange={(event) => setText({ ...text, [period]: event.target.value })}
            />
            {invalid.includes(period) && (
              <p id={`${baseId}-${period}-error`} className={styles.error}>
                {t('catalogue.priceInvalid')}
              </p>
            )}
          </div>
        ))}
      </div>
      <div className={styles.actions}>
        <button type="submit" className={`${controls.primary} ${controls.compact}`} disabled={busy}>
          {t('catalogue.savePrices')}
        </button>
        <button type="button" className={`${controls.secondary} ${controls.compact}`} onClick={onCancel}>
          {t('detail.cancel')}
        </button>
      </div>
    </form>
  );
}
