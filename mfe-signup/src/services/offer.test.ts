import type { CatalogueProduct } from 'shared-api';
import { describe, expect, it } from 'vitest';
import { isAlmostGone, offeredPeriods, periodFor, recurringFee, toOffer } from './offer';

const product = (overrides: Partial<CatalogueProduct> = {}): CatalogueProduct => ({
  pid: 101,
  gid: 1,
  name: 'Box 1 m³',
  description: 'Locked box',
  pricing: {
    EUR: { msetupfee: '50.00', monthly: '30.00', quarterly: '87.00', semiannually: '165.00', annually: '-1.00' },
  },
  stockcontrol: true,
  stocklevel: 10,
  numberProductsRequired: 1,
  ...overrides,
});

describe('service offers', () => {
  it('hides the periods with a negative price', () => {
    const offer = toOffer(product());
    expect(offeredPeriods(offer)).toEqual(['monthly', 'quarterly', 'semiannually']);
    expect(offer.deposit).toBe(50);
  });

  it('falls back to the first offered period', () => {
    const offer = toOffer(product());
    expect(periodFor(offer, 'annually')).toBe('monthly');
    expect(periodFor(offer, 'quarterly')).toBe('quarterly');
    const noMonthly = toOffer(
      product({
        pricing: { EUR: { msetupfee: '0', monthly: '-1', quarterly: '-1', semiannually: '300', annually: '500' } },
      }),
    );
    expect(periodFor(noMonthly, null)).toBe('semiannually');
  });

  it('stock: 100 without stock control, almost gone at 1 or less', () => {
    expect(toOffer(product({ stockcontrol: false, stocklevel: 0 })).stock).toBe(100);
    expect(isAlmostGone(toOffer(product({ stocklevel: 1 })))).toBe(true);
    expect(isAlmostGone(toOffer(product({ stocklevel: 2 })))).toBe(false);
  });

  it('multiplies the price by the units needed', () => {
    expect(recurringFee(toOffer(product({ numberProductsRequired: 2 })), 'quarterly')).toBe(174);
  });
});
