import { describe, expect, it } from 'vitest';
import { depositFor } from './deposit';

describe('deposit', () => {
  it('is 150 EUR for individuals and 300 EUR for companies by default', () => {
    expect(depositFor('individual', 0)).toBe(150);
    expect(depositFor('company', 0)).toBe(300);
    expect(depositFor('company', null)).toBe(300);
  });

  it('is the product setup fee when it has one', () => {
    expect(depositFor('individual', 50)).toBe(50);
    expect(depositFor('company', 50)).toBe(50);
  });
});
