import { type CatalogueProduct, PERIODS, type Period, totalPrice } from 'shared-api';
import { type Language, pathFor } from 'shared-i18n';

/** A catalogue product as the service step shows it (pure reading of the products function). */
export interface Offer {
  productId: string;
  name: string;
  description: string;
  deposit: number;
  prices: Partial<Record<Period, number>>;
  stock: number;
  unitsRequired: number;
}

/** Stock assumed without stock control (spec §9). */
export const DEFAULT_STOCK = 100;
export const ALMOST_GONE_AT = 1;

export function toOffer(product: CatalogueProduct): Offer {
  const pricing = product.pricing.EUR;
  const prices: Partial<Record<Period, number>> = {};
  for (const period of PERIODS) {
    const price = Number(pricing[period]);
    // A negative price means the period is not offered.
    if (Number.isFinite(price) && price >= 0) prices[period] = price;
  }
  return {
    productId: String(product.pid),
    name: product.name,
    description: product.description,
    deposit: Number(pricing.msetupfee),
    prices,
    stock: product.stockcontrol ? product.stocklevel : DEFAULT_STOCK,
    unitsRequired: product.numberProductsRequired,
  };
}

export const offeredPeriods = (offer: Offer): Period[] => PERIODS.filter((p) => offer.prices[p] !== undefined);

/** Keeps the period when the product offers it, else the first one it offers. */
export function periodFor(offer: Offer, wanted: Period | null | undefined): Period | null {
  if (wanted && offer.prices[wanted] !== undefined) return wanted;
  return offeredPeriods(offer)[0] ?? null;
}

/** Not enough free units for this applicant's volume: listed (the waiting list is the way), never chosen. */
export const isSoldOut = (offer: Offer) => offer.stock < offer.unitsRequired;

export const isAlmostGone = (offer: Offer) => !isSoldOut(offer) && offer.stock <= ALMOST_GONE_AT;

/** The recurring price of the choice: the period's price for every unit needed. */
export function recurringFee(offer: Offer, period: Period): number {
  return totalPrice(offer.prices[period] ?? 0, offer.unitsRequired);
}

/**
 * The calculator's waiting list for a product that sold out, its form open, for this volume and
 * this sign-up (the calculator owns the waiting list; only a URL crosses between remotes).
 */
export function waitlistUrl(
  language: Language,
  productId: string,
  volume: number | undefined,
  registrationId: string | null,
): string {
  const query = new URLSearchParams({ listaEspera: 'si', producto: productId });
  if (volume && volume > 0) query.set('m3', String(volume));
  if (registrationId) query.set('proceso', registrationId);
  return `${pathFor('calculator', language)}?${query}`;
}
