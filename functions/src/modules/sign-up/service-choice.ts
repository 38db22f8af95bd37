import { depositFor, PERIOD_MONTHS, type Period, type RefusalCode, type serviceDetails, totalPrice } from 'shared-api';
import type { z } from 'zod';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { availableStock, type CatalogueEntry, MAX_UNITS, unitsRequired } from '../catalogue';

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
  size_m3: string;
  stock_control: boolean;
  stock: number;
  active: boolean;
}

export interface ChosenProduct {
  pid: number;
  names: { es: string; en: string };
  prices: Record<Period, number>;
  setupFee: number;
  sizeM3: number;
  stock: number;
  /** Its units are counted (and held, and allocated): without it, stock is assumed (spec §9). */
  stockControl: boolean;
  active: boolean;
}

/**
 * The product as a sign-up may choose it. With a registration, its stock also counts the units
 * held for that registration (a waitlist offer it took): they are free for it, and only for it.
 */
export async function findProduct(
  q: Queryable,
  productId: string,
  registrationId?: string,
): Promise<ChosenProduct | null> {
  if (!/^\d{1,9}$/.test(productId)) return null;
  const { rows } =
    await q.query<ProductRow>(sql`select pid, name_es, name_en, monthly::text, quarterly::text, semiannually::text, annually::text,
       setup_fee::text, size_m3::text, stock_control, active,
       product_stock.stock + (select count(*)::integer from units u
         where u.product_id = pid and u.status = 'held' and u.registration_id = ${registrationId ?? null}::uuid) as stock
     from products join product_stock using (pid) where pid = ${Number(productId)}`);
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
    sizeM3: Number(row.size_m3),
    stock: availableStock({ stockControl: row.stock_control, stock: row.stock } as CatalogueEntry),
    stockControl: row.stock_control,
    active: row.active,
  };
}

/**
 * Units of the product the applicant rents: derived from the calculator's volume when there
 * is one (never trusted from the browser then), else what was asked, else one.
 */
export function unitsFor(
  product: ChosenProduct,
  requested: Pick<ServiceDetails, 'numberProductsRequired' | 'volumeRequested'>,
) {
  if (requested.volumeRequested) return unitsRequired(requested.volumeRequested, product.sizeM3);
  return requested.numberProductsRequired ?? 1;
}

/** Why `units` of a product cannot be chosen now, or null. */
export function unavailability(product: ChosenProduct | null, units: number): RefusalCode | null {
  if (!product) return 'product_not_found';
  if (!product.active) return 'product_inactive';
  if (units > MAX_UNITS) return 'product_too_small';
  if (product.stock < units) return 'product_out_of_stock';
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
  units: number,
  clientType: 'individual' | 'company',
): ServiceDetails {
  return {
    productId: String(product.pid),
    productName: requested.productName === product.names.en ? product.names.en : product.names.es,
    period: requested.period,
    setupFee: depositFor(clientType, product.setupFee),
    recurringFee: totalPrice(product.prices[requested.period], units),
    ...(requested.promoCode?.trim() ? { promoCode: requested.promoCode.trim().slice(0, 40) } : {}),
    ...(requested.customFields ? { customFields: requested.customFields } : {}),
    numberProductsRequired: units,
    ...(requested.volumeRequested ? { volumeRequested: requested.volumeRequested } : {}),
    ...(requested.moveInDate ? { moveInDate: requested.moveInDate } : {}),
  };
}
