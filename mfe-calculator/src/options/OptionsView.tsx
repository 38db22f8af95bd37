import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type CatalogueProduct, depositsByClientType, handoffQuery, productList, totalPrice } from 'shared-api';
import { formatEuros, formatVolume, type Language, pathFor, useTranslation } from 'shared-i18n';
import { useNavigate } from 'shared-router';
import { AsyncStatus, useAsync } from 'shared-ui/async';
import controls from 'shared-ui/controls.module.css';
import { WaitlistDialog } from '../waitlist/WaitlistDialog';
import styles from './Options.module.css';

type Mode = 'available' | 'waitlist';
interface Props {
  volume: number;
  language: Language;
  proceso: string | null;
  onClose: () => void;
  /** Opened from a sold-out unit elsewhere (the sign-up): the waitlist view, with that product's form open. */
  waitlistFor?: string | null;
}

/** Volume sent to the catalogue and handed to the sign-up: m³ with three decimals. */
const roundVolume = (m3: number) => Math.round(m3 * 1000) / 1000;

export function OptionsView({ volume, language, proceso, onClose, waitlistFor = null }: Props) {
  const { t } = useTranslation('calculator');
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>(waitlistFor ? 'waitlist' : 'available');
  const pendingWaitlist = useRef(waitlistFor);
  const [waitlistProduct, setWaitlistProduct] = useState<CatalogueProduct | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const m3 = roundVolume(volume);

  const [load, reload] = useAsync(async () => {
    const list = async (waitlist: boolean) =>
      productList(
        await api.products({
          // Without a volume (a waitlist link from a sign-up that had none) the catalogue is unsized.
          ...(m3 > 0 ? { m3 } : {}),
          lang: language,
          ...(waitlist ? { listaEspera: 'si' as const } : {}),
        }),
      );
    try {
      // The options that fit come with those that would fit but are sold out, and their waiting list.
      if (mode === 'waitlist') return { products: await list(true), soldOut: [] };
      const [products, soldOut] = await Promise.all([list(false), list(true)]);
      return { products, soldOut };
    } catch (error) {
      console.error('[calculator] could not load storage options', error);
      throw error;
    }
  }, [m3, mode, language]);
  const products = load.state === 'done' ? load.value.products : [];
  // Listed after the available ones only when some are available (else the spec's notice says it).
  const soldOut = load.state === 'done' && products.length > 0 ? load.value.soldOut : [];

  // A waitlist link names its product: its form opens once the list that holds it has loaded.
  useEffect(() => {
    if (load.state !== 'done' || !pendingWaitlist.current) return;
    const wanted = load.value.products.find((p) => String(p.pid) === pendingWaitlist.current);
    pendingWaitlist.current = null;
    if (wanted) setWaitlistProduct(wanted);
  }, [load]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new mode moves focus to its heading
  useEffect(() => {
    headingRef.current?.focus();
  }, [mode]);

  const choose = useCallback(
    (product: CatalogueProduct) => {
      const query = handoffQuery(
        {
          productId: String(product.pid),
          productName: product.name,
          unitsRequired: product.numberProductsRequired,
          volumeRequested: m3,
        },
        proceso,
      );
      navigate(`${pathFor('signup', language)}${query}`);
    },
    [m3, proceso, language, navigate],
  );

  const volumeText = formatVolume(volume, language);
  return (
    <section className={styles.view} aria-labelledby="options-title" data-testid="options-view">
      <div className={styles.header}>
        <h2 id="options-title" ref={headingRef} tabIndex={-1}>
          {mode === 'available'
            ? t('options.title', { volume: volumeText })
            : t('options.waitlistTitle', { volume: volumeText })}
        </h2>
        <button type="button" className={controls.secondary} onClick={onClose}>
          {t('options.close')}
        </button>
      </div>

      <AsyncStatus
        state={load}
        loading={t('options.loading')}
        failed={t('options.error')}
        retryLabel={t('options.retry')}
        onRetry={reload}
        classNames={{ status: styles.status, alert: styles.notice, button: controls.primary }}
      />

      {load.state === 'done' && products.length === 0 && mode === 'available' && (
        <div className={styles.notice}>
          <p>{t('options.none')}</p>
          <button type="button" className={controls.primary} onClick={() => setMode('waitlist')}>
            {t('options.seeWaitlist')}
          </button>
        </div>
      )}

      {load.state === 'done' && products.length === 0 && mode === 'waitlist' && (
        <div className={styles.notice}>
          <p>{t('options.noneAtAll')}</p>
        </div>
      )}

      {load.state === 'done' && products.length > 0 && (
        <ul className={styles.list}>
          {products.map((product, index) => {
            const best = mode === 'available' && index === 0;
            return (
              <li key={String(product.pid)} className={`${styles.option} ${best ? styles.best : ''}`}>
                {best && <span className={styles.badge}>{t('options.bestFit')}</span>}
                <h3>{product.name}</h3>
                <p className={styles.description}>{product.description}</p>
                <OptionPrice product={product} language={language} />
                {mode === 'waitlist' && <p className={styles.description}>{t('options.outOfStock')}</p>}
                {mode === 'available' ? (
                  <button
                    type="button"
                    className={controls.primary}
                    aria-label={t('options.chooseLabel', { name: product.name })}
                    onClick={() => choose(product)}
                  >
                    {t('options.choose')}
                  </button>
                ) : (
                  <JoinWaitlist product={product} primary onJoin={setWaitlistProduct} />
                )}
              </li>
            );
          })}
        </ul>
      )}

      {soldOut.length > 0 && (
        <section aria-labelledby="options-sold-out" data-testid="options-sold-out">
          <h3 id="options-sold-out" className={styles.subheading}>
            {t('options.soldOutTitle')}
          </h3>
          <ul className={styles.list}>
            {soldOut.map((product) => (
              <li key={String(product.pid)} className={styles.option} data-sold-out="">
                <span className={styles.soldOutBadge}>{t('options.soldOut')}</span>
                <h4>{product.name}</h4>
                <p className={styles.description}>{product.description}</p>
                <OptionPrice product={product} language={language} />
                <JoinWaitlist product={product} onJoin={setWaitlistProduct} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {load.state !== 'loading' && (mode === 'waitlist' || products.length > 0) && (
        <div className={styles.switch}>
          {mode === 'waitlist' ? (
            <button type="button" className={controls.secondary} onClick={() => setMode('available')}>
              {t('options.backToOptions')}
            </button>
          ) : (
            <button type="button" className={controls.secondary} onClick={() => setMode('waitlist')}>
              {t('options.seeWaitlist')}
            </button>
          )}
        </div>
      )}

      <WaitlistDialog
        product={waitlistProduct}
        volume={m3}
        proceso={proceso}
        language={language}
        onClose={() => setWaitlistProduct(null)}
      />
    </section>
  );
}

/** What an option costs: a month for every unit needed (one unit's price beside it) and the deposit. */
function OptionPrice({ product, language }: { product: CatalogueProduct; language: Language }) {
  const { t } = useTranslation('calculator');
  const { monthly, msetupfee } = product.pricing.EUR;
  const units = product.numberProductsRequired;
  const deposits = depositsByClientType(Number(msetupfee));
  return (
    <>
      {units > 1 && <p className={styles.units}>{t('options.units', { count: units })}</p>}
      {/* What they will pay a month: every unit they need, the sort's own figure. */}
      <p className={styles.price} data-testid="option-monthly">
        {t('options.perMonth', { price: formatEuros(totalPrice(Number(monthly), units), language) })}
      </p>
      {units > 1 && (
        <p className={styles.perUnit}>
          {t('options.perUnitBreakdown', { count: units, price: formatEuros(Number(monthly), language) })}
        </p>
      )}
      <p data-testid="option-deposit">
        {deposits.individual === deposits.company
          ? t('options.deposit', { price: formatEuros(deposits.individual, language) })
          : t('options.depositByType', {
              individual: formatEuros(deposits.individual, language),
              company: formatEuros(deposits.company, language),
            })}
      </p>
    </>
  );
}

/** A product's way onto its waiting list: opens the form for it. */
function JoinWaitlist({
  product,
  primary = false,
  onJoin,
}: {
  product: CatalogueProduct;
  primary?: boolean;
  onJoin(product: CatalogueProduct): void;
}) {
  const { t } = useTranslation('calculator');
  return (
    <button
      type="button"
      className={primary ? controls.primary : controls.secondary}
      aria-label={t('options.joinWaitlistLabel', { name: product.name })}
      onClick={() => onJoin(product)}
    >
      {t('options.joinWaitlist')}
    </button>
  );
}
