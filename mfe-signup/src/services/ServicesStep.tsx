import { type ReactNode, useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { api, depositFor, facilityDay, moveInDayProblem, moveInWindow, type Period, productList } from 'shared-api';
import { formatCalendarDate, formatEuros, formatVolume, pathFor, useTranslation } from 'shared-i18n';
import { Link, useLocation, useNavigate } from 'shared-router';
import { AsyncStatus, useAsync } from 'shared-ui/async';
import controls from 'shared-ui/controls.module.css';
import { toast } from 'shared-ui/toast';
import type { ServiceDetails } from '../session/draft';
import { useDraft } from '../session/store';
import { useWizard } from '../wizard/context';
import { periodFromParam } from '../wizard/navigation';
import { StepActions } from '../wizard/StepActions';
import styles from '../wizard/Wizard.module.css';
import {
  isAlmostGone,
  isSoldOut,
  type Offer,
  offeredPeriods,
  periodFor,
  recurringFee,
  toOffer,
  waitlistUrl,
} from './offer';
import serviceStyles from './Services.module.css';

/** Step 4: the storage product and the payment period. */
export function ServicesStep() {
  const { t } = useTranslation('signup');
  const wizard = useWizard();
  const { language } = wizard;
  const navigate = useNavigate();
  const { search, pathname } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const m3 = Number(params.get('m3'));
  const waitlist = params.get('listaEspera') === 'si';
  const draft = useDraft((s) => s.draft);
  const registrationId = draft.registrationId;
  // The offers for the measured volume; null when no product is that large. With the
  // registration, units held for it (a waitlist offer it took) count as its stock.
  const [load, reload] = useAsync(async () => {
    try {
      const response = await api.products({
        ...(m3 > 0 ? { m3 } : {}),
        ...(waitlist ? { listaEspera: 'si' as const } : {}),
        ...(registrationId ? { proceso: registrationId } : {}),
        lang: language,
      });
      return response.result === 'success' ? productList(response).map(toOffer) : null;
    } catch (error) {
      console.error('[signup] products failed', error);
      throw error;
    }
  }, [m3, waitlist, language, registrationId]);
  const [continuing, setContinuing] = useState(false);
  const [nextWhenListed, setNextWhenListed] = useState(false);
  const locked = draft.globalStatus === 'completed';

  const offers = load.state === 'done' ? (load.value ?? []) : [];
  const selectedId = draft.serviceDetails?.productId ?? params.get('producto') ?? null;
  const selected = offers.find((o) => o.productId === selectedId && !isSoldOut(o)) ?? null;
  // The product chosen in the calculator sold out while the visitor was signing up: say so, and
  // offer its waiting list beside the options that still fit (spec §8 "Product not available").
  const goneChoice =
    load.state === 'done' && selectedId && !selected && !offers.some((o) => o.productId === selectedId && isSoldOut(o))
      ? {
          productId: selectedId,
          name: draft.serviceDetails?.productId === selectedId ? draft.serviceDetails.productName : '',
        }
      : null;
  const wantedPeriod = draft.serviceDetails?.period ?? periodFromParam(params.get('periodo'));
  const period = selected ? periodFor(selected, wantedPeriod) : null;

  /** Stores the choice locally and on the server (saved after each change). */
  const choose = useCallback(
    (offer: Offer, nextPeriod: Period | null, promoCode: string | undefined) => {
      const chosenPeriod = periodFor(offer, nextPeriod);
      if (!chosenPeriod) return;
      const current = useDraft.getState().draft;
      const units = Math.min(offer.unitsRequired, 3);
      const serviceDetails: ServiceDetails = {
        productId: offer.productId,
        productName: offer.name,
        period: chosenPeriod,
        setupFee: depositFor(current.clientType, offer.deposit),
        recurringFee: recurringFee({ ...offer, unitsRequired: units }, chosenPeriod),
        ...(promoCode ? { promoCode } : {}),
        numberProductsRequired: units,
        // The volume the list was filtered by: the server derives the same units from it.
        ...(m3 > 0 ? { volumeRequested: m3 } : {}),
      };
      const updated = { ...current, serviceDetails };
      useDraft.getState().replace(updated);
      return updated;
    },
    [m3],
  );

  // A product preselected by URL or draft gets its prices once the catalogue is known.
  useEffect(() => {
    if (!selected || !period || locked) return;
    const details = useDraft.getState().draft.serviceDetails;
    if (
      details?.productId === selected.productId &&
      details.period === period &&
      details.productName === selected.name &&
      details.setupFee === depositFor(useDraft.getState().draft.clientType, selected.deposit) &&
      details.numberProductsRequired === Math.min(selected.unitsRequired, 3)
    )
      return;
    choose(selected, period, details?.productId === selected.productId ? details.promoCode : undefined);
  }, [selected, period, choose, locked]);

  const pickProduct = (offer: Offer) => {
    // A new product keeps the period only if it offers it; the promo code starts again.
    const updated = choose(offer, period, undefined);
    if (updated) void wizard.save(updated);
  };

  const pickPeriod = (next: Period) => {
    if (!selected) return;
    const updated = choose(selected, next, draft.serviceDetails?.promoCode);
    if (updated) void wizard.save(updated);
  };

  // The facility's today (Madrid): a move-in day from it to 30 days ahead.
  const days = moveInWindow(facilityDay(new Date()));
  const lastDay = formatCalendarDate(days.last, language, 'medium');
  // Untouched, nothing is sent: the server moves in at the signature (its own today, not this
  // device's clock).
  const chosenDay = draft.serviceDetails?.moveInDate ?? days.first;
  const [dayError, setDayError] = useState<string | null>(null);
  const setMoveInDate = (value: string) => {
    const current = useDraft.getState().draft;
    if (!current.serviceDetails) return;
    setDayError(null);
    useDraft.getState().update({
      serviceDetails: { ...current.serviceDetails, ...(value ? { moveInDate: value } : { moveInDate: undefined }) },
    });
  };

  const setPromo = (value: string) => {
    const current = useDraft.getState().draft;
    if (!current.serviceDetails) return;
    const promoCode = value.slice(0, 40);
    useDraft.getState().update({
      serviceDetails: { ...current.serviceDetails, ...(promoCode ? { promoCode } : { promoCode: undefined }) },
    });
  };

  const next = async () => {
    // Tapped before the list has arrived (a slow phone): kept, and acted on once it is there
    // (the effect below), not answered "choose a product" while the chosen one is on its way.
    if (load.state === 'loading') {
      setNextWhenListed(true);
      return;
    }
    // A tap in the frame between the list painting and the effect above storing the
    // preselected product: store it now rather than claim nothing is chosen.
    const stored = useDraft.getState().draft;
    const current =
      selected && period && stored.serviceDetails?.productId !== selected.productId
        ? (choose(selected, period, undefined) ?? stored)
        : stored;
    if (!selected || !current.serviceDetails) {
      toast({ title: t('services.selectionTitle'), description: t('services.selection'), variant: 'destructive' });
      return;
    }
    // A day chosen is checked here as the server will.
    const moveInDate = current.serviceDetails.moveInDate;
    if (moveInDate && moveInDayProblem(moveInDate, days.first)) {
      setDayError(t('services.moveInInvalid', { last: lastDay }));
      document.getElementById('signup-move-in')?.focus();
      return;
    }
    setContinuing(true);
    const moved = await wizard.complete('service-details', current);
    setContinuing(false);
    // Refused (sold out meanwhile, say): the list shows again what can be chosen now.
    if (!moved) reload();
  };

  // The kept tap runs the latest render's `next`, the one that sees the list.
  const runKeptNext = useEffectEvent(() => void next());
  useEffect(() => {
    if (!nextWhenListed || load.state === 'loading') return;
    setNextWhenListed(false);
    runKeptNext();
  }, [nextWhenListed, load.state]);

  const showAll = () => {
    const all = new URLSearchParams(params);
    all.delete('m3');
    all.delete('listaEspera');
    navigate(`${pathname}?${all}`, { replace: true });
  };

  const calculatorUrl = `${pathFor('calculator', language)}${draft.registrationId ? `?proceso=${draft.registrationId}` : ''}`;

  return (
    <div>
      <p>{t('services.intro')}</p>
      <AsyncStatus
        state={load}
        loading={t('services.loading')}
        failed={t('services.loadError')}
        retryLabel={t('services.tryAgain')}
        onRetry={reload}
        classNames={{ status: styles.status, alert: styles.alert, button: controls.secondary }}
      />
      {goneChoice && (
        <div className={styles.notice} role="alert" data-testid="choice-gone">
          <p>
            <strong>{t('toasts.productUnavailableTitle')}</strong>{' '}
            {goneChoice.name ? t('services.choiceGone', { name: goneChoice.name }) : t('services.choiceGoneUnnamed')}
          </p>
          <div className={styles.choices}>
            <Link className={controls.secondary} to={waitlistUrl(language, goneChoice.productId, m3, registrationId)}>
              {t('services.joinWaitlist')}
            </Link>
          </div>
          {offers.some((o) => !isSoldOut(o)) && <p>{t('services.choiceGoneOthers')}</p>}
        </div>
      )}
      {load.state === 'done' && load.value === null && (
        <WiderSearch calculatorUrl={calculatorUrl} onShowAll={showAll}>
          <p>{t('services.noSize')}</p>
        </WiderSearch>
      )}
      {load.state === 'done' && load.value?.length === 0 && (
        <WiderSearch calculatorUrl={calculatorUrl} onShowAll={showAll}>
          <p>
            <strong>{t('services.noResults')}</strong>
          </p>
        </WiderSearch>
      )}
      {load.state === 'done' && offers.length > 0 && (
        <>
          {waitlist && <p className={styles.notice}>{t('services.waitlistNote')}</p>}
          <fieldset className={serviceStyles.products} disabled={locked}>
            <legend className={serviceStyles.legend}>
              {m3 > 0 ? t('services.forVolume', { volume: formatVolume(m3, language) }) : t('services.products')}
            </legend>
            {offers.map((offer) => {
              if (isSoldOut(offer)) return <SoldOutProduct key={offer.productId} offer={offer} volume={m3} />;
              const isSelected = offer.productId === selected?.productId;
              return (
                <label key={offer.productId} className={serviceStyles.product} data-selected={isSelected || undefined}>
                  <input
                    type="radio"
                    name="product"
                    value={offer.productId}
                    checked={isSelected}
                    onChange={() => pickProduct(offer)}
                    className={serviceStyles.radio}
                  />
                  <span className={serviceStyles.productBody}>
                    <span className={serviceStyles.productHead}>
                      <strong>{offer.name}</strong>
                      {isAlmostGone(offer) && <span className={serviceStyles.badge}>{t('services.almostGone')}</span>}
                    </span>
                    <span className={serviceStyles.description}>{offer.description}</span>
                    <span>
                      {t('services.deposit', {
                        amount: formatEuros(depositFor(draft.clientType, offer.deposit), language),
                      })}
                    </span>
                    {/* What each period costs for every unit needed; one unit's price beside it. */}
                    <span className={serviceStyles.prices} data-testid={`prices-${offer.productId}`}>
                      {offeredPeriods(offer).map((p) => (
                        <span key={p}>
                          {t(`periods.${p}`)}: {formatEuros(recurringFee(offer, p), language)}
                          {offer.unitsRequired > 1 &&
                            ` ${t('services.perUnit', {
                              count: offer.unitsRequired,
                              price: formatEuros(offer.prices[p] ?? 0, language),
                            })}`}
                        </span>
                      ))}
                    </span>
                    {offer.unitsRequired > 1 && (
                      <span className={serviceStyles.units}>
                        {t('services.unitsNote', { count: offer.unitsRequired })}
                      </span>
                    )}
                  </span>
                </label>
              );
            })}
          </fieldset>
          {selected && period && (
            <div className={styles.form}>
              <div className={styles.field}>
                <label htmlFor="signup-period">{t('services.period')}</label>
                <select
                  className={controls.control}
                  id="signup-period"
                  name="period"
                  value={period}
                  onChange={(e) => pickPeriod(e.target.value as Period)}
                  disabled={locked}
                >
                  {offeredPeriods(selected).map((p) => (
                    <option key={p} value={p}>
                      {t(`periods.${p}`)} · {formatEuros(recurringFee(selected, p), language)}
                    </option>
                  ))}
                </select>
              </div>
              <div className={styles.field}>
                <label htmlFor="signup-promo">{t('services.promoCode')}</label>
                <input
                  className={controls.control}
                  id="signup-promo"
                  name="promoCode"
                  autoComplete="off"
                  maxLength={40}
                  value={draft.serviceDetails?.promoCode ?? ''}
                  onChange={(e) => setPromo(e.target.value)}
                  onBlur={() => void wizard.save()}
                  disabled={locked}
                />
              </div>
              <div className={styles.field}>
                <label htmlFor="signup-move-in">{t('services.moveInDate')}</label>
                <input
                  className={controls.control}
                  id="signup-move-in"
                  name="moveInDate"
                  type="date"
                  min={days.first}
                  max={days.last}
                  value={chosenDay}
                  onChange={(e) => setMoveInDate(e.target.value)}
                  onBlur={() => void wizard.save()}
                  aria-invalid={dayError ? true : undefined}
                  aria-describedby={dayError ? 'signup-move-in-error' : 'signup-move-in-hint'}
                  disabled={locked}
                  required
                />
                {dayError ? (
                  <p id="signup-move-in-error" className={styles.error}>
                    {dayError}
                  </p>
                ) : (
                  <p id="signup-move-in-hint" className={styles.hint}>
                    {t('services.moveInHint', { last: lastDay })}
                  </p>
                )}
              </div>
              <p className={`${styles.wide} ${serviceStyles.total}`} aria-live="polite">
                {t('services.total', {
                  amount: formatEuros(recurringFee(selected, period), language),
                  period: t(`periods.${period}`).toLowerCase(),
                })}
              </p>
            </div>
          )}
        </>
      )}
      <StepActions>
        <button
          type="button"
          className={controls.primary}
          onClick={next}
          disabled={continuing || locked}
          aria-busy={continuing || nextWhenListed}
        >
          {t('common.next')}
        </button>
      </StepActions>
    </div>
  );
}

/**
 * A product without enough free units: shown (the visitor came for it) but not choosable; the
 * calculator owns the waiting list, so the link opens its form for this product and volume.
 */
function SoldOutProduct({ offer, volume }: { offer: Offer; volume: number }) {
  const { t } = useTranslation('signup');
  const { language } = useWizard();
  const registrationId = useDraft((s) => s.draft.registrationId);
  const nameId = `sold-out-${offer.productId}`;
  return (
    <div className={serviceStyles.product} data-sold-out="">
      <input
        type="radio"
        name="product"
        value={offer.productId}
        disabled
        className={serviceStyles.radio}
        aria-labelledby={nameId}
      />
      <span className={serviceStyles.productBody}>
        <span className={serviceStyles.productHead}>
          <strong id={nameId}>{offer.name}</strong>
          <span className={serviceStyles.soldOut}>{t('services.soldOut')}</span>
        </span>
        <span className={serviceStyles.description}>{offer.description}</span>
        <Link
          className={controls.secondary}
          to={waitlistUrl(language, offer.productId, volume, registrationId)}
          aria-label={t('services.joinWaitlistLabel', { name: offer.name })}
        >
          {t('services.joinWaitlist')}
        </Link>
      </span>
    </div>
  );
}

/** Nothing to list: back to the calculator, or the whole catalogue without the size filters. */
function WiderSearch({
  calculatorUrl,
  onShowAll,
  children,
}: {
  calculatorUrl: string;
  onShowAll(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation('signup');
  return (
    <div className={styles.notice} role="status">
      {children}
      <div className={styles.choices}>
        <Link className={controls.secondary} to={calculatorUrl}>
          {t('services.backToCalculator')}
        </Link>
        <button type="button" className={controls.secondary} onClick={onShowAll}>
          {t('services.showAll')}
        </button>
      </div>
    </div>
  );
}
