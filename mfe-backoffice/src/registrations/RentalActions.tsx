import { api, FUNCTIONS_BASE_PATH } from 'shared-api';
import controls from 'shared-ui/controls.module.css';
import styles from '../Backoffice.module.css';
import { useStaffAction } from '../notice';
import { useBackofficeT } from '../texts';
import type { RegistrationPanelProps } from './panel';

/**
 * What the front desk does with a signed tenancy from its page: hand the tenant their signed
 * contract again (the PDF, downloaded and audited), and end the rental when they move out.
 */
export function RentalActions({ detail, announce, onChanged }: RegistrationPanelProps) {
  const t = useBackofficeT();
  const { busy, run } = useStaffAction(announce);
  const { registration, contract, units } = detail;
  const signed = contract?.status === 'completed';
  const active = registration.moveInStatus === 'allocated';
  // Signed for a day to come: the office can cancel it (the held units go back on sale, and the
  // deposit is then returned like any ended rental's).
  const scheduled = registration.moveInStatus === 'scheduled';
  if (!signed && !active) return null;

  const end = async () => {
    if (busy) return;
    const name = registration.companyName ?? registration.fullName;
    const question = scheduled
      ? t('rental.cancelScheduledConfirm', { name })
      : t('rental.endConfirm', { name, units: units.join(', ') });
    if (!window.confirm(question)) return;
    const ended = await run(
      () => api.backoffice('end_rental', { registrationId: registration.registrationId, confirm: true }),
      ({ freedUnits }) => t('rental.ended', { units: freedUnits.join(', ') }),
    );
    if (ended) onChanged();
  };

  return (
    <div className={styles.actions}>
      {signed && (
        <a
          className={`${controls.secondary} ${controls.compact}`}
          href={`${FUNCTIONS_BASE_PATH}/backoffice/signed-contract?${new URLSearchParams({
            registrationId: registration.registrationId,
          })}`}
          download
        >
          {t('rental.downloadContract')}
        </a>
      )}
      {(active || scheduled) && (
        <button
          type="button"
          className={`${controls.danger} ${controls.compact}`}
          onClick={end}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {scheduled ? t('rental.cancelScheduled') : t('rental.end')}
        </button>
      )}
    </div>
  );
}
