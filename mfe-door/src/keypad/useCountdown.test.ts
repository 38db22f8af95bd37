import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './useCountdown';

describe('lockout countdown', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('counts the 15 s lockout down each second to zero', () => {
    const until = Date.now() + 15_000;
    const { result } = renderHook(() => useCountdown(until));
    expect(result.current).toBe(15);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(14);
    act(() => vi.advanceTimersByTime(13_000));
    expect(result.current).toBe(1);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(0);
  });

  it('is zero without a lockout', () => {
    expect(renderHook(() => useCountdown(null)).result.current).toBe(0);
  });
});
