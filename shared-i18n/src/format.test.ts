import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDecimal, formatEuros, formatVolume, parseDecimal } from './format';

// Intl uses narrow no-break spaces in some locales; compare on plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatEuros', () => {
  it('formats per es-ES and en-US', () => {
    expect(plain(formatEuros(1234.5, 'es'))).toBe('1234,50 €');
    expect(plain(formatEuros(12345.5, 'es'))).toBe('12.345,50 €');
    expect(formatEuros(1234.5, 'en')).toBe('€1,234.50');
  });
});

describe('numbers written out as Intl writes them (es-ES, en-US)', () => {
  const samples = [
    0, -0, 0.001, 0.0005, 0.004, 0.125, 0.5, 1, 1.005, 1.5, 2.675, 9.995, 12.3456, 99.999, 999.9995, 1000, 1234.5,
    9999.99, 12345.678, 123456.7891, 1234567.891, 98765432.1, -0.0004, -1.5, -1234.567, -12345.5,
  ];
  // Random values too: each rounding and grouping case is met many times.
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  for (let i = 0; i < 400; i++) samples.push(Math.round((random() - 0.2) * 10 ** Math.floor(random() * 8) * 1e4) / 1e4);

  it.each(['es', 'en'] as const)('%s: euros, volumes and decimals', (lang) => {
    const locale = lang === 'es' ? 'es-ES' : 'en-US';
    const euros = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
    const volume = new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
    const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 3, useGrouping: false });
    for (const value of samples) {
      expect(formatEuros(value, lang), `${value}`).toBe(euros.format(value));
      expect(formatVolume(value, lang), `${value}`).toBe(`${volume.format(value)} m³`);
      expect(formatDecimal(value, lang), `${value}`).toBe(decimal.format(value));
    }
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

describe('formatCalendarDate', () => {
  it('writes a calendar date in each language, the same day whatever the zone', () => {
    expect(formatCalendarDate('2026-12-01', 'es', 'medium')).toBe('1 dic 2026');
    expect(formatCalendarDate('2026-12-01', 'en', 'medium')).toBe('Dec 1, 2026');
    expect(formatCalendarDate('2026-12-01', 'es', 'full')).toBe('martes, 1 de diciembre de 2026');
    expect(formatCalendarDate('2026-12-01', 'en', 'full')).toBe('Tuesday, December 1, 2026');
    expect(formatCalendarDate('2026-12-01', 'es', 'long')).toBe('martes, 1 de diciembre');
    expect(formatCalendarDate('2026-12-01', 'en', 'short')).toBe('Tue, Dec 1');
  });
});
