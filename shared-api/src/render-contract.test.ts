import { afterEach, describe, expect, it, vi } from 'vitest';
import { withinBudget } from './render-contract';

afterEach(() => vi.useRealTimers());

describe('withinBudget', () => {
  it('gives the work’s answer when it comes in time, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    await expect(withinBudget(Promise.resolve('page'), 300, 'render')).resolves.toBe('page');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects, naming what was late, once the budget has passed', async () => {
    vi.useFakeTimers();
    const late = withinBudget(new Promise(() => {}), 300, 'server output of remote "door"');
    const outcome = expect(late).rejects.toThrow('server output of remote "door": budget of 300 ms exceeded');
    await vi.advanceTimersByTimeAsync(299);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
  });

  it('passes a failure of the work on as it is', async () => {
    await expect(withinBudget(Promise.reject(new Error('boom')), 300, 'render')).rejects.toThrow('boom');
  });
});
