import { describe, expect, it } from 'vitest';
import { FALLBACK_REVIEWS, reviewsFrom } from './reviews';

const review = (stars: number) => ({ author: 'A', stars, text: 'T' });

describe('reviewsFrom', () => {
  it('takes three reviews from the translated list', () => {
    expect(reviewsFrom([review(5), review(4), review(3), review(2)])).toHaveLength(3);
  });

  it.each([
    ['a missing key (i18next returns the key)', 'home.reviews'],
    ['nothing', undefined],
    ['too few', [review(5)]],
    ['stars out of range', [review(0), review(6), review(3)]],
  ])('falls back to the Spanish reviews for %s', (_case, value) => {
    expect(reviewsFrom(value)).toBe(FALLBACK_REVIEWS);
  });

  it('keeps a valid list as it is, so the fallback itself passes the same rules', () => {
    const list = [review(5), review(1), review(3)];
    expect(reviewsFrom(list)).toEqual(list);
    expect(reviewsFrom(FALLBACK_REVIEWS)).toEqual(FALLBACK_REVIEWS);
  });
});
