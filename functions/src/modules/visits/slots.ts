import { addDays, fromMadrid, isoWeekday, madridDate } from '../../platform/madrid-time';

export interface VisitRules {
  weekdays: number[];
  opensAt: string;
  closesAt: string;
  slotMinutes: number;
  capacity: number;
  bookingDays: number;
  minNoticeMinutes: number;
}

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The slots of one date by the rules (open weekday, whole slots between opening and closing). */
export function slotsOn(rules: VisitRules, date: string): { time: string; startsAt: Date }[] {
  if (!rules.weekdays.includes(isoWeekday(date))) return [];
  const slots: { time: string; startsAt: Date }[] = [];
  for (
    let start = minutesOf(rules.opensAt);
    start + rules.slotMinutes <= minutesOf(rules.closesAt);
    start += rules.slotMinutes
  ) {
    slots.push({ time: timeOf(start), startsAt: fromMadrid(date, timeOf(start)) });
  }
  return slots;
}

export interface BookableDay {
  date: string;
  slots: { startsAt: string; time: string; available: number }[];
}

/**
 * The days from today (the facility's) to `bookingDays` ahead with the slots one can still book:
 * not on a closed date, at least `minNoticeMinutes` from `now`, with a place left.
 */
export function bookableDays(
  rules: VisitRules,
  closed: ReadonlySet<string>,
  booked: ReadonlyMap<string, number>,
  now: Date,
): BookableDay[] {
  const earliest = now.getTime() + rules.minNoticeMinutes * 60_000;
  const today = madridDate(now);
  const days: BookableDay[] = [];
  for (let i = 0; i <= rules.bookingDays; i += 1) {
    const date = addDays(today, i);
    if (closed.has(date)) continue;
    const slots = slotsOn(rules, date)
      .filter((slot) => slot.startsAt.getTime() >= earliest)
      .map((slot) => ({
        startsAt: slot.startsAt.toISOString(),
        time: slot.time,
        available: rules.capacity - (booked.get(slot.startsAt.toISOString()) ?? 0),
      }))
      .filter((slot) => slot.available > 0);
    if (slots.length) days.push({ date, slots });
  }
  return days;
}

/** Whether an instant is the start of a slot one may book now (capacity aside). */
export function isSlotStart(rules: VisitRules, closed: ReadonlySet<string>, startsAt: Date, now: Date): boolean {
  const date = madridDate(startsAt);
  if (closed.has(date)) return false;
  if (startsAt.getTime() < now.getTime() + rules.minNoticeMinutes * 60_000) return false;
  if (date > addDays(madridDate(now), rules.bookingDays)) return false;
  return slotsOn(rules, date).some((slot) => slot.startsAt.getTime() === startsAt.getTime());
}
