import { useTranslation } from 'react-i18next';
import { formatEuros } from 'shared-i18n';
import { useDraft } from '../session/store';
import { useRegistrationCode } from '../wizard/RegistrationCode';
import { useWizard } from '../wizard/Wizard';
import styles from '../wizard/Wizard.module.css';
import reviewStyles from './Review.module.css';

/** Step 5: the Application Summary of everything entered. */
export function ReviewStep() {
  const { t } = useTranslation('signup');
  const wizard = useWizard();
  const draft = useDraft((s) => s.draft);
  const code = useRegistrationCode(draft.registrationId);
  const service = draft.serviceDetails;
  const euros = (amount: number) => formatEuros(amount, wizard.language);

  const rows = (entries: [string, string | null | false][]) =>
    entries
      .filter((entry): entry is [string, string] => Boolean(entry[1]))
      .map(([label, value]) => (
        <div key={label} className={reviewStyles.row}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ));

  return (
    <div>
      <h3 className={reviewStyles.title}>{t('review.title')}</h3>
      <div className={reviewStyles.grid}>
        <section aria-labelledby="review-personal">
          <h4 id="review-personal">{t('review.personal')}</h4>
          <dl>
            {rows([
              [t('review.clientType'), t(`client.${draft.clientType}`)],
              [t('review.name'), draft.fullName],
              [t('review.companyName'), draft.clientType === 'company' && draft.companyName],
              [t('review.cif'), draft.clientType === 'company' && draft.cif],
              [t(`client.${draft.documentType}`), draft.documentNumber],
            ])}
          </dl>
        </section>
        <section aria-labelledby="review-contact">
          <h4 id="review-contact">{t('review.contact')}</h4>
          <dl>
            {rows([
              [t('review.email'), draft.email],
              [t('review.phone'), draft.phone],
            ])}
          </dl>
        </section>
        {service && (
          <section aria-labelledby="review-service">
            <h4 id="review-service">{t('review.service')}</h4>
            <dl>
              {rows([
                [t('review.product'), service.productName],
                [t('review.period'), t(`periods.${service.period}`)],
                [t('review.deposit'), euros(service.setupFee)],
                [t('review.recurring'), euros(service.recurringFee)],
              ])}
            </dl>
          </section>
        )}
        <section aria-labelledby="review-address">
          <h4 id="review-address">{t('review.address')}</h4>
          <dl>
            {rows([
              [t('review.address'), draft.address],
              [t('client.city'), draft.city],
              [t('client.postalCode'), draft.postalCode],
              [t('review.iban'), draft.iban],
            ])}
          </dl>
        </section>
      </div>
      <p className={styles.code}>
        <strong>
          {t('review.code')}: <span className={reviewStyles.codeValue}>{code ?? 'XXXXXX'}</span>
        </strong>{' '}
        {t('review.codeHint')}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={wizard.back}>
          {t('common.previous')}
        </button>
      </div>
    </div>
  );
}
