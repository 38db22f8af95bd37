import { useState } from 'react';
import { useTranslation } from 'shared-i18n';
import { useLocation } from 'shared-router';
import controls from 'shared-ui/controls.module.css';
import { toast } from 'shared-ui/toast';
import styles from '../calculator/Calculator.module.css';
import { useCalculator } from '../calculator/store';
import { shareUrl } from './share-link';

/** Copy a link that restores this list elsewhere, and print the list. */
export function ShareBar() {
  const { t } = useTranslation('calculator');
  const items = useCalculator((s) => s.items);
  const { pathname } = useLocation();
  const [manualUrl, setManualUrl] = useState<string | null>(null);
  if (items.length === 0) return null;

  const copy = async () => {
    const url = shareUrl(window.location.origin, pathname, items);
    try {
      await navigator.clipboard.writeText(url);
      setManualUrl(null);
      toast({ title: t('share.copied'), description: t('share.copiedText'), variant: 'success' });
    } catch {
      // No clipboard (permissions, plain http): show the link to copy by hand.
      setManualUrl(url);
    }
  };

  return (
    <div className={styles.shareBar}>
      <button type="button" className={controls.secondary} onClick={copy}>
        {t('share.copy')}
      </button>
      <button type="button" className={controls.secondary} onClick={() => window.print()}>
        {t('share.print')}
      </button>
      {manualUrl && (
        <label>
          <span>{t('share.manual')}</span>
          <input
            className={controls.control}
            type="url"
            readOnly
            value={manualUrl}
            onFocus={(e) => e.currentTarget.select()}
          />
        </label>
      )}
    </div>
  );
}
