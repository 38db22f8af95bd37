import type { TFunction } from 'i18next';
import { type Contract, maskEmail, type Payment, type Submitter } from 'shared-api';
import { formatCalendarDate, formatEuros, localeOf, useTranslation } from 'shared-i18n';
import { useNavigate } from 'shared-router';
import controls from 'shared-ui/controls.module.css';
import { toast } from 'shared-ui/toast';
import { emptyDraft } from '../session/draft';
import { removeSessionRecord } from '../session/session-record';
import { useDraft } from '../session/store';
import { useWizard } from '../wizard/context';
import { useRegistrationCode } from '../wizard/RegistrationCode';
import styles from '../wizard/Wizard.module.css';
import { Completion } from './Completion';
import { ProcessSteps } from './ProcessSteps';
import reviewStyles from './Review.module.css';
import { awaitingWording, finishBlock } from './rules';
import { useReviewState } from './useReviewState';

/** Step 5: the Application Summary, the three process steps, their live status, Finish. */
export function ReviewStep() {
  const { t } = useTranslation('signup');
  const wizard = useWizard();
  const navigate = useNavigate();
  const draft = useDraft((s) => s.draft);
  const code = useRegistrationCode(draft.registrationId);
  const review = useReviewState(draft.registrationId);
  const payment = review.payment.state === 'ready' ? review.payment.value : null;
  const contractState = review.contract.state === 'ready' ? review.contract.value : null;
  const contract = contractState?.contract ?? null;
  const locked = draft.globalStatus === 'completed';
  const service = draft.serviceDetails;
  const euros = (amount: number) => formatEuros(amount, wizard.language);
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(localeOf(wizard.language), { dateStyle: 'medium', timeStyle: 'short' }) : '';

  // Finish stays clickable: a click on it while blocked says why (spec §5).
  const finishBlocked = finishBlock({ clientId: draft.clientId, contract });
  const finish = () => {
    const block = finishBlocked;
    if (block) {
      toast({
        title: t(`review.errors.${block}Title`),
        description: t(`review.errors.${block}`),
        variant: 'destructive',
      });
      return;
    }
    // Done: the local draft has served its purpose.
    removeSessionRecord(localStorage, draft.registrationId);
    useDraft.getState().replace(emptyDraft());
    toast({
      title: t('review.finishedTitle'),
      description: t('review.finished'),
      variant: 'success',
      // Read on arrival at the home page: longer than news, and kept however long it takes to load.
      durationMs: 15_000,
      followsNavigation: true,
    });
    navigate(`/${wizard.language}`);
  };

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
      {locked && <Completion registrationId={draft.registrationId} moveIn={review.moveIn} phone={draft.phone} />}
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
        {payment && <PaymentBox payment={payment} date={date} />}
      </div>
      <p className={styles.code}>
        <strong>
          {t('review.code')}: <span className={reviewStyles.codeValue}>{code ?? 'XXXXXX'}</span>
        </strong>{' '}
        {t('review.codeHint')}
      </p>

      <h3>{t('review.processTitle')}</h3>
      <ProcessSteps
        locked={locked}
        payment={payment}
        contract={contract}
        onPaymentChanged={() => void review.loadPayment()}
        onContractChanged={() => void review.loadContract()}
      />

      <section className={reviewStyles.statusCard} aria-labelledby="review-status" aria-live="polite">
        <h4 id="review-status">{t('review.statusCard')}</h4>
        <dl>
          <div className={reviewStyles.row}>
            <dt>{t('review.payment')}</dt>
            <dd data-testid="payment-status">
              {review.payment.state === 'error'
                ? t(review.payment.network ? 'review.errors.paymentStatusNetwork' : 'review.errors.paymentStatus')
                : payment
                  ? t(`review.paymentStatus.${payment.status}`)
                  : t('review.noPayment')}
            </dd>
          </div>
          <div className={reviewStyles.row}>
            <dt>{t('review.contract')}</dt>
            <dd data-testid="contract-status">
              {review.contract.state === 'error'
                ? t('review.errors.contractStatus')
                : contract
                  ? contractWording(contract, contractState?.submitters ?? [], t)
                  : t('review.noContracts')}
            </dd>
          </div>
          {review.moveIn && (
            <div className={reviewStyles.row}>
              <dt>{t('review.unit')}</dt>
              <dd data-testid="move-in-status">
                {review.moveIn.status === 'allocated'
                  ? review.moveIn.unitNumbers.join(', ')
                  : review.moveIn.status === 'scheduled'
                    ? t('review.unitFrom', {
                        units: review.moveIn.unitNumbers.join(', '),
                        date: review.moveIn.moveInDate
                          ? formatCalendarDate(review.moveIn.moveInDate, wizard.language, 'medium')
                          : '',
                      })
                    : t('review.unitPending')}
              </dd>
            </div>
          )}
          {review.registrationError && (
            <p className={styles.error}>
              {t(
                review.registrationError.network
                  ? 'review.errors.registrationStatusNetwork'
                  : 'review.errors.registrationStatus',
              )}
            </p>
          )}
        </dl>
        {contract && (contractState?.submitters.length ?? 0) > 0 && (
          <>
            <h5>{t('review.signers')}</h5>
            <ul className={reviewStyles.signers}>
              {contractState?.submitters.map((signer) => (
                <li key={signer.id} data-testid={`signer-${signer.role}`}>
                  <span>{t(`review.roles.${signer.role}`)}</span> <span>{maskEmail(signer.email)}</span>{' '}
                  <strong>{t(`review.signerStatus.${signer.status}`)}</strong>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <div className={styles.actions}>
        <button type="button" className={controls.secondary} onClick={wizard.back}>
          {t('review.back')}
        </button>
        <button
          type="button"
          className={finishBlocked ? controls.secondary : controls.primary}
          onClick={finish}
          aria-describedby={finishBlocked ? 'review-finish-hint' : undefined}
        >
          {t('review.finish')}
        </button>
      </div>
      {finishBlocked && (
        <p id="review-finish-hint" className={styles.hint}>
          {t(`review.errors.${finishBlocked}`)}
        </p>
      )}
    </div>
  );
}

function contractWording(contract: Contract, submitters: Submitter[], t: TFunction<'signup'>): string {
  if (contract.status === 'awaiting_signatures') return t(`review.contractStatus.${awaitingWording(submitters)}`);
  return t(`review.contractStatus.${contract.status}`);
}

function PaymentBox({ payment, date }: { payment: Payment; date(iso: string | null): string }) {
  const { t } = useTranslation('signup');
  const { language } = useWizard();
  const amount =
    payment.currency === 'EUR'
      ? formatEuros(payment.amount, language)
      : `${payment.amount.toFixed(2)} ${payment.currency}`;
  return (
    <section aria-labelledby="review-payment" data-testid="payment-box">
      <h4 id="review-payment">{t('review.paymentBox')}</h4>
      <dl>
        <div className={reviewStyles.row}>
          <dt>{t('review.payment')}</dt>
          <dd>{t(`review.paymentStatus.${payment.status}`)}</dd>
        </div>
        <div className={reviewStyles.row}>
          <dt>{t('review.amount')}</dt>
          <dd>{amount}</dd>
        </div>
        {payment.completed_at && (
          <div className={reviewStyles.row}>
            <dt>{t('review.completedOn')}</dt>
            <dd>{date(payment.completed_at)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
