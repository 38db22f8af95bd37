import type { Language } from './languages';

const LOCALES: Record<Language, string> = { es: 'es-ES', en: 'en-US' };

export function localeOf(lang: Language): string {
  return LOCALES[lang];
}

const euroFormatters = new Map<Language, Intl.NumberFormat>();
const volumeFormatters = new Map<Language, Intl.NumberFormat>();

/** EUR with two decimals in the language's locale: `1.234,50 €` / `€1,234.50`. */
export function formatEuros(amount: number, lang: Language): string {
  let formatter = euroFormatters.get(lang);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[lang], {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    euroFormatters.set(lang, formatter);
  }
  return formatter.format(amount);
}

/**
 * A decimal as a person types it, in either language: `1,5` and `1.5` are one and a half
 * everywhere; with both separators the last one is the decimal point (`1.234,5`, `1,234.5`);
 * a separator repeated is grouping (`1.234.567`). Spaces are ignored. NaN when it is no number.
 */
export function parseDecimal(text: string): number {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  if (!/^[-+]?[\d.,]*\d[\d.,]*$/.test(compact)) return Number.NaN;
  const commas = compact.split(',').length - 1;
  const dots = compact.split('.').length - 1;
  let decimal: ',' | '.' | null = null;
  if (commas && dots) decimal = compact.lastIndexOf(',') > compact.lastIndexOf('.') ? ',' : '.';
  else if (commas === 1) decimal = ',';
  else if (dots === 1) decimal = '.';
  const grouping = decimal === ',' ? '.' : decimal === '.' ? ',' : commas ? ',' : '.';
  const [whole = '', fraction] = decimal
    ? [compact.slice(0, compact.lastIndexOf(decimal)), compact.slice(compact.lastIndexOf(decimal) + 1)]
    : [compact];
  if (fraction !== undefined && /[.,]/.test(fraction)) return Number.NaN;
  const groups = whole.replace(/^[-+]/, '').split(grouping);
  // Grouping only as people write it (1.234.567): otherwise "1,5," would silently become 15.
  if (groups.length > 1 && !(/^\d{1,3}$/.test(groups[0] ?? '') && groups.slice(1).every((g) => /^\d{3}$/.test(g)))) {
    return Number.NaN;
  }
  return Number(`${whole.split(grouping).join('')}${fraction === undefined ? '' : `.${fraction}`}`);
}

const decimalFormatters = new Map<Language, Intl.NumberFormat>();

/** A decimal to show in an input, in the language's way: `1,5` / `1.5` (no grouping). */
export function formatDecimal(value: number, lang: Language): string {
  let formatter = decimalFormatters.get(lang);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 3, useGrouping: false });
    decimalFormatters.set(lang, formatter);
  }
  return formatter.format(value);
}

/** Cubic metres with exactly three decimals: `0,125 m³` / `0.125 m³`. */
export function formatVolume(cubicMetres: number, lang: Language): string {
  let formatter = volumeFormatters.get(lang);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: 3, maximumFractionDigits: 3 });
    volumeFormatters.set(lang, formatter);
  }
  return `${formatter.format(cubicMetres)} m³`;
}

/**
 * Creates the language's number formatters ahead of the first render that needs them. The
 * browser loads its locale data on the first `Intl.NumberFormat`, a long task on a phone: in a
 * task of its own it does not lengthen the render (the calculator's total) that would pay it.
 */
export function prepareFormatters(lang: Language): void {
  formatEuros(0, lang);
  formatVolume(0, lang);
  formatDecimal(0, lang);
}
