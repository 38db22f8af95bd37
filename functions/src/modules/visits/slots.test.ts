import { describe, expect, it } from 'vitest';
import { addDays, fromMadrid, isoWeekday, madridDate, madridTime } from '../../platform/madrid-time';
import { bookableDays, isSlotStart, slotsOn, type VisitRules } from './slots';

const RULES: VisitRules = {
  weekdays: [1, 2, 3, 4, 5, 6],
  opensAt: '10:00',
  closesAt: '12:00',
  slotMinutes: 30,
  capacity: 2,
  bookingDays: 7,
  minNoticeMinutes: 120,
};

describe("the facility's clock", () => {
  it('turns Madrid wall time into instants across both DST changes', () => {
    expect(fromMadrid('2026-01-15', '10:00').toISOString()).toBe('2026-01-15T09:00:00.000Z');
    expect(fromMadrid('2026-07-15', '10:00').toISOString()).toBe('2026-07-15T08:00:00.000Z');
    // The night clocks go forward (29 March 2026) and back (25 October 2026).
    expect(fromMadrid('2026-03-29', '10:00').toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(fromMadrid('2026-10-25', '10:00').toISOString()).toBe('2026-10-25T09:00:00.000Z');
    expect(madridDate(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
    expect(madridTime(new Date('2026-11-23T23:30:00Z'))).toBe('00:30');
  });

  it('counts days and weekdays on dates', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
  });
});

describe('visit slots', () => {
  it('gives whole slots from opening to closing on open weekdays only', () => {
    expect(slotsOn(RULES, '2026-11-23').map((s) => s.time)).toEqual(['10:00', '10:30', '11:00', '11:30']);
    expect(slotsOn({ ...RULES, slotMinutes: 45 }, '2026-11-23').map((s) => s.time)).toEqual(['10:00', '10:45']);
    expect(slotsOn(RULES, '2026-11-29')).toEqual([]);
  });

  it('offers no past slot, none within the notice, none on a closed date, none full', () => {
    // Monday 23 November, 09:15 in Madrid.
    const now = new Date('2026-11-23T08:15:00Z');
    const full = fromMadrid('2026-11-24', '10:00').toISOString();
    const half = fromMadrid('2026-11-24', '10:30').toISOString();
    const days = bookableDays(
      RULES,
      new Set(['2026-11-25']),
      new Map([
        [full, 2],
        [half, 1],
      ]),
      now,
    );
    expect(days[0]).toEqual({
      date: '2026-11-23',
      slots: [{ startsAt: '2026-11-23T10:30:00.000Z', time: '11:30', available: 2 }],
    });
    expect(days[1]?.date).toBe('2026-11-24');
    expect(days[1]?.slots.map((s) => [s.time, s.available])).toEqual([
      ['10:30', 1],
      ['11:00', 2],
      ['11:30', 2],
    ]);
    expect(days.map((d) => d.date)).not.toContain('2026-11-25');
    expect(days.map((d) => d.date)).not.toContain('2026-11-29');
    expect(days.at(-1)?.date).toBe('2026-11-30');
  });

  it('knows a slot start from any other instant', () => {
    const now = new Date('2026-11-23T08:15:00Z');
    expect(isSlotStart(RULES, new Set(), fromMadrid('2026-11-24', '10:30'), now)).toBe(true);
    expect(isSlotStart(RULES, new Set(), fromMadrid('2026-11-24', '10:15'), now)).toBe(false);
    expect(isSlotStart(RULES, new Set(), fromMadrid('2026-11-24', '12:00'), now)).toBe(false);
    expect(isSlotStart(RULES, new Set(['2026-11-24']), fromMadrid('2026-11-24', '10:30'), now)).toBe(false);
    expect(isSlotStart(RULES, new Set(), fromMadrid('2026-11-23', '10:00'), now)).toBe(false);
    expect(isSlotStart(RULES, new Set(), fromMadrid('2026-12-05', '10:00'), now)).toBe(false);
  });
});
