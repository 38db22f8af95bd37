import { describe, expect, it } from 'vitest';
import { arrearsPlan, daysBetween } from './rules';

const settings = { graceDays: 5, lateFeeCents: 1500, warningDays: 3, suspendAfterDays: 15 };
const overdue = (overdueSince: string, feeIssued = false) => ({ id: overdueSince, overdueSince, feeIssued });

describe('the arrears rules', () => {
  it('do nothing while nothing is overdue', () => {
    expect(arrearsPlan({ today: '2026-12-10', periods: [], warned: false, suspended: false, settings })).toBeNull();
  });

  it('wait out the grace days, then charge the fee once, warn 3 days before day 15, then suspend', () => {
    const plan = (today: string, feeIssued = false, warned = false, suspended = false) =>
      arrearsPlan({ today, periods: [overdue('2026-12-01', feeIssued)], warned, suspended, settings });
    expect(plan('2026-12-05')).toMatchObject({ feesFor: [], warn: false, suspend: false, nextCheck: '2026-12-06' });
    expect(plan('2026-12-06')).toMatchObject({ feesFor: ['2026-12-01'], warn: false, nextCheck: '2026-12-13' });
    expect(plan('2026-12-07', true)).toMatchObject({ feesFor: [], nextCheck: '2026-12-13' });
    expect(plan('2026-12-13', true)).toMatchObject({ warn: true, suspend: false, nextCheck: '2026-12-16' });
    expect(plan('2026-12-14', true, true)).toMatchObject({ warn: false, suspend: false, nextCheck: '2026-12-16' });
    expect(plan('2026-12-16', true, true)).toMatchObject({ suspend: true, suspendOn: '2026-12-16', nextCheck: null });
    expect(plan('2026-12-20', true, true, true)).toMatchObject({ suspend: false, warn: false, nextCheck: null });
  });

  it('a check missed for days does everything due at once, and never warns after suspending', () => {
    expect(
      arrearsPlan({ today: '2026-12-30', periods: [overdue('2026-12-01')], warned: false, suspended: false, settings }),
    ).toMatchObject({ feesFor: ['2026-12-01'], warn: false, suspend: true });
  });

  it('counts the suspension from the oldest overdue period, and charges each period its own fee', () => {
    const plan = arrearsPlan({
      today: '2026-12-08',
      periods: [overdue('2026-12-01'), overdue('2026-12-05')],
      warned: false,
      suspended: false,
      settings,
    });
    expect(plan).toMatchObject({ feesFor: ['2026-12-01'], suspendOn: '2026-12-16', nextCheck: '2026-12-10' });
  });

  it('without a fee, only warns and suspends', () => {
    expect(
      arrearsPlan({
        today: '2026-12-06',
        periods: [overdue('2026-12-01')],
        warned: false,
        suspended: false,
        settings: { ...settings, lateFeeCents: 0 },
      }),
    ).toMatchObject({ feesFor: [], nextCheck: '2026-12-13' });
  });

  it('counts whole calendar days, across the change to summer time too', () => {
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
    expect(daysBetween('2026-05-01', '2026-05-01')).toBe(0);
  });
});
