import { describe, expect, it } from 'vitest';
import { creditorIdentifier, isValidCreditorIdentifier } from './sepa-creditor';

describe('SEPA creditor identifier', () => {
  it('computes the check digits of the EPC’s example and of a Spanish NIF', () => {
    expect(creditorIdentifier('09999999999', { country: 'DE', businessCode: 'ZZZ' })).toBe('DE98ZZZ09999999999');
    expect(creditorIdentifier('B00000000')).toBe('ES81000B00000000');
  });

  it('ignores the business code and refuses a mistyped check digit or id', () => {
    expect(isValidCreditorIdentifier('ES81000B00000000')).toBe(true);
    expect(isValidCreditorIdentifier('ES81ZZZB00000000')).toBe(true);
    expect(isValidCreditorIdentifier('ES82000B00000000')).toBe(false);
    expect(isValidCreditorIdentifier('ES81000B00000001')).toBe(false);
    expect(isValidCreditorIdentifier('B00000000')).toBe(false);
  });
});
