import { describe, expect, it } from 'vitest';
import { formatEuros, formatVolume } from './format';

// Intl uses narrow no-break spaces in some locales; compare on plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatEuros', () => {
  it('formats per es-ES and en-US', () => {
    expect(plain(formatEuros(1234.5, 'es'))).toBe('1234,50 €');
    expect(plain(formatEuros(12345.5, 'es'))).toBe('12.345,50 €');
    expect(formatEuros(1234.5, 'en')).toBe('€1,234.50');
  });
});

describe('formatVolume', () => {
  it('shows three decimals', () => {
    expect(formatVolume(0.125, 'es')).toBe('0,125 m³');
    expect(formatVolume(2, 'en')).toBe('2.000 m³');
    expect(formatVolume(0.0004, 'en')).toBe('0.000 m³');
  });
});
