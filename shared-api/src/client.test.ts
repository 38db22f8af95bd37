import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  busyWaitSeconds,
  createApiClient,
  refusalMessage,
  retriedWhileBusy,
  tooManyRequestsWait,
} from './client';

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

describe('too many requests', () => {
  it('keeps how long to wait from Retry-After, so a page can say it instead of a generic failure', async () => {
    const refused = (retryAfter?: string) =>
      createApiClient({
        baseUrl: 'http://api.test/functions/v1',
        fetch: async () =>
          new Response(JSON.stringify({ error: 'Too many requests, please try again in a minute' }), {
            status: 429,
            headers: { 'content-type': 'application/json', ...(retryAfter ? { 'retry-after': retryAfter } : {}) },
          }),
      });
    const waitlist = {
      fullName: 'Ana',
      phone: '+34 600 000 000',
      email: 'ana@example.com',
      timeframe: 'asap',
      product: { pid: '1', name: 'Box', numberProductsRequired: 1 },
      volumeRequested: 1,
      procesoParam: null,
    } as const;
    const throttled = await refused('37')
      .call('send-waitlist-email', waitlist)
      .catch((e: unknown) => e);
    expect(throttled).toMatchObject({ status: 429, retryAfterSeconds: 37 });
    expect(tooManyRequestsWait(throttled)).toBe(37);
    const unsaid = await refused()
      .call('send-waitlist-email', waitlist)
      .catch((e: unknown) => e);
    expect(tooManyRequestsWait(unsaid)).toBe(60);
    expect(tooManyRequestsWait(new ApiError('Locked', 409))).toBeNull();
    // Busy for a moment: a few seconds named; held back: none named, or longer.
    expect(busyWaitSeconds(new ApiError('Busy', 429, undefined, 2))).toBe(2);
    expect(busyWaitSeconds(throttled)).toBeNull();
    expect(busyWaitSeconds(unsaid)).toBeNull();
    expect(busyWaitSeconds(new ApiError('Busy', 503, undefined, 2))).toBeNull();
  });
});

describe('retriedWhileBusy', () => {
  const busy = new ApiError('Busy', 429, undefined, 2);

  it('calls again after each busy wait, as many times as allowed, then throws the last', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const failing = retriedWhileBusy(
        async () => {
          calls++;
          throw busy;
        },
        { retries: 2 },
      );
      const settled = failing.catch((failure: unknown) => failure);
      await vi.advanceTimersByTimeAsync(1_999);
      expect(calls).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toBe(2);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await settled).toBe(busy);
      expect(calls).toBe(3);

      let tries = 0;
      const answered = retriedWhileBusy(
        async () => {
          tries++;
          if (tries === 1) throw busy;
          return 'signed in';
        },
        { retries: 1 },
      );
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await answered).toBe('signed in');
    } finally {
      vi.useRealTimers();
    }
  });

  it('throws any other failure at once, and a busy one without calling again once it is no longer wanted', async () => {
    vi.useFakeTimers();
    try {
      const wrong = new ApiError('Invalid credentials', 401);
      let calls = 0;
      await expect(
        retriedWhileBusy(
          async () => {
            calls++;
            throw wrong;
          },
          { retries: 2 },
        ),
      ).rejects.toBe(wrong);
      expect(calls).toBe(1);

      calls = 0;
      const dropped = retriedWhileBusy(
        async () => {
          calls++;
          throw busy;
        },
        { retries: 2, stillWanted: () => false },
      ).catch((failure: unknown) => failure);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await dropped).toBe(busy);
      expect(calls).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('products', () => {
  it('sends every field of the query', async () => {
    const urls: string[] = [];
    const api = createApiClient({
      baseUrl: 'http://api.test/functions/v1',
      fetch: async (url) => {
        urls.push(String(url));
        return answering(200, { result: 'No product available' })();
      },
    });
    const proceso = '0b7a4a52-3f0e-4c36-9f35-1b7d6f0a2c11';
    await api.products({ m3: 16, listaEspera: 'si', lang: 'es', proceso }).catch(() => {});
    const query = new URL(urls[0] ?? 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      accion: 'ListarProductos',
      m3: '16',
      listaEspera: 'si',
      lang: 'es',
      proceso,
    });
  });
});

describe('refusalMessage', () => {
  it('is the server’s wording for a refusal (4xx), the caller’s text for anything else', () => {
    expect(refusalMessage(new ApiError('PIN inválido', 401), 'Error')).toBe('PIN inválido');
    expect(refusalMessage(new ApiError('El usuario ya existe', 409, 'taken'), 'Error')).toBe('El usuario ya existe');
    // English transport wording never reaches a Spanish page.
    expect(refusalMessage(new ApiError('Network error', 0), 'Sin conexión')).toBe('Sin conexión');
    expect(refusalMessage(new ApiError('Unexpected response from the server', 502), 'Error')).toBe('Error');
    expect(refusalMessage(new ApiError('', 400), 'Error')).toBe('Error');
    expect(refusalMessage(new TypeError('x is undefined'), 'Error')).toBe('Error');
  });
});
