/**
 * Move-in in minutes: the applicant picks the day they move in, from today to this many days
 * ahead (the facility's days, Madrid). Their units are held from the deposit until then.
 */
export const MOVE_IN_WINDOW_DAYS = 30;

/** `YYYY-MM-DD` plus `days`, as calendar days. */
export function plusDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days)).toISOString().slice(0, 10);
}

// Made once: a formatter costs far more to make than to use (the gateway asks on every page).
const madridDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The facility's day (Madrid) at an instant, `YYYY-MM-DD`. */
export const facilityDay = (at: Date) => madridDay.format(at);

/** The days a move-in may be chosen on, given the facility's today. */
export const moveInWindow = (today: string) => ({ first: today, last: plusDays(today, MOVE_IN_WINDOW_DAYS) });

/** What is wrong with a chosen move-in day, or null. */
export function moveInDayProblem(date: string, today: string): 'invalid' | 'past' | 'too_far' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || plusDays(date, 0) !== date) return 'invalid';
  const { first, last } = moveInWindow(today);
  if (date < first) return 'past';
  if (date > last) return 'too_far';
  return null;
}
