import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../client';
import { productList } from '../schemas/products';
import { createMockHandlers } from './index';

const server = setupServer(
  ...createMockHandlers({
    baseUrl: 'http://api.test/functions/v1',
    responders: {
      'create-client': () => ({ success: true, clientId: 'c-1' }),
      'abridor:login': () => ({ token: 't', user: { id: '1', usuario: 'ana', box: null, isAdmin: false } }),
      'get-payment-status': () => ({ payment: { id: 'wrong' } }),
      'abridor:logout': () => HttpResponse.json({ error: 'Sesión inválida o expirada' }, { status: 401 }),
      'abridor:validate_token': () => HttpResponse.json({ anything: true }),
    },
  }),
);
const api = createApiClient({ baseUrl: 'http://api.test/functions/v1' });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('mock handlers on the shared schemas', () => {
  it('lets a reply be a refusal with its status, but not a success outside the contract', async () => {
    await expect(api.action('abridor', 'logout', { token: 't' })).rejects.toMatchObject({
      status: 401,
      message: 'Sesión inválida o expirada',
    });
    await expect(api.action('abridor', 'validate_token', { token: 't' })).rejects.toMatchObject({ status: 500 });
  });

  it('answers a document upload with the storage path, and refuses a form without a file', async () => {
    const file = new Blob(['%PDF-1.4']);
    expect(await api.uploadDocument('r-1', 'bankDocument', file, 'banco.PDF')).toEqual({
      filePath: 'r-1/r-1_bankDocument.pdf',
    });
    const res = await fetch('http://api.test/functions/v1/upload-document', { method: 'POST', body: new FormData() });
    expect(res.status).toBe(400);
  });

  it('filters the demo catalogue by volume and waitlist flag', async () => {
    const small = await api.products({ m3: 2 });
    expect(productList(small).map((p) => p.pid)).toEqual(['1', '2']);
    const waitlist = await api.products({ m3: 2, listaEspera: 'si' });
    expect(productList(waitlist).map((p) => p.pid)).toEqual(['3']);
    const none = await api.products({ m3: 60 });
    expect(none.result).toMatch(/No hay ningún producto/);
  });

  it('answers a valid call and refuses an invalid one with a JSON error', async () => {
    await expect(api.call('create-client', { registrationId: 'r-1' })).resolves.toEqual({
      success: true,
      clientId: 'c-1',
    });
    await expect(api.call('create-client', { registrationId: '' })).rejects.toMatchObject({
      status: 400,
      message: 'Registration ID not found',
    });
  });

  it('routes action functions by action', async () => {
    const login = await api.action('abridor', 'login', { usuario: 'ana', contraseña: 'x' });
    expect(login.user.usuario).toBe('ana');
    await expect(
      api.action('abridor', 'door_action', { token: 't', pin: '12', door_action: 'ENTRADA' }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('cannot serve a reply that breaks the response schema', async () => {
    await expect(api.call('get-payment-status', { registrationId: 'r' })).rejects.toMatchObject({ status: 500 });
  });
});
