import { act, renderHook } from '@testing-library/react';
import { ApiError } from 'shared-api';
import { initI18n } from 'shared-i18n';
import { deferred } from 'shared-ui/testing';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useStaffAction } from './notice';

beforeAll(async () => {
  await initI18n('es');
});

describe('useStaffAction', () => {
  it('runs one action at a time, busy meanwhile, and announces what was done in words made of its answer', async () => {
    const announce = vi.fn();
    const { result } = renderHook(() => useStaffAction(announce));
    const answer = deferred<{ units: string[] }>();
    const work = vi.fn(() => answer.promise);

    let first: Promise<boolean | undefined> = Promise.resolve(false);
    let second: Promise<boolean | undefined> = Promise.resolve(true);
    act(() => {
      first = result.current.run(work, ({ units }) => `Asignados: ${units.join(', ')}`);
      // A second tap in the same frame, before React has rendered `busy`.
      second = result.current.run(work, () => 'otra vez');
    });
    expect(result.current.busy).toBe(true);
    // Not run, which is not a failure: the caller does nothing (no reload, no reset).
    expect(await second).toBeUndefined();
    await act(async () => {
      answer.resolve({ units: ['A-1', 'B-2'] });
      expect(await first).toBe(true);
    });
    expect(work).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toBe(false);
    expect(announce.mock.calls).toEqual([[{ tone: 'ok', text: 'Asignados: A-1, B-2' }]]);
  });

  it('announces a refusal in the back-office words and answers false, ready for the next try', async () => {
    const announce = vi.fn();
    const { result } = renderHook(() => useStaffAction(announce));
    await act(async () => {
      expect(
        await result.current.run(
          () => Promise.reject(new ApiError('no', 403)),
          () => 'hecho',
        ),
      ).toBe(false);
    });
    expect(announce).toHaveBeenLastCalledWith({ tone: 'error', text: 'Solo un gerente puede hacer esto.' });
    expect(result.current.busy).toBe(false);
    await act(async () => {
      expect(
        await result.current.run(
          () => Promise.resolve({}),
          () => 'hecho',
        ),
      ).toBe(true);
    });
    expect(announce).toHaveBeenLastCalledWith({ tone: 'ok', text: 'hecho' });
  });
});
