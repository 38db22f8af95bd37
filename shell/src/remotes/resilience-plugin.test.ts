import { describe, expect, it, vi } from 'vitest';
import { fetchWithRetry, retryRemoteEntry } from './resilience-plugin';

describe('fetchWithRetry', () => {
  it('retries network errors and 5xx, then returns the first good answer', async () => {
    const doFetch = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValueOnce(new Response('{}', { status: 200 }));
    const response = await fetchWithRetry('/m.json', {}, doFetch, [0, 0]);
    expect(response.status).toBe(200);
    expect(doFetch).toHaveBeenCalledTimes(3);
  });

  it('does not retry a 404 and gives up after the last delay', async () => {
    const notFound = vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 404 }));
    expect((await fetchWithRetry('/m.json', {}, notFound, [0, 0])).status).toBe(404);
    expect(notFound).toHaveBeenCalledTimes(1);
    const down = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fetchWithRetry('/m.json', {}, down, [0, 0])).rejects.toThrow('Failed to fetch');
    expect(down).toHaveBeenCalledTimes(3);
  });
});

describe('retryRemoteEntry', () => {
  type Args = Parameters<typeof retryRemoteEntry>[0];
  const entry = { get: vi.fn(), init: vi.fn() };

  function failedLoad(getRemoteEntry: (...args: unknown[]) => Promise<unknown>) {
    const globalLoading: Record<string, Promise<unknown> | undefined> = { 'calculator@/m.json': Promise.reject() };
    globalLoading['calculator@/m.json']?.catch(() => undefined);
    const seen: boolean[] = [];
    const args = {
      getRemoteEntry: vi.fn(async (...params: unknown[]) => {
        // The failed load was forgotten before this try, or the runtime would return it again.
        seen.push('calculator@/m.json' in globalLoading);
        return getRemoteEntry(...params);
      }),
      origin: {},
      remoteInfo: { name: 'calculator', entry: '/m.json' },
      globalLoading,
      uniqueKey: 'calculator@/m.json',
    } as unknown as Args;
    return { args, seen };
  }

  it('requests the entry script again after each delay and uses the first that loads', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('RUNTIME-008 script error')).mockResolvedValueOnce(entry);
    const { args, seen } = failedLoad(load);
    await expect(retryRemoteEntry(args, [0, 0])).resolves.toBe(entry);
    expect(load).toHaveBeenCalledTimes(2);
    expect(seen).toEqual([false, false]);
  });

  it('gives up after the last delay, leaving the failure to the slot', async () => {
    const load = vi.fn().mockRejectedValue(new Error('RUNTIME-008 script error'));
    const { args } = failedLoad(load);
    await expect(retryRemoteEntry(args, [0, 0])).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
