import { describe, expect, it } from 'vitest';
import { facilityDay, moveInDayProblem, moveInWindow, plusDays } from './move-in';

describe('the move-in day', () => {
  it('is today to 30 days ahead, as calendar days across months and years', () => {
    expect(moveInWindow('2026-12-15')).toEqual({ first: '2026-12-15', last: '2027-01-14' });
    expect(plusDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it.each([
    ['2026-11-27', null],
    ['2026-12-27', null],
    ['2026-12-28', 'too_far'],
    ['2026-11-26', 'past'],
    ['2026-02-30', 'invalid'],
    ['27/11/2026', 'invalid'],
    ['', 'invalid'],
  ])('%j from 2026-11-27 → %s', (date, problem) => {
    expect(moveInDayProblem(date, '2026-11-27')).toBe(problem);
  });

  it('counts the facility’s day in Madrid, not UTC', () => {
    // 23:30 UTC on 31 December is already 1 January in Madrid.
    expect(facilityDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(facilityDay(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
  });
});
