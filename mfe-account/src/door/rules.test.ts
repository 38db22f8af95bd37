import { describe, expect, it } from 'vitest';
import { doorLogKeys, pinChangeProblem } from './rules';

describe('a PIN change', () => {
  it('takes four digits twice, different from the current PIN', () => {
    expect(pinChangeProblem('1234', '5678', '5678')).toBeNull();
    expect(pinChangeProblem('1234', '567', '567')).toBe('format');
    expect(pinChangeProblem('12a4', '5678', '5678')).toBe('format');
    expect(pinChangeProblem('1234', '5678', '5687')).toBe('mismatch');
    expect(pinChangeProblem('1234', '1234', '1234')).toBe('same');
  });
});

describe("the door log's words", () => {
  it('names what it knows, and anything else as other', () => {
    expect(doorLogKeys({ action: 'ENTRADA', result: 'wrong_pin' })).toEqual({ action: 'ENTRADA', result: 'wrong_pin' });
    expect(doorLogKeys({ action: 'issue_access:ana', result: 'box B-012' })).toEqual({
      action: 'other',
      result: 'other',
    });
  });
});
