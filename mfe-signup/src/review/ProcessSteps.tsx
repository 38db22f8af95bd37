import { useEffect, useState } from 'react';
import { ApiError, api, CONTRACT_PENDING, type Contract, type Payment, refusalMessage } from 'shared-api';
import { formatEuros, pathFor, useTranslation } from 'shared-i18n';
import { Link } from 'shared-router';
import controls from 'shared-ui/controls.module.css';
import { toast } from 'shared-ui/toast';
import { waitlistUrl } from '../services/offer';
import { useDraft } from '../session/store';
import { useWizard } from '../wizard/context';
import { stepUrl } from '../wizard/navigation';
import { refusalOf } from '../wizard/refusals';
import styles from '../wizard/Wizard.module.css';
import reviewStyles from './Review.module.css';
import { canCreateContract, endedReason, formatClock, isLiveContract, paymentError } from './rules';

/** How long after creating a contract its state is read again (spec §9). */
export const CONTRACT_REFRESH_MS = 2_000;

interface Props {
  locked: boolean;
  payment: Payment | null;
  contract: Contract | null;
  onPaymentChanged(): void;
  onContractChanged(): void;
}

/** The three steps of the review: create the client, pay the deposit, create and sign the contract. */
export function ProcessSteps({ locked, payment, contract, onPaymentChanged, onContractChanged }: Props) {
  const { t } = useTranslation('signup');
  const { language } = useWizard();
  const draft = useDraft((s) => s.draft);
  const [creatingClient, setCreatingClient] = useState(false);
  const [paying, setPaying] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  // The units sold out just before paying: nothing was charged; other units or the waiting list.
  const [soldOut, setSoldOut] = useState(false);
  const [creatingContract, setCreatingContract] = useState(false);
  const [contractSent, setContractSent] = useState(false);
  const deposit = draft.serviceDetails?.setupFee ?? 0;

  useEffect(() => {
    if (!contractSent) return;
    const timer = setTimeout(onContractChanged, CONTRACT_REFRESH_MS);
    return () => clearTimeout(timer);
  }, [contractSent, onContractChanged]);

  const registrationId = () => {
    const id = useDraft.getState().draft.registrationId;
    if (!id) toast({ title: t('review.errors.registrationNotFound'), variant: 'destructive' });
    return id;
  };

  const createClient = async () => {
    const id = registrationId();
    if (!id) return;
    setCreatingClient(true);
    try {
      const result = await api.call('create-client', { registrationId: id });
      if (!result.success || !result.clientId) {
        toast({
          title: t('review.errors.createClientTitle'),
          description: result.error ?? t('review.errors.createClientFailed'),
          variant: 'destructive',
        });
        return;
      }
      useDraft.getState().update({ clientId: result.clientId });
    } catch (error) {
      const network = error instanceof ApiError && error.status === 0;
      toast({
        title: network ? t('review.errors.createClientNetwork') : t('review.errors.createClientTitle'),
        description: refusalMessage(error, t('review.errors.createClientUnexpected')),
        variant: 'destructive',
      });
    } finally {
      setCreatingClient(false);
    }
  };

  const pay = async () => {
    const id = registrationId();
    if (!id) return;
    setPaying(true);
    // Opened at once, inside the click, so that the browser does not block it as a popup.
    const checkout = window.open('', '_blank');
    try {
      const result = await api.call('create-revolut-payment', {
        registrationId: id,
        amount: deposit,
        currency: 'EUR',
        description: `Fianza ${draft.serviceDetails?.productName ?? ''}`.trim(),
        fianzaType: 'monthly',
        paymentMethod: { type: 'card' },
        returnPath: pathFor('signup', language, 'review'),
      });
      const url = result.checkoutUrl ?? result.checkout_url;
      if (!url) throw new ApiError('Error loading payment widget', 502);
      if (checkout) {
        checkout.opener = null;
        checkout.location.href = url;
      } else {
        window.location.assign(url);
      }
      onPaymentChanged();
    } catch (error) {
      checkout?.close();
      if (refusalOf(error) === 'product_out_of_stock') {
        setSoldOut(true);
        return;
      }
      const kind = error instanceof ApiError ? paymentError(error.message, error.status) : 'failed';
      toast({
        title: t('review.errors.paymentTitle'),
        description: t(`review.errors.payment.${kind}`),
        variant: 'destructive',
      });
    } finally {
      setPaying(false);
    }
  };

  /** Gives up the payment in flight (a bank that never confirms), so another card can be tried. */
  const cancelPayment = async () => {
    const id = registrationId();
    if (!id) return;
    setCancelling(true);
    try {
      await api.call('cancel-payment', { registrationId: id });
      onPaymentChanged();
    } catch (error) {
      toast({
        title: t('review.errors.paymentTitle'),
        description: refusalMessage(error, t('review.errors.cancelPayment')),
        variant: 'destructive',
      });
    } finally {
      setCancelling(false);
    }
  };

  const createContract = async () => {
    const id = registrationId();
    if (!id) return;
    setCreatingContract(true);
    try {
      const result = await api.call('create-contract', { registrationId: id });
      if (!result.success) {
        toast({
          title: t('review.errors.createContractTitle'),
          description: result.error ?? t('review.errors.createContractFailed'),
          variant: 'destructive',
        });
        return;
      }
      setContractSent(true);
      onContractChanged();
    } catch (error) {
      if (error instanceof ApiError && error.message === CONTRACT_PENDING) {
        toast({ title: t('review.errors.contractExists'), description: error.message, variant: 'destructive' });
        onContractChanged();
      } else {
        const network = error instanceof ApiError && error.status === 0;
        toast({
          title: network ? t('review.errors.createContractNetwork') : t('review.errors.createContractTitle'),
          description: refusalMessage(error, t('review.errors.createContractUnexpected')),
          variant: 'destructive',
        });
      }
    } finally {
      setCreatingContract(false);
    }
  };

  const widget = !payment
    ? 'idle'
    : payment.status === 'completed'
      ? 'completed'
      : payment.status === 'failed' || payment.status === 'cancelled'
        ? 'failed'
        : 'processing';

  return (
    <ol className={reviewStyles.process} aria-label={t('review.processTitle')}>
      <li className={reviewStyles.processStep} data-done={draft.clientId ? 'true' : undefined}>
        <h4>1. {t('review.step1')}</h4>
        {draft.clientId ? (
          <p className={styles.success}>✓ {t('review.clientCreated', { clientId: draft.clientId })}</p>
        ) : (
          <>
            <p>{t('review.step1Text')}</p>
            <button
              type="button"
              className={controls.primary}
              onClick={createClient}
              disabled={locked || creatingClient}
              aria-busy={creatingClient}
            >
              {t('review.create')}
            </button>
          </>
        )}
      </li>
      <li className={reviewStyles.processStep} data-done={widget === 'completed' ? 'true' : undefined}>
        <h4>2. {t('review.step2')}</h4>
        {!draft.clientId ? (
          <p className={styles.hint}>{t('review.step2Locked')}</p>
        ) : (
          <div data-testid="payment-widget" data-state={paying ? 'processing' : widget}>
            {widget === 'completed' && <p className={styles.success}>✓ {t('review.widgetCompleted')}</p>}
            {widget === 'processing' && !paying && (
              <>
                <p role="status">
                  {t('review.widgetProcessing')}{' '}
                  {payment?.checkout_url && (
                    <a href={payment.checkout_url} target="_blank" rel="noopener">
                      {t('review.openCheckout')}
                    </a>
                  )}
                </p>
                {payment?.expires_at && (
                  <p className={styles.hint} data-testid="payment-deadline">
                    {t('review.widgetDeadline', { time: formatClock(payment.expires_at, language) })}
                  </p>
                )}
                {!locked && (
                  <button
                    type="button"
                    className={controls.secondary}
                    onClick={cancelPayment}
                    disabled={cancelling}
                    aria-busy={cancelling}
                  >
                    {t('review.cancelPayment')}
                  </button>
                )}
              </>
            )}
            {widget === 'failed' && (
              <p className={styles.error} role="alert">
                {t(`review.widgetEnded.${endedReason(payment)}`)}
              </p>
            )}
            {soldOut && widget !== 'completed' && (
              <div className={styles.notice} role="alert" data-testid="payment-sold-out">
                <p>{t('review.soldOut')}</p>
                <div className={styles.choices}>
                  <Link
                    className={controls.secondary}
                    to={stepUrl(language, 'service-details', draft.registrationId ?? '')}
                  >
                    {t('review.chooseAnother')}
                  </Link>
                  {draft.serviceDetails && (
                    <Link
                      className={controls.secondary}
                      to={waitlistUrl(
                        language,
                        draft.serviceDetails.productId,
                        draft.serviceDetails.volumeRequested,
                        draft.registrationId,
                      )}
                    >
                      {t('review.joinWaitlist')}
                    </Link>
                  )}
                </div>
              </div>
            )}
            {paying && <p role="status">{t('review.paying')}</p>}
            {(widget === 'idle' || widget === 'failed') && !locked && !soldOut && (
              <button type="button" className={controls.primary} onClick={pay} disabled={paying} aria-busy={paying}>
                {widget === 'failed'
                  ? t('review.tryAgain')
                  : t('review.pay', { amount: formatEuros(deposit, language) })}
              </button>
            )}
          </div>
        )}
      </li>
      <li className={reviewStyles.processStep} data-done={contract?.status === 'completed' ? 'true' : undefined}>
        <h4>3. {t('review.step3')}</h4>
        {creatingContract && (
          <p role="status" className={reviewStyles.spinner}>
            {t('review.creatingContract')}
          </p>
        )}
        {contractSent && isLiveContract(contract) && contract?.status !== 'completed' && (
          <p className={styles.notice}>{t('review.contractSent')}</p>
        )}
        {!locked && canCreateContract({ payment, clientId: draft.clientId, contract }) && !creatingContract && (
          <button type="button" className={controls.primary} onClick={createContract}>
            {t('review.createContract')}
          </button>
        )}
        {payment?.status !== 'completed' && <p className={styles.hint}>{t('review.step3Locked')}</p>}
      </li>
    </ol>
  );
}
