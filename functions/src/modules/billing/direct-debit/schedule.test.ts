import { describe, expect, it } from 'vitest';
import { addMonths, collectionSchedule } from './schedule';

describe('addMonths', () => {
  it('keeps the day, or takes the month’s last when it has fewer days', () => {
    expect(addMonths('2026-11-23', 1)).toBe('2026-12-23');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2027-08-31', 3)).toBe('2027-11-30');
  });
});

describe('collectionSchedule', () => {
  it('monthly: twelve collections at the period’s price, the first FRST two days in, then RCUR on each first day', () => {
    const schedule = collectionSchedule({ start: '2026-11-23', period: 'monthly', amount: 62 });
    expect(schedule).toHaveLength(12);
    expect(schedule[0]).toEqual({
      sequence: 1,
      periodStart: '2026-11-23',
      periodEnd: '2026-12-22',
      dueDate: '2026-11-25',
      amount: 62,
      sequenceType: 'FRST',
    });
    expect(schedule.slice(1).every((c) => c.sequenceType === 'RCUR')).toBe(true);
    expect(schedule[11]).toMatchObject({
      sequence: 12,
      periodStart: '2027-10-23',
      periodEnd: '2027-11-22',
      dueDate: '2027-10-23',
    });
  });

  it('each period follows the previous one without a gap or an overlap', () => {
    const schedule = collectionSchedule({ start: '2027-01-31', period: 'monthly', amount: 10 });
    for (let i = 1; i < schedule.length; i++) {
      const end = new Date(`${schedule[i - 1]?.periodEnd}T00:00:00Z`);
      end.setUTCDate(end.getUTCDate() + 1);
      expect(schedule[i]?.periodStart).toBe(end.toISOString().slice(0, 10));
    }
    // Counted from the start, a 31st start comes back to the 31st after February.
    expect(schedule.map((c) => c.periodStart).slice(0, 3)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
  });

  it('longer periods collect less often over the same year', () => {
    const count = (period: 'quarterly' | 'semiannually' | 'annually') =>
      collectionSchedule({ start: '2026-11-23', period, amount: 100 }).length;
    expect([count('quarterly'), count('semiannually'), count('annually')]).toEqual([4, 2, 1]);
    expect(collectionSchedule({ start: '2026-11-23', period: 'annually', amount: 100 })[0]?.periodEnd).toBe(
      '2027-11-22',
    );
  });
});
