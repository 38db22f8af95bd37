/** A calendar date, `YYYY-MM-DD`. */
type IsoDate = string;

export interface ArrearsSettings {
  graceDays: number;
  lateFeeCents: number;
  warningDays: number;
  suspendAfterDays: number;
}

export interface OverduePeriod {
  id: string;
  overdueSince: IsoDate;
  feeIssued: boolean;
}

export interface ArrearsPlan {
  /** Overdue periods whose late fee is due now. */
  feesFor: string[];
  warn: boolean;
  suspend: boolean;
  /** The day access is (or was) suspended, counted from the oldest overdue period. */
  suspendOn: IsoDate;
  /** When something next falls due, or null when nothing more will (only a payment changes things). */
  nextCheck: IsoDate | null;
}

const DAY = 86_400_000;
const dayNumber = (date: IsoDate) => Date.parse(`${date}T00:00:00Z`) / DAY;
export const addDays = (date: IsoDate, days: number): IsoDate =>
  new Date((dayNumber(date) + days) * DAY).toISOString().slice(0, 10);
/** Whole days from one calendar date to a later one. */
export const daysBetween = (from: IsoDate, to: IsoDate): number => Math.round(dayNumber(to) - dayNumber(from));

/**
 * What the arrears rules do today for one tenant, from their overdue periods: a late fee for each
 * period overdue past the grace days (once), a warning `warningDays` before the suspension (once),
 * and the suspension `suspendAfterDays` after the oldest period fell overdue. Pure: the caller
 * reads the state and carries the plan out.
 */
export function arrearsPlan({
  today,
  periods,
  warned,
  suspended,
  settings,
}: {
  today: IsoDate;
  periods: OverduePeriod[];
  warned: boolean;
  suspended: boolean;
  settings: ArrearsSettings;
}): ArrearsPlan | null {
  if (periods.length === 0) return null;
  const oldest = periods.map((p) => p.overdueSince).sort()[0] as IsoDate;
  const suspendOn = addDays(oldest, settings.suspendAfterDays);
  const warnOn = addDays(suspendOn, -settings.warningDays);
  const charging = settings.lateFeeCents > 0;
  const feesFor = charging
    ? periods.filter((p) => !p.feeIssued && addDays(p.overdueSince, settings.graceDays) <= today).map((p) => p.id)
    : [];
  const suspend = !suspended && suspendOn <= today;
  const warn = !warned && !suspended && !suspend && warnOn <= today;
  const upcoming = [
    ...(charging
      ? periods
          .filter((p) => !p.feeIssued && !feesFor.includes(p.id))
          .map((p) => addDays(p.overdueSince, settings.graceDays))
      : []),
    ...(!warned && !suspended && !warn && !suspend ? [warnOn] : []),
    ...(!suspended && !suspend ? [suspendOn] : []),
  ].filter((date) => date > today);
  return { feesFor, warn, suspend, suspendOn, nextCheck: upcoming.sort()[0] ?? null };
}
