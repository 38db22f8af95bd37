import { useState } from 'react';
import { api } from 'shared-api';
import controls from 'shared-ui/controls.module.css';
import styles from '../Backoffice.module.css';
import { useBackofficeT } from '../texts';

/**
 * Whether the company signs by itself the moment the applicant does (move-in in minutes). Staff
 * read it; a manager switches it, after confirming what it means.
 */
export function AutoCountersign({ enabled: initial, manager }: { enabled: boolean; manager: boolean }) {
  const t = useBackofficeT();
  const [enabled, setEnabled] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [saved, setSaved] = useState(false);
  const toggle = async () => {
    if (!window.confirm(enabled ? t('autoSign.confirmOff') : t('autoSign.confirmOn'))) return;
    setBusy(true);
    setFailed(false);
    setSaved(false);
    try {
      const answer = await api.backoffice('set_auto_countersign', { enabled: !enabled });
      setEnabled(answer.autoCountersign);
      setSaved(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="auto-countersign">
      <p>
        <strong>{enabled ? t('autoSign.on') : t('autoSign.off')}</strong>{' '}
        <span className={styles.muted}>{enabled ? t('autoSign.onHint') : t('autoSign.offHint')}</span>
      </p>
      {manager && (
        <button type="button" className={controls.secondary} disabled={busy} onClick={() => void toggle()}>
          {enabled ? t('autoSign.turnOff') : t('autoSign.turnOn')}
        </button>
      )}
      <div role="status" aria-live="polite">
        {failed && <p className={styles.error}>{t('autoSign.failed')}</p>}
        {saved && <p className={styles.ok}>{enabled ? t('autoSign.savedOn') : t('autoSign.savedOff')}</p>}
      </div>
    </div>
  );
}
