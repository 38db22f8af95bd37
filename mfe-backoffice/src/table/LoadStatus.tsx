import type { Language } from 'shared-i18n';
import { type AsyncState, AsyncStatus } from 'shared-ui/async';
import controls from 'shared-ui/controls.module.css';
import styles from '../Backoffice.module.css';
import { useBackofficeT } from '../texts';

/** Loading, or a failure with Retry, in the back-office's words and look. */
export function LoadStatus({ state, onRetry }: { state: AsyncState<unknown>; onRetry(): void }) {
  const t = useBackofficeT();
  return (
    <AsyncStatus
      state={state}
      loading={t('loading')}
      failed={t('failed')}
      retryLabel={t('retry')}
      onRetry={onRetry}
      classNames={{ status: styles.muted, alert: styles.alert, button: controls.secondary }}
    />
  );
}

/** The CSV export of a list with its filters (the server's `backoffice/export`), in the page's language. */
export function exportHref(
  report: 'registrations' | 'units' | 'audit' | 'rent_roll' | 'income',
  language: Language,
  filters: Record<string, string | undefined>,
) {
  const params = new URLSearchParams({ report, lang: language });
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return `/functions/v1/backoffice/export?${params}`;
}
