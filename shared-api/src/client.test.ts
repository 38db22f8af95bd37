import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from './client';

const answering = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  it('tells the session owner about every 401, with the function name, and still rejects', async () => {
    const api = createApiClient({
      baseUrl: 'http://api.test/functions/v1',
      fetch: answering(401, { error: 'Expired' }),
    });
    const seen: string[] = [];
    const stop = api.onUnauthorized((name) => seen.push(name));
    await expect(api.call('get-payment-status', { registrationId: 'r' })).rejects.toEqual(new ApiError('Expired', 401));
    stop();
    await expect(api.call('get-payment-status', { registrationId: 'r' })).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual(['get-payment-status']);
  });

  it('does not call the listener for other refusals', async () => {
    const api = createApiClient({
      baseUrl: 'http://api.test/functions/v1',
      fetch: answering(409, { error: 'Locked' }),
    });
    const seen: string[] = [];
    api.onUnauthorized((name) => seen.push(name));
    await expect(api.call('create-client', { registrationId: 'r' })).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual([]);
  });
});
