import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INACTIVITY_CHECK_MS, isInactive, useInactivity } from './inactivity';

function Probe({ onExpire }: { onExpire: () => void }) {
  useInactivity(onExpire);
  return null;
}

describe('inactivity', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is inactive after more than 15 minutes', () => {
    expect(isInactive(0, 15 * 60 * 1000)).toBe(false);
    expect(isInactive(0, 15 * 60 * 1000 + 1)).toBe(true);
  });

  it('expires once, at the first check after 15 quiet minutes', () => {
    const onExpire = vi.fn();
    render(<Probe onExpire={onExpire} />);
    act(() => vi.advanceTimersByTime(15 * 60 * 1000));
    expect(onExpire).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(INACTIVITY_CHECK_MS));
    expect(onExpire).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(10 * INACTIVITY_CHECK_MS));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it.each(['click', 'keydown', 'scroll', 'mousemove'])('a %s resets the clock', (type) => {
    const onExpire = vi.fn();
    render(<Probe onExpire={onExpire} />);
    act(() => vi.advanceTimersByTime(14 * 60 * 1000));
    window.dispatchEvent(new Event(type));
    act(() => vi.advanceTimersByTime(14 * 60 * 1000));
    expect(onExpire).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(2 * 60 * 1000));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});
