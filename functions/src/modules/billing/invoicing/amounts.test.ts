import { describe, expect, it } from 'vitest';
import { decimalEuros, splitVat, toCents } from './amounts';
import { invoiceNumber } from './numbering';

describe('money in cents', () => {
  it('splits a price with VAT included into base and VAT that add up to it', () => {
    expect(splitVat(4500, 21, true)).toEqual({ baseCents: 3719, vatCents: 781, totalCents: 4500 });
    expect(splitVat(12100, 21, true)).toEqual({ baseCents: 10000, vatCents: 2100, totalCents: 12100 });
    for (let cents = 1; cents < 5000; cents += 7) {
      const split = splitVat(cents, 21, true);
      expect(split.baseCents + split.vatCents).toBe(cents);
      expect(Math.abs(split.baseCents * 1.21 - cents)).toBeLessThanOrEqual(1);
    }
  });

  it('adds VAT to a price without it, and splits a negative amount (a credit note) the same way', () => {
    expect(splitVat(10000, 21, false)).toEqual({ baseCents: 10000, vatCents: 2100, totalCents: 12100 });
    expect(splitVat(-4500, 21, true)).toEqual({ baseCents: -3719, vatCents: -781, totalCents: -4500 });
  });

  it('refuses fractions of a cent', () => {
    expect(() => splitVat(45.5, 21, true)).toThrow(RangeError);
  });

  it('converts euros to cents without floating-point drift, and writes them as the agency does', () => {
    expect(toCents(0.29)).toBe(29);
    expect(toCents(45.55)).toBe(4555);
    expect(decimalEuros(4550)).toBe('45.50');
    expect(decimalEuros(-5)).toBe('-0.05');
  });

  it('numbers invoices F2026-000123 and refuses a number the series cannot hold', () => {
    expect(invoiceNumber('F', 2026, 123)).toBe('F2026-000123');
    expect(invoiceNumber('R', 2027, 1)).toBe('R2027-000001');
    expect(() => invoiceNumber('F', 2026, 0)).toThrow(RangeError);
  });
});
