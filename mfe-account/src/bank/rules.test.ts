import { describe, expect, it } from 'vitest';
import { newIbanProblem } from './rules';

describe('a new account’s IBAN', () => {
  it.each([
    ['', 'missing'],
    ['   ', 'missing'],
    ['ES76 2077 0024 0031 0257 5766', null],
    ['es7620770024003102575766', null],
    // One digit off: the check digits catch it.
    ['ES76 2077 0024 0031 0257 5767', 'invalid'],
    ['ES76 2077 0024', 'invalid'],
    // Rent is collected from Spanish accounts only.
    ['DE89 3704 0044 0532 0130 00', 'invalid'],
  ])('%j → %s', (typed, problem) => {
    expect(newIbanProblem(typed)).toBe(problem);
  });
});
