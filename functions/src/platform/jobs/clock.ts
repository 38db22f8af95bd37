/** The service's time for domain deadlines (offers, holds): a seam, so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface AdjustableClock extends Clock {
  /** Moves the clock forward (never back: deadlines already passed stay passed). */
  advance(ms: number): Date;
}

/** The system time plus an offset that only grows: tests, and development with DEV_OUTBOX=1. */
export function adjustableClock(base: Clock = systemClock): AdjustableClock {
  let offset = 0;
  return {
    now: () => new Date(base.now().getTime() + offset),
    advance(ms) {
      if (!(ms >= 0)) throw new RangeError('the clock only moves forward');
      offset += ms;
      return new Date(base.now().getTime() + offset);
    },
  };
}
