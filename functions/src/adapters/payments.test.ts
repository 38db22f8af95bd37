import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError, revolutApiUrl, revolutPayments, verifyRevolutSignature } from './payments';

describe('card provider adapter', () => {
  let base = '';
  const seen: { auth?: string; method?: string; url?: string; body?: Record<string, unknown> }[] = [];
  let reply: { status: number; body: unknown } = { status: 201, body: {} };
  /** The order's own URLs (read, cancel): what the provider answers there. */
  const orderReplies = new Map<string, { status: number; body: unknown }>();
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      seen.push({ auth: req.headers.authorization, method: req.method, url: req.url, body: JSON.parse(raw || '{}') });
      const answer = req.url === '/api/orders' ? reply : (orderReplies.get(`${req.method} ${req.url}`) ?? null);
      res.writeHead(answer?.status ?? 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer?.body ?? {}));
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const order = {
    paymentId: 'p-1',
    amount: 150,
    currency: 'EUR',
    description: 'Fianza',
    customerEmail: 'ana@example.com',
    returnUrl: 'http://localhost:8080/es/alta/revision?proceso=r',
  };

  it('creates an order in minor units with the secret key and returns its checkout', async () => {
    reply = { status: 201, body: { id: 'ord_1', checkout_url: 'https://checkout.example/ord_1' } };
    const payments = revolutPayments({ apiUrl: base, secretKey: 'sk_test' });
    expect(await payments.createOrder(order)).toEqual({
      providerOrderId: 'ord_1',
      checkoutUrl: 'https://checkout.example/ord_1',
    });
    expect(seen.at(-1)).toMatchObject({
      auth: 'Bearer sk_test',
      body: { amount: 15000, currency: 'EUR', merchant_order_data: { reference: 'p-1' } },
    });
  });

  it.each([
    [401, 'Authentication failed with the payment provider', 502],
    [404, 'Payment endpoint not found', 503],
    [422, 'Failed to create payment: Invalid email', 502],
  ])('maps HTTP %i to "%s"', async (status, message, answered) => {
    reply = { status, body: { message: 'Invalid email' } };
    const payments = revolutPayments({ apiUrl: base, secretKey: 'sk_test' });
    const failure = await payments.createOrder(order).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PaymentProviderError);
    expect(failure).toMatchObject({ message, status: answered });
  });

  it('a provider that cannot be reached is a connection error', async () => {
    const payments = revolutPayments({ apiUrl: 'http://127.0.0.1:9', secretKey: 'sk' });
    await expect(payments.createOrder(order)).rejects.toThrow('Connection error creating payment');
  });

  it("reads an order's state and cancels it, authenticated, so an unfinished payment can end", async () => {
    const payments = revolutPayments({ apiUrl: base, secretKey: 'sk_test' });
    for (const [state, outcome] of [
      ['pending', 'pending'],
      ['authorised', 'processing'],
      ['COMPLETED', 'completed'],
      ['failed', 'failed'],
      ['cancelled', 'cancelled'],
    ] as const) {
      orderReplies.set('GET /api/orders/ord_1', { status: 200, body: { id: 'ord_1', state } });
      expect(await payments.orderOutcome('ord_1')).toBe(outcome);
    }
    expect(seen.at(-1)).toMatchObject({ auth: 'Bearer sk_test', method: 'GET' });
    orderReplies.set('POST /api/orders/ord_1/cancel', { status: 200, body: { id: 'ord_1', state: 'cancelled' } });
    await payments.cancelOrder('ord_1');
    expect(seen.at(-1)).toMatchObject({ auth: 'Bearer sk_test', method: 'POST', url: '/api/orders/ord_1/cancel' });
    // A refusal (already paid, say) is an error: the caller reads the state again instead of assuming.
    orderReplies.set('POST /api/orders/ord_1/cancel', { status: 422, body: { message: 'Order is completed' } });
    await expect(payments.cancelOrder('ord_1')).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(payments.orderOutcome('missing')).rejects.toBeInstanceOf(PaymentProviderError);
    orderReplies.set('POST /api/orders/ord_1/refund', { status: 201, body: { id: 'ref_1' } });
    await payments.refundOrder('ord_1', 150, 'EUR');
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: { amount: 15000, currency: 'EUR' } });
  });

  it('uses the sandbox API while the site runs on localhost', () => {
    expect(revolutApiUrl('http://localhost:8080')).toBe('https://sandbox-merchant.revolut.com');
    expect(revolutApiUrl('https://trasteros.example')).toBe('https://merchant.revolut.com');
    expect(revolutApiUrl('https://trasteros.example', 'http://127.0.0.1:1')).toBe('http://127.0.0.1:1');
  });
});

describe('webhook signature', () => {
  const secret = 'wsk_test';
  const rawBody = '{"event":"ORDER_COMPLETED","order_id":"ord_1"}';
  const now = 1_800_000_000_000;
  const sign = (timestamp: string, body = rawBody) =>
    `v1=${createHmac('sha256', secret).update(`v1.${timestamp}.${body}`).digest('hex')}`;

  it('accepts the provider signature over timestamp and raw body', () => {
    const timestamp = String(now);
    expect(verifyRevolutSignature({ secret, rawBody, timestamp, signatureHeader: sign(timestamp), now })).toBe(true);
    expect(
      verifyRevolutSignature({ secret, rawBody, timestamp, signatureHeader: `v1=00,${sign(timestamp)}`, now }),
    ).toBe(true);
  });

  it('refuses a changed body, another secret, a stale timestamp or no header', () => {
    const timestamp = String(now);
    expect(
      verifyRevolutSignature({ secret, rawBody: `${rawBody} `, timestamp, signatureHeader: sign(timestamp), now }),
    ).toBe(false);
    expect(verifyRevolutSignature({ secret: 'other', rawBody, timestamp, signatureHeader: sign(timestamp), now })).toBe(
      false,
    );
    const old = String(now - 10 * 60 * 1000);
    expect(verifyRevolutSignature({ secret, rawBody, timestamp: old, signatureHeader: sign(old), now })).toBe(false);
    expect(verifyRevolutSignature({ secret, rawBody, timestamp, signatureHeader: undefined, now })).toBe(false);
  });
});
