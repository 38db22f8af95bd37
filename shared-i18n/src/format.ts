import type { Language } from './languages';

const LOCALES: Record<Language, string> = { es: 'es-ES', en: 'en-US' };

export function localeOf(lang: Language): string {
  return LOCALES[lang];
}

/*
 * Numbers are written out here instead of with Intl.NumberFormat: the browser loads its locale
 * data on the first one, a 40 ms task on this machine (160 ms on Lighthouse's phone), paid by
 * every page that showed a price. The output is es-ES's and en-US's, checked against Intl in
 * the tests, and the same in Node and every browser (a server render cannot differ).
 */
const NUMBERS: Record<Language, { decimal: string; group: string; minimumGroupedDigits: number }> = {
  // es-ES groups thousands only from five digits on: 1234 but 12.345.
  es: { decimal: ',', group: '.', minimumGroupedDigits: 5 },
  en: { decimal: '.', group: ',', minimumGroupedDigits: 4 },
};

/**
 * The digits of a non-negative `value` rounded half away from zero to `digits` decimals, as Intl
 * rounds: on the number as it is written (1.005 → 1.01), not on its binary value (1.00499…).
 */
function roundedDigits(value: number, digits: number): [whole: string, fraction: string] {
  const written = String(value);
  if (/e/i.test(written)) return splitFixed(value.toFixed(digits));
  const [whole = '0', fraction = ''] = written.split('.');
  if (fraction.length <= digits) return [whole, fraction.padEnd(digits, '0')];
  const kept = BigInt(`${whole}${fraction.slice(0, digits)}`) + (Number(fraction[digits]) >= 5 ? 1n : 0n);
  const text = kept.toString().padStart(digits + 1, '0');
  return [text.slice(0, text.length - digits), text.slice(text.length - digits)];
}

function splitFixed(fixed: string): [string, string] {
  const [whole = '0', fraction = ''] = fixed.split('.');
  return [whole, fraction];
}

/** `value` rounded to `digits` decimals, in the language's way. */
function writeNumber(value: number, lang: Language, digits: number, grouping: boolean): string {
  const { decimal, group, minimumGroupedDigits } = NUMBERS[lang];
  const negative = value < 0 || Object.is(value, -0);
  const [whole, fraction] = roundedDigits(Math.abs(value), digits);
  const grouped = grouping && whole.length >= minimumGroupedDigits ? whole.replace(/\B(?=(\d{3})+$)/g, group) : whole;
  return `${negative ? '-' : ''}${grouped}${fraction ? `${decimal}${fraction}` : ''}`;
}

/** EUR with two decimals in the language's locale: `1234,50 €` / `€1,234.50`. */
export function formatEuros(amount: number, lang: Language): string {
  const number = writeNumber(Math.abs(amount), lang, 2, true);
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return lang === 'es' ? `${sign}${number}\u00a0€` : `${sign}€${number}`;
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

/** A decimal to show in an input, in the language's way: `1,5` / `1.5` (no grouping, up to three decimals). */
export function formatDecimal(value: number, lang: Language): string {
  const { decimal } = NUMBERS[lang];
  const written = writeNumber(value, lang, 3, false);
  return written.includes(decimal) ? written.replace(/0+$/, '').replace(/[.,]$/, '') : written;
}

/** Cubic metres with exactly three decimals: `0,125 m³` / `0.125 m³`. */
export function formatVolume(cubicMetres: number, lang: Language): string {
  return `${writeNumber(cubicMetres, lang, 3, true)} m³`;
}

const CALENDAR_STYLES = {
  short: { weekday: 'short', day: 'numeric', month: 'short' },
  long: { weekday: 'long', day: 'numeric', month: 'long' },
  medium: { dateStyle: 'medium' },
  full: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * A calendar date (`YYYY-MM-DD`) in the language's words: `short` "mar, 1 dic", `long` "martes, 1 de
 * diciembre", `medium` "1 dic 2026" (no reader misreads it, unlike 01/12), `full` "martes, 1 de
 * diciembre de 2026". Read at UTC: a calendar
 * date has no zone, so it is the same day wherever it is shown.
 */
export function formatCalendarDate(date: string, lang: Language, style: keyof typeof CALENDAR_STYLES): string {
  return new Intl.DateTimeFormat(localeOf(lang), { ...CALENDAR_STYLES[style], timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
