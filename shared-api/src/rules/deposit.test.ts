import { describe, expect, it } from 'vitest';
import { depositFor, depositsByClientType, totalPrice } from './deposit';

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

describe('what a choice costs', () => {
  it('is one unit times the units needed, to the cent', () => {
    expect(totalPrice(49, 3)).toBe(147);
    expect(totalPrice(19.99, 3)).toBe(59.97);
    expect(totalPrice(0.1, 3)).toBe(0.3);
    expect(totalPrice(62, 1)).toBe(62);
  });

  it('shows both deposits until the client type is known, or the product’s own for both', () => {
    expect(depositsByClientType(0)).toEqual({ individual: 150, company: 300 });
    expect(depositsByClientType(50)).toEqual({ individual: 50, company: 50 });
  });
});
