import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('is a server away, restarting, full or read-only: try again in a moment', () => {
    for (const code of ['ECONNREFUSED', '08006', '08001', '57P01', '57P03', '53300', '25006']) {
      expect(isDatabaseUnavailable(withCode(code))).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('is not a bug of ours, nor another provider’s failure wrapped in an error', () => {
    // A protocol violation (parameters that do not match the statement) is a bug: 500, not 503.
    expect(isDatabaseUnavailable(withCode('08P01'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('23505'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('provider failed', { cause: withCode('ECONNREFUSED') }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
