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

  it('needs only a productId (the spec promises no more); other fields count when valid', () => {
    const from = (value: string) => readHandoff(new URLSearchParams({ productos: value }));
    expect(from('{"productId":204}')).toEqual({ productId: '204' });
    expect(from('{"productId":" 7 ","unitsRequired":2.5,"volumeRequested":-1,"productName":""}')).toEqual({
      productId: '7',
    });
    expect(from('{"productId":"204","unitsRequired":3,"volumeRequested":4.5}')).toEqual({
      productId: '204',
      unitsRequired: 3,
      volumeRequested: 4.5,
    });
  });

  it.each([
    '?productos=%7Bnot-json',
    '?productos=%7B%22productName%22%3A%22x%22%7D',
    '?productos=%7B%22productId%22%3A%22%22%7D',
    '?productos=null',
    '?other=1',
  ])('reads %s as null', (search) => {
    expect(readHandoff(search)).toBeNull();
  });
});
