import { describe, expect, it } from 'vitest';
import { waitlistDeepLink } from './deep-link';

const read = (query: string) => waitlistDeepLink(new URLSearchParams(query));

describe('waitlist deep link', () => {
  it('opens the waitlist for a product at a volume', () => {
    expect(read('listaEspera=si&producto=204&m3=4.5')).toEqual({ productId: '204', volume: 4.5 });
    expect(read('listaEspera=si&producto=204')).toEqual({ productId: '204' });
    expect(read('listaEspera=si')).toEqual({ productId: null });
  });

  it('ignores what is not a pid or a sane volume, and links without listaEspera=si', () => {
    expect(read('listaEspera=si&producto=x1&m3=-2')).toEqual({ productId: null });
    expect(read('listaEspera=si&m3=1e9')).toEqual({ productId: null });
    expect(read('producto=204&m3=4')).toBeNull();
  });
});
