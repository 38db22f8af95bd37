export interface Review {
  author: string;
  stars: number;
  text: string;
}

/** Shown when the translated list is missing or broken (spec: three built-in Spanish reviews). */
export const FALLBACK_REVIEWS: readonly Review[] = [
  { author: 'Carmen G.', stars: 5, text: 'Muy limpio y seguro. El personal, encantador.' },
  { author: 'Antonio P.', stars: 5, text: 'Perfecto para guardar los muebles durante la mudanza.' },
  { author: 'Rocío S.', stars: 4, text: 'Buen precio y acceso cómodo a cualquier hora.' },
];

function isReview(value: unknown): value is Review {
  const r = value as Partial<Review> | null;
  return (
    typeof r?.author === 'string' &&
    typeof r.text === 'string' &&
    typeof r.stars === 'number' &&
    Number.isInteger(r.stars) &&
    r.stars >= 1 &&
    r.stars <= 5
  );
}

/** Three reviews of 1–5 stars from the translated list, else the built-in Spanish ones. */
export function reviewsFrom(translated: unknown): readonly Review[] {
  if (Array.isArray(translated)) {
    const valid = translated.filter(isReview);
    if (valid.length >= 3) return valid.slice(0, 3);
  }
  return FALLBACK_REVIEWS;
}
