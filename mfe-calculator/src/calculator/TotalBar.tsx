import { useState } from 'react';
import { MAX_VOLUME_M3 } from 'shared-api';
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
  const [error, setError] = useState<'empty' | 'tooLarge' | null>(null);
  const canSearch = total > 0;
  // More than any storage holds (an item in metres that was meant in centimetres): say so
  // instead of asking the catalogue, which would refuse it, behind a Retry that could never work.
  const tooLarge = error === 'tooLarge' && total > MAX_VOLUME_M3;
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
              setError('empty');
              return;
            }
            if (total > MAX_VOLUME_M3) {
              setError('tooLarge');
              return;
            }
            setError(null);
            onFind();
          }}
        >
          {t('total.find')}
        </button>
      )}
      {error === 'empty' && !canSearch && (
        <p role="alert" className={styles.error}>
          {t('total.emptyError')}
        </p>
      )}
      {tooLarge && (
        <p role="alert" className={styles.error} data-testid="volume-too-large">
          {t('total.tooLarge', { volume: formatVolume(total, language) })}
        </p>
      )}
    </div>
  );
}
