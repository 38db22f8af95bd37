import { describe, expect, it } from 'vitest';
import { formatDecimal, formatEuros, formatVolume, parseDecimal } from './format';

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

describe('decimals as people type them', () => {
  it.each([
    ['1,5', 1.5],
    ['1.5', 1.5],
    ['0,125', 0.125],
    ['1.234,5', 1234.5],
    ['1,234.5', 1234.5],
    ['1.234.567', 1234567],
    ['12 345,6', 12345.6],
    ['1,', 1],
    ['-2,5', -2.5],
  ])('%j → %s', (text, value) => expect(parseDecimal(text)).toBe(value));

  it.each(['', 'abc', ',', '1,5,', '1.2.3', '1,2345.6', '1.5,2.5'])('%j is no number (never a silent ×10)', (text) =>
    expect(parseDecimal(text)).toBeNaN(),
  );

  it('shows a decimal back the language’s way, without grouping', () => {
    expect(formatDecimal(1.5, 'es')).toBe('1,5');
    expect(formatDecimal(1.5, 'en')).toBe('1.5');
    expect(formatDecimal(12345.678, 'es')).toBe('12345,678');
  });
});
