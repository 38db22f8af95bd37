import { FUNCTIONS_BASE_PATH, type MoveIn } from 'shared-api';
import { DOOR_PATHS, formatCalendarDate, type Language, useTranslation } from 'shared-i18n';
import controls from 'shared-ui/controls.module.css';
import reviewStyles from './Review.module.css';

/**
 * The finished sign-up (spec: "Process Completed, no further changes can be made"), and what the
 * new tenant needs next: their unit, how to get in, and the signed contract to keep.
 */
export function Completion({
  registrationId,
  moveIn,
  phone,
}: {
  registrationId: string | null;
  moveIn: MoveIn | null;
  phone: string;
}) {
  const { t, i18n } = useTranslation('signup');
  const language: Language = i18n.language === 'en' ? 'en' : 'es';
  const contractUrl = registrationId
    ? `${FUNCTIONS_BASE_PATH}/signed-contract?${new URLSearchParams({ registrationId })}`
    : null;
  return (
    <div className={reviewStyles.locked} role="status" data-testid="completion">
      <strong>🔒 {t('review.lockedTitle')}</strong>
      <p>{t('review.locked')}</p>
      {moveIn?.status === 'allocated' && (
        <>
          <p className={reviewStyles.unitLine}>
            {t('review.completion.unit', { count: moveIn.unitNumbers.length })}{' '}
            <strong data-testid="completion-units">{moveIn.unitNumbers.join(', ')}</strong>
          </p>
          {moveIn.doorAccess ? (
            <>
              <p>
                <strong>{t('review.completion.howTitle')}</strong>
              </p>
              <ol className={reviewStyles.steps}>
                <li>{t('review.completion.pin', { phone })}</li>
                <li>{t('review.completion.keypad')}</li>
                <li>{t('review.completion.link')}</li>
              </ol>
              <p>
                <a className={controls.secondary} href={DOOR_PATHS.app}>
                  {t('review.completion.openDoor')}
                </a>
              </p>
            </>
          ) : (
            <p>{t('review.completion.accessPending')}</p>
          )}
        </>
      )}
      {moveIn?.status === 'scheduled' && (
        <>
          <p className={reviewStyles.unitLine}>
            {t('review.completion.unit', { count: moveIn.unitNumbers.length })}{' '}
            <strong data-testid="completion-units">{moveIn.unitNumbers.join(', ')}</strong>
          </p>
          <p data-testid="completion-scheduled">
            {t('review.completion.scheduled', {
              date: moveIn.moveInDate ? formatCalendarDate(moveIn.moveInDate, language, 'full') : '',
              phone,
            })}
          </p>
        </>
      )}
      {moveIn?.status === 'awaiting_unit' && <p>{t('review.completion.awaitingUnit')}</p>}
      {contractUrl && (
        <p>
          <a className={controls.primary} href={contractUrl} download>
            {t('review.completion.download')}
          </a>
        </p>
      )}
    </div>
  );
}
