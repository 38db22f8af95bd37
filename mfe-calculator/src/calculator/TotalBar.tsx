import { useState } from 'react';
import { formatVolume, type Language, useTranslation } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import styles from './Calculator.module.css';

interface Props {
  total: number;
  language: Language;
  onFind: () => void;
}

export function TotalBar({ total, language, onFind }: Props) {
  const { t } = useTranslation('calculator');
  const [error, setError] = useState(false);
  const canSearch = total > 0;
  return (
    <div className={styles.totalBar}>
      <p className={styles.total} aria-live="polite">
        {t('total.label')}: <strong data-testid="total-volume">{formatVolume(total, language)}</strong>
      </p>
      {canSearch && (
        <button
          type="button"
          id="find-storage"
          className={controls.primary}
          onClick={() => {
            // The total can only be positive here, but the rule holds wherever the search starts.
            if (total <= 0) {
              setError(true);
              return;
            }
            setError(false);
            onFind();
          }}
        >
          {t('total.find')}
        </button>
      )}
      {error && !canSearch && (
        <p role="alert" className={styles.error}>
          {t('total.emptyError')}
        </p>
      )}
    </div>
  );
}
