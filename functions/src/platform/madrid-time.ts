import { VISIT_TIME_ZONE } from 'shared-api';

/**
 * Wall-clock dates and times at the facility (Europe/Madrid), whatever the server's zone, from
 * Intl alone: visit slots are "10:00 in Vélez" (09:00 UTC in winter, 08:00 in summer), and the
 * deadlines e-mails state are Madrid's.
 */
const format = new Intl.DateTimeFormat('en-CA', {
  timeZone: VISIT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function wall(date: Date): { date: string; time: string; asUtc: number } {
  const part = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  const [y, m, d, h, min] = [part.year, part.month, part.day, part.hour, part.minute].map(Number) as number[];
  return {
    date: `${part.year}-${part.month}-${part.day}`,
    time: `${part.hour}:${part.minute}`,
    asUtc: Date.UTC(y ?? 0, (m ?? 1) - 1, d, h, min),
  };
}

/** The facility's date of an instant, `YYYY-MM-DD`. */
export const madridDate = (date: Date): string => wall(date).date;
/** The facility's time of an instant, `HH:MM`. */
export const madridTime = (date: Date): string => wall(date).time;

/** The instant it is `time` (`HH:MM`) on `date` (`YYYY-MM-DD`) at the facility. */
export function fromMadrid(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  const target = Date.UTC(y, m - 1, d, h, min);
  // The zone's offset at the guess, then again at the corrected instant (a DST change between).
  let instant = target;
  for (let i = 0; i < 2; i += 1) instant = target - (wall(new Date(instant)).asUtc - instant);
  return new Date(instant);
}

// The calendar arithmetic the pages use too (the move-in window): one implementation.
export { plusDays as addDays } from 'shared-api';

/** ISO weekday of a date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

/** A moment in full for an e-mail, on the facility's clock ("lunes, 23 de noviembre de 2026, 10:00"). */
export function madridDateTime(date: Date, lang: 'es' | 'en'): string {
  return new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-GB', {
    timeZone: VISIT_TIME_ZONE,
    dateStyle: 'full',
    timeStyle: 'short',
  }).format(date);
}

/** A calendar date (`YYYY-MM-DD`) as Spanish documents write it: `01/12/2026`. */
export const spanishDate = (isoDate: string): string => isoDate.split('-').reverse().join('/');
