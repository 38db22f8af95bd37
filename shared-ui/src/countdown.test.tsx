import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { msToNextTick, secondsLeft, useCountdown } from './countdown';

describe('seconds shown and the next tick', () => {
  it('rounds up, so the last second shows 1 and the end shows 0', () => {
    expect(secondsLeft(15_000, 0)).toBe(15);
    expect(secondsLeft(15_000, 999)).toBe(15);
    expect(secondsLeft(15_000, 1_000)).toBe(14);
    expect(secondsLeft(15_000, 14_999)).toBe(1);
    expect(secondsLeft(15_000, 15_000)).toBe(0);
    expect(secondsLeft(15_000, 20_000)).toBe(0);
    expect(secondsLeft(null, 0)).toBe(0);
  });

  it('ticks when the shown number changes', () => {
    expect(msToNextTick(15_000, 500)).toBe(500);
    expect(msToNextTick(15_000, 1_000)).toBe(1_000);
    expect(msToNextTick(15_000, 14_999)).toBe(1);
    expect(msToNextTick(15_000, 15_000)).toBeNull();
  });
});

function Wait({ deadline }: { deadline: number | null }) {
  return <p>{useCountdown(deadline)}</p>;
}

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('shows each second for a whole second, down to 0, and starts again for a new deadline', () => {
    const { rerender } = render(<Wait deadline={2_500} />);
    expect(screen.getByText('3')).toBeTruthy();
    act(() => vi.advanceTimersByTime(499));
    expect(screen.getByText('3')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('2')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByText('0')).toBeTruthy();
    rerender(<Wait deadline={Date.now() + 60_000} />);
    expect(screen.getByText('60')).toBeTruthy();
    rerender(<Wait deadline={null} />);
    expect(screen.getByText('0')).toBeTruthy();
  });
});
