import { PERIOD_MONTHS, type Period } from 'shared-api';

/** A calendar date (YYYY-MM-DD), the way a bank reads a collection date: no time, no zone. */
export type IsoDate = string;

export interface ScheduledCollection {
  /** 1 for the first period. */
  sequence: number;
  periodStart: IsoDate;
  /** The last day the period covers. */
  periodEnd: IsoDate;
  /** Requested collection date: the first day of the period (the first one a little later). */
  dueDate: IsoDate;
  amount: number;
  /** pain.008 SeqTp: the first collection of a mandate, then recurrent ones. */
  sequenceType: 'FRST' | 'RCUR';
}

/** How far ahead the schedule is written at move-in. */
const SCHEDULE_HORIZON_MONTHS = 12;

/**
 * Days between move-in and the first collection: a SEPA Core file reaches the bank the business
 * day before its collection date, so the first period cannot be collected on its first day.
 */
export const FIRST_COLLECTION_LEAD_DAYS = 2;

/** The date `months` calendar months after `start`, on the same day or the month's last (31 Jan → 28 Feb). */
export function addMonths(start: IsoDate, months: number): IsoDate {
  const [year = 0, month = 1, day = 1] = start.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

function addDays(date: IsoDate, days: number): IsoDate {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const dayBefore = (date: IsoDate) => addDays(date, -1);

/**
 * The rent collections of a rental starting on `start`: one per period (the chosen period's
 * price each time) for the periods that begin within the horizon, every period counted from
 * the start date so that a 31st start never drifts to the 28th for good.
 */
export function collectionSchedule({
  start,
  period,
  amount,
  horizonMonths = SCHEDULE_HORIZON_MONTHS,
}: {
  start: IsoDate;
  period: Period;
  amount: number;
  horizonMonths?: number;
}): ScheduledCollection[] {
  const months = PERIOD_MONTHS[period];
  const collections: ScheduledCollection[] = [];
  for (let index = 0; index * months < horizonMonths; index++) {
    const periodStart = addMonths(start, index * months);
    collections.push({
      sequence: index + 1,
      periodStart,
      periodEnd: dayBefore(addMonths(start, (index + 1) * months)),
      dueDate: index === 0 ? addDays(periodStart, FIRST_COLLECTION_LEAD_DAYS) : periodStart,
      amount,
      sequenceType: index === 0 ? 'FRST' : 'RCUR',
    });
  }
  return collections;
}
