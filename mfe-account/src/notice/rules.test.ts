import { describe, expect, it } from 'vitest';
import { moveOutDayProblem } from './rules';

const window = { earliestMoveOut: '2026-12-12', latestMoveOut: '2027-11-27' };

describe('the move-out day', () => {
  it('takes the first and the last day allowed, and any between', () => {
    expect(moveOutDayProblem('2026-12-12', window)).toBeNull();
    expect(moveOutDayProblem('2027-03-01', window)).toBeNull();
    expect(moveOutDayProblem('2027-11-27', window)).toBeNull();
  });

  it('refuses a day inside the notice period or more than a year ahead', () => {
    expect(moveOutDayProblem('2026-12-11', window)).toBe('out-of-range');
    expect(moveOutDayProblem('2027-11-28', window)).toBe('out-of-range');
  });

  it('asks for a day when none or a malformed one is given', () => {
    expect(moveOutDayProblem('', window)).toBe('missing');
    expect(moveOutDayProblem('12/12/2026', window)).toBe('missing');
    expect(moveOutDayProblem('2026-13-40', window)).toBe('missing');
  });
});
