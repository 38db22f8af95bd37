import { describe, expect, it, vi } from 'vitest';
import { fetchWithRetry } from './resilience-plugin';

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
