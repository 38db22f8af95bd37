import { formatCalendarDate, type Language, localeOf } from 'shared-i18n';

/** A moment as the facility lives it: Madrid's clock, whatever the computer's zone. */
export function formatDateTime(iso: string | null, language: Language): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'Europe/Madrid',
  }).format(new Date(iso));
}

/** The facility's date of a moment, `YYYY-MM-DD`. */
export function facilityDate(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Madrid',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

/** A calendar date (`YYYY-MM-DD`) no reader can misread: "3 dic 2026", "3 Dec 2026". */
export const shortDate = (date: string, language: Language) => formatCalendarDate(date, language, 'medium');

/** A date (`YYYY-MM-DD`) as a heading: "martes, 24 de noviembre". */
export function dayHeading(date: string, language: Language): string {
  return formatCalendarDate(date, language, 'long');
}

export function formatTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), { timeStyle: 'short', timeZone: 'Europe/Madrid' }).format(
    new Date(iso),
  );
}

/** A product's name in the page's language: the catalogue is Spanish first, English beside it. */
export function productNameIn(language: Language, spanish: string, english: string | null | undefined): string;
export function productNameIn(
  language: Language,
  spanish: string | null,
  english: string | null | undefined,
): string | null;
export function productNameIn(language: Language, spanish: string | null, english: string | null | undefined) {
  return language === 'en' && english ? english : spanish;
}
