import { type Language, localeOf } from 'shared-i18n';

/** A moment as the facility lives it: Madrid's clock, whatever the computer's zone. */
export function formatDateTime(iso: string | null, language: Language): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'Europe/Madrid',
  }).format(new Date(iso));
}

export function formatDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'Europe/Madrid' }).format(
    new Date(iso),
  );
}

export function formatTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(localeOf(language), { timeStyle: 'short', timeZone: 'Europe/Madrid' }).format(
    new Date(iso),
  );
}
