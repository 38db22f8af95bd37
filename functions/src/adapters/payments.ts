import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a card provider is asked for: one order for one deposit. */
interface OrderRequest {
  paymentId: string;
  amount: number;
  currency: string;
  description: string;
  customerEmail: string;
  /** Absolute URL the checkout sends the applicant back to. */
  returnUrl: string;
}

interface CreatedOrder {
  providerOrderId: string;
  checkoutUrl: string;
}

export type PaymentOutcome = 'processing' | 'completed' | 'failed' | 'cancelled';

/** A card-payment provider behind one seam. */
export interface CardPayments {
  readonly name: 'sandbox' | 'revolut';
  createOrder(order: OrderRequest): Promise<CreatedOrder>;
  /**
   * What the provider says of an order, for a payment our side never heard the end of (a lost
   * webhook); null when it keeps no state of its own (the sandbox: this database is its record).
   */
  orderOutcome(providerOrderId: string): Promise<PaymentOutcome | 'pending' | null>;
  /** Cancels an order not yet paid, so it can no longer be charged. */
  cancelOrder(providerOrderId: string): Promise<void>;
  /** Gives a paid order's amount back to the card it was paid with. */
  refundOrder(providerOrderId: string, amount: number, currency: string): Promise<void>;
}

/** A provider error, its message kept so the browser can tell configuration from outage (§8). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/**
 * The default: a checkout page served by this service (`sandbox-checkout`), where test cards
 * complete, decline or hold the payment, as a provider's webhook would.
 */
export function sandboxPayments(siteUrl: string): CardPayments {
  return {
    name: 'sandbox',
    async createOrder(order) {
      const url = new URL('/functions/v1/sandbox-checkout', siteUrl);
      url.searchParams.set('payment', order.paymentId);
      return { providerOrderId: `sandbox_${order.paymentId}`, checkoutUrl: url.toString() };
    },
    async orderOutcome() {
      return null;
    },
    // The sandbox's checkout reads the payment's row: once the row is cancelled, it takes no card.
    async cancelOrder() {},
    // No card was charged in the sandbox: the refund is the payment row's record of it.
    async refundOrder() {},
  };
}

/** The provider's order states (Merchant API `state`) as our payment's. */
const REVOLUT_STATES: Record<string, PaymentOutcome | 'pending'> = {
  pending: 'pending',
  processing: 'processing',
  authorised: 'processing',
  completed: 'completed',
  cancelled: 'cancelled',
  failed: 'failed',
};

/** The card provider's API: its sandbox while the site runs on localhost, production otherwise. */
export function revolutApiUrl(siteUrl: string, override?: string): string {
  if (override) return override;
  const host = new URL(siteUrl).hostname;
  const local = host === 'localhost' || host === '127.0.0.1';
  return local ? 'https://sandbox-merchant.revolut.com' : 'https://merchant.revolut.com';
}

export function revolutPayments(options: { apiUrl: string; secretKey: string; fetch?: typeof fetch }): CardPayments {
  const send = options.fetch ?? fetch;
  const call = async (path: string, method: 'GET' | 'POST', body?: Record<string, unknown>) => {
    try {
      return await send(new URL(path, options.apiUrl), {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          accept: 'application/json',
          'revolut-api-version': '2024-09-01',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new PaymentProviderError('Connection error with the payment provider', 502);
    }
  };
  return {
    name: 'revolut',
    async createOrder(order) {
      let response: Response;
      try {
        response = await send(new URL('/api/orders', options.apiUrl), {
          method: 'POST',
          headers: {
            authorization: `Bearer ${options.secretKey}`,
            'content-type': 'application/json',
            accept: 'application/json',
            'revolut-api-version': '2024-09-01',
          },
          body: JSON.stringify({
            // Minor units: 150.00 EUR is 15000.
            amount: Math.round(order.amount * 100),
            currency: order.currency,
            description: order.description,
            customer: { email: order.customerEmail },
            merchant_order_data: { reference: order.paymentId },
            redirect_url: order.returnUrl,
          }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch {
        throw new PaymentProviderError('Connection error creating payment', 502);
      }
      if (response.status === 401 || response.status === 403) {
        throw new PaymentProviderError('Authentication failed with the payment provider', 502);
      }
      if (response.status === 404) throw new PaymentProviderError('Payment endpoint not found', 503);
      const body = (await response.json().catch(() => null)) as {
        id?: unknown;
        checkout_url?: unknown;
        message?: unknown;
      } | null;
      if (!response.ok || typeof body?.id !== 'string' || typeof body.checkout_url !== 'string') {
        const detail = typeof body?.message === 'string' ? `: ${body.message}` : '';
        throw new PaymentProviderError(`Failed to create payment${detail}`, 502);
      }
      return { providerOrderId: body.id, checkoutUrl: body.checkout_url };
    },
    async orderOutcome(providerOrderId) {
      const response = await call(`/api/orders/${encodeURIComponent(providerOrderId)}`, 'GET');
      const body = (await response.json().catch(() => null)) as { state?: unknown } | null;
      if (!response.ok || typeof body?.state !== 'string') {
        throw new PaymentProviderError(`Could not read the order (HTTP ${response.status})`, 502);
      }
      return REVOLUT_STATES[body.state.toLowerCase()] ?? 'pending';
    },
    async cancelOrder(providerOrderId) {
      const response = await call(`/api/orders/${encodeURIComponent(providerOrderId)}/cancel`, 'POST');
      if (!response.ok) throw new PaymentProviderError(`Could not cancel the order (HTTP ${response.status})`, 502);
    },
    async refundOrder(providerOrderId, amount, currency) {
      const response = await call(`/api/orders/${encodeURIComponent(providerOrderId)}/refund`, 'POST', {
        amount: Math.round(amount * 100),
        currency,
      });
      if (!response.ok) throw new PaymentProviderError(`Could not refund the order (HTTP ${response.status})`, 502);
    },
  };
}

/** Webhook events of the card provider and what they mean for the payment. */
export const REVOLUT_EVENTS: Record<string, PaymentOutcome> = {
  ORDER_AUTHORISED: 'processing',
  ORDER_COMPLETED: 'completed',
  ORDER_PAYMENT_DECLINED: 'failed',
  ORDER_PAYMENT_FAILED: 'failed',
  ORDER_CANCELLED: 'cancelled',
};

/**
 * `Revolut-Signature: v1=<hex>` is an HMAC-SHA256 of `v1.<timestamp>.<raw body>` under the
 * webhook secret; a timestamp older than five minutes is a replay.
 */
export function verifyRevolutSignature(input: {
  secret: string;
  rawBody: string;
  timestamp: string | undefined;
  signatureHeader: string | undefined;
  now?: number;
}): boolean {
  const { secret, rawBody, timestamp, signatureHeader, now = Date.now() } = input;
  if (!timestamp || !signatureHeader || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(now - Number(timestamp)) > 5 * 60 * 1000) return false;
  const expected = createHmac('sha256', secret).update(`v1.${timestamp}.${rawBody}`).digest('hex');
  return signatureHeader.split(',').some((part) => {
    const candidate = part.trim().replace(/^v1=/, '');
    const a = Buffer.from(candidate, 'hex');
    const b = Buffer.from(expected, 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  });
}
