import { depositFor, PERIOD_MONTHS, type Period, type serviceDetails } from 'shared-api';
import type { z } from 'zod';
import type { Queryable } from '../../db';
import { availableStock, type CatalogueEntry } from '../products/matching';

type ServiceDetails = z.infer<typeof serviceDetails>;

interface ProductRow extends Record<string, unknown> {
  pid: number;
  name_es: string;
  name_en: string;
  monthly: string;
  quarterly: string;
  semiannually: string;
  annually: string;
  setup_fee: string;
  stock_control: boolean;
  stock: number;
  active: boolean;
}

export interface ChosenProduct {
  pid: number;
  names: { es: string; en: string };
  prices: Record<Period, number>;
  setupFee: number;
  stock: number;
  active: boolean;
}

export async function findProduct(q: Queryable, productId: string): Promise<ChosenProduct | null> {
  if (!/^\d{1,9}$/.test(productId)) return null;
  const { rows } = await q.query<ProductRow>(
    `select pid, name_es, name_en, monthly::text, quarterly::text, semiannually::text, annually::text,
       setup_fee::text, stock_control, stock, active from products where pid = $1`,
    [Number(productId)],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    pid: row.pid,
    names: { es: row.name_es, en: row.name_en },
    prices: {
      monthly: Number(row.monthly),
      quarterly: Number(row.quarterly),
      semiannually: Number(row.semiannually),
      annually: Number(row.annually),
    },
    setupFee: Number(row.setup_fee),
    stock: availableStock({ stockControl: row.stock_control, stock: row.stock } as CatalogueEntry),
    active: row.active,
  };
}

export const PRODUCT_NOT_FOUND = 'Product not found';
export const PRODUCT_INACTIVE = 'Product no longer offered';
export const PRODUCT_OUT_OF_STOCK = 'Product out of stock';
export const PERIOD_NOT_OFFERED = 'Payment period not offered for this product';

/** Why a product cannot be chosen now, or null. */
export function unavailability(product: ChosenProduct | null): string | null {
  if (!product) return PRODUCT_NOT_FOUND;
  if (!product.active) return PRODUCT_INACTIVE;
  if (product.stock < 1) return PRODUCT_OUT_OF_STOCK;
  return null;
}

export const isOffered = (product: ChosenProduct, period: Period) => product.prices[period] >= 0;

/** The first period with a price (the spec's fallback when the chosen one is not offered). */
export function firstOfferedPeriod(product: ChosenProduct): Period | null {
  return (Object.keys(PERIOD_MONTHS) as Period[]).find((p) => isOffered(product, p)) ?? null;
}

/**
 * The service choice as stored: deposit and prices from the catalogue and the client type,
 * never from the browser; the
 * name in the language the browser showed it in (Spanish otherwise).
 */
export function pricedChoice(
  product: ChosenProduct,
  requested: ServiceDetails,
  clientType: 'individual' | 'company',
): ServiceDetails {
  const units = requested.numberProductsRequired ?? 1;
  return {
    productId: String(product.pid),
    productName: requested.productName === product.names.en ? product.names.en : product.names.es,
    period: requested.period,
    setupFee: depositFor(clientType, product.setupFee),
    recurringFee: Math.round(product.prices[requested.period] * units * 100) / 100,
    ...(requested.promoCode?.trim() ? { promoCode: requested.promoCode.trim().slice(0, 40) } : {}),
    ...(requested.customFields ? { customFields: requested.customFields } : {}),
    numberProductsRequired: units,
  };
}
