import { describe, expect, it } from 'vitest';
import { handoffQuery, readHandoff } from './handoff';

const handoff = { productId: '204', productName: 'Trastero 6 m³', unitsRequired: 1, volumeRequested: 5.125 };

describe('sign-up handoff', () => {
  it('round-trips through a URL-encoded JSON query parameter, with proceso', () => {
    const query = handoffQuery(handoff, 'reg-123');
    expect(query).toContain('productos=%7B%22productId%22%3A%22204%22');
    expect(new URLSearchParams(query).get('proceso')).toBe('reg-123');
    expect(readHandoff(query)).toEqual(handoff);
  });

  it('omits proceso when there is none', () => {
    expect(new URLSearchParams(handoffQuery(handoff)).has('proceso')).toBe(false);
  });

  it.each(['?productos=%7Bnot-json', '?productos=%7B%22productId%22%3A1%7D', '?other=1'])(
    'reads %s as null',
    (search) => {
      expect(readHandoff(search)).toBeNull();
    },
  );
});
