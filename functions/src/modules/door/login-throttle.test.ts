import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_SECONDS, backoffSeconds, current, USER_FREE_FAILURES } from './login-throttle';

describe('login back-off per user', () => {
  it('is free for 19 failures, then doubles from 2 s, capped at 15 minutes', () => {
    expect(backoffSeconds(USER_FREE_FAILURES - 1)).toBe(0);
    expect([20, 21, 22, 23].map(backoffSeconds)).toEqual([2, 4, 8, 16]);
    expect(backoffSeconds(28)).toBe(512);
    expect(backoffSeconds(29)).toBe(BACKOFF_CAP_SECONDS);
    expect(backoffSeconds(1_000)).toBe(15 * 60);
  });

  it('forgets the count after a day without failures', () => {
    const last = new Date('2026-01-01T10:00:00Z');
    const state = { failures: 25, lastFailureAt: last, nextAttemptAt: new Date('2026-01-01T10:15:00Z') };
    expect(current(state, new Date('2026-01-02T09:59:00Z'))).toBe(state);
    expect(current(state, new Date('2026-01-02T10:01:00Z'))).toMatchObject({ failures: 0, nextAttemptAt: null });
  });
});
