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

/** Cubic metres with exactly three decimals: `0,125 m³` / `0.125 m³`. */
export function formatVolume(cubicMetres: number, lang: Language): string {
  let formatter = volumeFormatters.get(lang);
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: 3, maximumFractionDigits: 3 });
    volumeFormatters.set(lang, formatter);
  }
  return `${formatter.format(cubicMetres)} m³`;
}
