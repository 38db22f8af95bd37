import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLockout } from './lockout-store';

const START = new Date('2026-03-02T10:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ now: START });
  useLockout.getState().reset();
});
afterEach(() => {
  useLockout.getState().reset();
  vi.useRealTimers();
});

/** Every change of the shown seconds, with the time it happened (ms since START). */
function record() {
  const seen: [number, number][] = [[Date.now() - START.getTime(), useLockout.getState().seconds]];
  const stop = useLockout.subscribe((state, previous) => {
    if (state.seconds !== previous.seconds) seen.push([Date.now() - START.getTime(), state.seconds]);
  });
  return { seen, stop };
}

describe('lockout countdown', () => {
  it('counts 15 s down, one second each second, by the server clock, then stops', () => {
    const { seen, stop } = record();
    // The phone is 9 s behind; the answer arrives 300 ms into the server's second.
    vi.advanceTimersByTime(300);
    const serverNow = Date.now() + 9_000;
    useLockout.getState().lockUntil(new Date(serverNow + 15_000).toISOString(), {
      dateHeader: new Date(serverNow).toUTCString(),
      receivedAt: Date.now(),
    });
    vi.advanceTimersByTime(20_000);
    stop();
    const values = seen.map(([, seconds]) => seconds);
    expect(values).toEqual([0, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    const times = seen.slice(2).map(([time]) => time);
    for (let i = 1; i < times.length; i++) expect((times[i] as number) - (times[i - 1] as number)).toBe(1_000);
    // Within half a second of the server's end (15.3 s), and no timer left behind.
    expect(Math.abs((seen.at(-1)?.[0] as number) - 15_300)).toBeLessThanOrEqual(500);
    expect(useLockout.getState().deadline).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('restarts on a new lockout without a second timer, and stops on reset', () => {
    const lock = () =>
      useLockout.getState().lockUntil(new Date(Date.now() + 15_000).toISOString(), {
        dateHeader: null,
        receivedAt: Date.now(),
      });
    lock();
    vi.advanceTimersByTime(5_000);
    expect(useLockout.getState().seconds).toBe(10);
    lock();
    expect(useLockout.getState().seconds).toBe(15);
    expect(vi.getTimerCount()).toBe(1);
    useLockout.getState().reset();
    expect(useLockout.getState().seconds).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
