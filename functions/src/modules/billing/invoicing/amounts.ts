/** Money is integer cents everywhere; these are the only conversions. */

/** A price in euros as the catalogue stores it (e.g. 45.5) in cents. */
export const toCents = (euros: number): number => Math.round(euros * 100);

/** Cents as the tax agency and a bank file write them: `1234.50`, `-12.00`. */
export function decimalEuros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as a Spanish reader reads them: `1.234,50 €`. */
export function euros(cents: number, language: 'es' | 'en' = 'es'): string {
  return new Intl.NumberFormat(language === 'en' ? 'en-IE' : 'es-ES', {
    style: 'currency',
    currency: 'EUR',
    useGrouping: true,
  }).format(cents / 100);
}

export interface VatSplit {
  baseCents: number;
  vatCents: number;
  totalCents: number;
}

/**
 * An amount split into taxable base and VAT. Prices as published include VAT (a tenant pays what
 * the site shows): the base is the total over 1 + rate, rounded to the cent, and the VAT is the
 * rest, so base + VAT is always the total. Without VAT included, the VAT is added to the price.
 */
export function splitVat(amountCents: number, ratePercent: number, pricesIncludeVat: boolean): VatSplit {
  if (!Number.isInteger(amountCents)) throw new RangeError('amounts are whole cents');
  if (pricesIncludeVat) {
    const baseCents = roundHalfAwayFromZero((amountCents * 100) / (100 + ratePercent));
    return { baseCents, vatCents: amountCents - baseCents, totalCents: amountCents };
  }
  const vatCents = roundHalfAwayFromZero((amountCents * ratePercent) / 100);
  return { baseCents: amountCents, vatCents, totalCents: amountCents + vatCents };
}

function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}
