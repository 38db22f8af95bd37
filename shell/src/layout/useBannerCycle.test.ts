import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBannerCycle } from './useBannerCycle';

describe('top banner cycle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the free month for 15 s, the discount for 20 s, and repeats', () => {
    const { result } = renderHook(() => useBannerCycle());
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(14_999));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(19_999));
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(15_000));
    expect(result.current).toBe(1);
  });

  it('stays on its message while paused, and takes up its full time when resumed', () => {
    const { result, rerender } = renderHook(({ paused }) => useBannerCycle(paused), {
      initialProps: { paused: false },
    });
    act(() => vi.advanceTimersByTime(10_000));
    rerender({ paused: true });
    act(() => vi.advanceTimersByTime(120_000));
    expect(result.current).toBe(0);
    rerender({ paused: false });
    act(() => vi.advanceTimersByTime(14_999));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(1);
  });
});
