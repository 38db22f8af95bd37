import type { Language } from 'shared-i18n';

const DAY_NAMES: Record<Language, string[]> = {
  es: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'],
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
};
const RANGE: Record<Language, (from: string, to: string) => string> = {
  es: (from, to) => `de ${from} a ${to}`,
  en: (from, to) => `${from} to ${to}`,
};
const LIST_END: Record<Language, string> = { es: ' y ', en: ' and ' };

/**
 * The office's days, as a person says them: a run of three or more days as a range ("de lunes a
 * sábado", "Monday to Saturday"), otherwise a list ("lunes, miércoles y viernes"). ISO weekdays.
 */
export function officeDays(weekdays: number[], language: Language): string {
  const days = [...new Set(weekdays)].filter((day) => day >= 1 && day <= 7).sort((a, b) => a - b);
  const names = days.map((day) => DAY_NAMES[language][day - 1] ?? '');
  if (days.length === 7) return language === 'es' ? 'todos los días' : 'every day';
  const contiguous = days.every((day, i) => i === 0 || day === (days[i - 1] ?? 0) + 1);
  if (contiguous && days.length >= 3) return RANGE[language](names[0] ?? '', names.at(-1) ?? '');
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')}${LIST_END[language]}${names.at(-1)}`;
}
