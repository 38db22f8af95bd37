import { testDepositRequest } from 'shared-api/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { TEST_APPLICANT } from '../../testing/applicant';
import { cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { servedOn, serveFunctions } from '../../testing/service';
import { companySignsByHand, TEST_SERVICE } from '../../testing/sign-up';

const applicant = TEST_APPLICANT;

const serviceDetails = TEST_SERVICE;

describe.each(databaseEngines())('review step functions on $name', (engine) => {
  const served = servedOn(engine);
  /** The applicant's browser: it holds the registration's session cookie. */
  const browser = cookieJar();
  let registrationId = '';

  const post = async (name: string, body: unknown) => {
    const res = await browser.fetch(served.service.url(name), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: string } };
  };
  const form = async (name: string, fields: Record<string, string>) => {
    const res = await browser.fetch(served.service.url(name), { method: 'POST', body: new URLSearchParams(fields) });
    return { status: res.status, html: await res.text() };
  };
  const payment = (amount = 150) => testDepositRequest(registrationId, amount, '/en/signup/review');

  /** A registration with every section done, as the wizard leaves it at the review. */
  beforeEach(async () => {
    browser.clear();
    await served.db.query(sql`delete from registrations`);
    await served.db.query(sql`delete from outbox`);
    const created = await post('registration-handler', { action: 'create_registration', ...applicant });
    registrationId = String(created.body.registrationId);
    await served.db.query(
      sql`update registrations set email_verified = true, phone_verified = true, metadata = ${JSON.stringify({
        completedSections: { clientData: true, verification: true, documents: true, serviceDetails: true },
        serviceDetails,
      })} where id = ${registrationId}`,
    );
  });

  const createClient = () => post('create-client', { registrationId });
  const payWith = async (card: string) => {
    const { body } = await post('create-revolut-payment', payment());
    const paymentId = String(body.paymentId);
    const result = await form('sandbox-checkout-submit', {
      payment: paymentId,
      decision: 'pay',
      card,
      expiry: '12/39',
      cvc: '123',
    });
    return { paymentId, result, checkoutUrl: String(body.checkoutUrl) };
  };
  const signingLinks = async () => {
    const { rows } = await served.db.query<{ recipient: string; body: string }>(
      sql`select recipient, body from outbox where subject like 'Contrato%' order by id`,
    );
    return rows.map((r) => ({ recipient: r.recipient, token: /token=([A-Za-z0-9_-]+)/.exec(r.body)?.[1] ?? '' }));
  };

  describe('create-client', () => {
    it('creates one client, also when called twice at once', async () => {
      const [a, b] = await Promise.all([createClient(), createClient()]);
      expect(a.body.success).toBe(true);
      expect(a.body.clientId).toMatch(/^CL-\d{6}$/);
      expect(b.body.clientId).toBe(a.body.clientId);
      const { rows } = await served.db.query(sql`select id from clients`);
      expect(rows).toHaveLength(1);
    });

    it('needs a known registration with every section complete', async () => {
      expect((await post('create-client', { registrationId: '' })).body.error).toBe('Registration ID not found');
      expect((await post('create-client', { registrationId: 'nope' })).status).toBe(401);
      await served.db.query(sql`update registrations set metadata = '{}'`);
      expect((await createClient()).status).toBe(409);
    });
  });

  describe('deposit payment', () => {
    it('needs the client, the server deposit, and a live session', async () => {
      expect(await post('create-revolut-payment', payment())).toMatchObject({ status: 409 });
      await createClient();
      expect((await post('create-revolut-payment', payment(1))).body.error).toMatch(
        /does not match the deposit \(150\.00 EUR\)/,
      );
      await served.db.query(sql`update registration_sessions set last_seen_at = now() - interval '20 minutes'`);
      expect(await post('create-revolut-payment', payment())).toEqual({
        status: 401,
        body: { error: 'Your session has expired. Please refresh the page and try again.' },
      });
    });

    it('companies pay 300 EUR when the product has no setup fee of its own', async () => {
      await served.db.query(
        sql`update registrations set client_type = 'company', company_name = 'Sur SL', cif = 'B12345674'`,
      );
      await createClient();
      expect((await post('create-revolut-payment', payment(150))).status).toBe(400);
      expect((await post('create-revolut-payment', payment(300))).status).toBe(200);
    });

    it('one payment per registration: a double click returns the same pending payment', async () => {
      await createClient();
      const [a, b] = await Promise.all([
        post('create-revolut-payment', payment()),
        post('create-revolut-payment', payment()),
      ]);
      expect(a.body.paymentId).toBe(b.body.paymentId);
      expect(a.body.checkoutUrl).toBe(
        `http://localhost:8080/functions/v1/sandbox-checkout?payment=${a.body.paymentId}`,
      );
      expect(a.body.payment).toMatchObject({ amount: 150, currency: 'EUR', status: 'pending' });
      expect((await served.db.query(sql`select id from payments`)).rows).toHaveLength(1);
    });

    it('the sandbox checkout: the success card completes, a paid deposit cannot be paid again', async () => {
      await createClient();
      const { paymentId, result, checkoutUrl } = await payWith('4242 4242 4242 4242');
      const page = await browser.fetch(served.service.url(`sandbox-checkout?payment=${paymentId}`));
      expect(new URL(checkoutUrl).pathname).toBe('/functions/v1/sandbox-checkout');
      // The applicant's language (the sign-up page it returns to), not two at once.
      expect(result.html).toContain('<html lang="en">');
      expect(result.html).toContain('Payment completed');
      expect(result.html).not.toContain('Pago');
      expect(result.html).toContain(`href="/en/signup/review?proceso=${registrationId}"`);
      expect(await page.text()).toContain('Payment completed');
      const status = await post('get-payment-status', { registrationId });
      expect(status.body.payment).toMatchObject({ id: paymentId, status: 'completed', amount: 150 });
      expect((status.body.payment as { completed_at: string }).completed_at).toBeTruthy();
      expect((await post('create-revolut-payment', payment())).body.error).toBe('The deposit is already paid.');
    });

    it('a declined card fails the payment and a new one may be tried; the processing card holds it', async () => {
      await createClient();
      const declined = await payWith('4000000000000002');
      expect(declined.result.html).toContain('Payment declined');
      expect(declined.result.html).toContain('The bank declined the card.');
      expect(declined.result.html).not.toContain('Card declined');
      expect((await post('get-payment-status', { registrationId })).body.payment).toMatchObject({ status: 'failed' });
      const held = await payWith('4000000000003220');
      expect(held.paymentId).not.toBe(declined.paymentId);
      expect((await post('get-payment-status', { registrationId })).body.payment).toMatchObject({
        status: 'processing',
      });
    });

    it('the checkout refuses unknown cards, bad expiry dates and CVCs, and can be cancelled', async () => {
      await createClient();
      const { body } = await post('create-revolut-payment', payment());
      const paymentId = String(body.paymentId);
      const base = { payment: paymentId, decision: 'pay', card: '4242424242424242', expiry: '12/39', cvc: '123' };
      expect(await form('sandbox-checkout-submit', { ...base, card: '1234' })).toMatchObject({
        status: 422,
        html: expect.stringContaining('Use one of the test cards.'),
      });
      expect(await form('sandbox-checkout-submit', { ...base, expiry: '01/20' })).toMatchObject({ status: 422 });
      expect(await form('sandbox-checkout-submit', { ...base, cvc: 'x' })).toMatchObject({ status: 422 });
      const cancelled = await form('sandbox-checkout-submit', { payment: paymentId, decision: 'cancel' });
      expect(cancelled.html).toContain('Payment cancelled');
      expect(cancelled.html).toContain('The payment was cancelled.');
      expect((await post('get-payment-status', { registrationId })).body.payment).toMatchObject({
        status: 'cancelled',
      });
    });
  });

  describe('contract', () => {
    it('needs the client and a completed payment', async () => {
      expect((await post('create-contract', { registrationId })).body.error).toBe(
        'Create the client before the contract.',
      );
      await createClient();
      expect((await post('create-contract', { registrationId })).body.error).toBe(
        'The deposit must be paid before the contract.',
      );
      expect((await post('get-contract-status', { registrationId })).body).toEqual({ contract: null, submitters: [] });
    });

    it('both signers sign from their e-mailed links: the contract completes and the registration locks', async () => {
      await companySignsByHand(served);
      await createClient();
      await payWith('4242424242424242');
      expect((await post('create-contract', { registrationId })).body).toEqual({ success: true });
      expect(await post('create-contract', { registrationId })).toEqual({
        status: 409,
        body: { error: 'There is already a pending contract for this registration' },
      });
      const status = await post('get-contract-status', { registrationId });
      expect(status.body.contract).toMatchObject({ status: 'awaiting_signatures', completed_at: null });
      expect(status.body.submitters).toEqual([
        expect.objectContaining({ role: 'Cliente', status: 'awaiting', email: 'ana@example.com' }),
        expect.objectContaining({ role: 'Empresa', status: 'awaiting', email: 'reservas@trasteros-demo.example' }),
      ]);
      const [cliente, empresa] = await signingLinks();
      expect(cliente?.recipient).toBe('ana@example.com');
      expect(empresa?.recipient).toBe('reservas@trasteros-demo.example');

      const opened = await (await browser.fetch(served.service.url(`esign?token=${cliente?.token}`))).text();
      expect(opened).toContain('CONTRATO DE ALQUILER DE TRASTERO');
      expect(opened).toContain('Trastero 3 m³');
      expect(opened).toMatch(/150,00\s€/);
      const noName = await form('esign-submit', {
        token: cliente?.token ?? '',
        decision: 'sign',
        name: '',
        consent: 'yes',
      });
      expect(noName.html).toContain('Escribe tu nombre completo');
      const noConsent = await form('esign-submit', {
        token: cliente?.token ?? '',
        decision: 'sign',
        name: 'Ana García',
      });
      expect(noConsent.html).toContain('Marca la casilla');
      // Someone else's name is no signature of the registered client.
      const otherName = await form('esign-submit', {
        token: cliente?.token ?? '',
        decision: 'sign',
        name: 'Mickey Mouse',
        consent: 'yes',
      });
      expect(otherName.html).toContain('Escribe tu nombre como figura en el alta: Ana García');
      // The details the contract carries cannot change under it (the signed PDF and the mandate).
      const changeIban = await post('registration-handler', {
        action: 'update_field',
        registrationId,
        field: 'iban',
        value: 'ES7921000813610123456789',
      });
      expect(changeIban).toMatchObject({ status: 409, body: { code: 'contract_data_locked' } });
      const sameName = await post('registration-handler', {
        action: 'update_field',
        registrationId,
        field: 'full_name',
        value: 'Ana García',
      });
      expect(sameName.status).toBe(200);
      const signed = await form('esign-submit', {
        token: cliente?.token ?? '',
        decision: 'sign',
        name: 'Ana García',
        consent: 'yes',
      });
      expect(signed.html).toContain('Contrato firmado');
      const half = await post('get-contract-status', { registrationId });
      expect(half.body.submitters).toEqual([
        expect.objectContaining({ role: 'Cliente', status: 'completed' }),
        expect.objectContaining({ role: 'Empresa', status: 'awaiting' }),
      ]);
      await form('esign-submit', {
        token: empresa?.token ?? '',
        decision: 'sign',
        name: 'Trasteros Demo',
        consent: 'yes',
      });
      const done = await post('get-contract-status', { registrationId });
      expect(done.body.contract).toMatchObject({ status: 'completed' });
      // Moved in: a unit of the chosen product (3 m³, the B- street-level units) is the tenant's.
      expect((await post('get-registration-global-status', { registrationId })).body).toEqual({
        globalStatus: 'completed',
        // No documents were uploaded here, so no door access was issued (and the review says so).
        moveIn: { status: 'allocated', unitNumbers: [expect.stringMatching(/^B-\d{3}$/)], doorAccess: false },
      });
      // Locked: nothing more can change.
      expect((await post('create-client', { registrationId })).status).toBe(409);
      const again = await form('esign-submit', { token: cliente?.token ?? '', decision: 'decline' });
      expect(again.html).toContain('Contrato firmado');
    });

    it('with the automatic signature (the default) the applicant’s signature completes the contract at once', async () => {
      await createClient();
      await payWith('4242424242424242');
      expect((await post('create-contract', { registrationId })).body).toEqual({ success: true });
      // No link for the company: it signs by itself.
      const links = await signingLinks();
      expect(links.map((link) => link.recipient)).toEqual(['ana@example.com']);
      const signed = await form('esign-submit', {
        token: links[0]?.token ?? '',
        decision: 'sign',
        name: 'Ana García',
        consent: 'yes',
      });
      expect(signed.html).toContain('Contrato firmado');
      const done = await post('get-contract-status', { registrationId });
      expect(done.body.contract).toMatchObject({ status: 'completed' });
      expect(done.body.submitters).toEqual([
        expect.objectContaining({ role: 'Cliente', status: 'completed' }),
        expect.objectContaining({ role: 'Empresa', status: 'completed' }),
      ]);
      const { rows } = await served.db.query<{ signed_name: string }>(
        sql`select signed_name from contract_submitters where role = 'Empresa' and status = 'completed'`,
      );
      expect(rows.at(-1)?.signed_name).toMatch(/\(firma automática \/ automatic signature\)$/);
      expect((await post('get-registration-global-status', { registrationId })).body).toMatchObject({
        globalStatus: 'completed',
        moveIn: { status: 'allocated' },
      });
      // The applicant declining now changes nothing.
      const again = await form('esign-submit', { token: links[0]?.token ?? '', decision: 'decline' });
      expect(again.html).toContain('Contrato firmado');
    });

    it('a declined contract can be replaced by a new one', async () => {
      await createClient();
      await payWith('4242424242424242');
      await post('create-contract', { registrationId });
      const [cliente] = await signingLinks();
      const declined = await form('esign-submit', { token: cliente?.token ?? '', decision: 'decline' });
      expect(declined.html).toContain('Contrato rechazado');
      expect((await post('get-contract-status', { registrationId })).body.contract).toMatchObject({
        status: 'declined',
      });
      expect((await post('create-contract', { registrationId })).body).toEqual({ success: true });
      expect((await post('get-contract-status', { registrationId })).body.contract).toMatchObject({
        status: 'awaiting_signatures',
      });
    });

    it('an unknown signing link is a 404', async () => {
      expect((await browser.fetch(served.service.url('esign?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'))).status).toBe(404);
    });
  });

  it('streams the registration’s changes as Server-Sent Events', async () => {
    await createClient();
    const controller = new AbortController();
    const res = await browser.fetch(served.service.url(`realtime?registrationId=${registrationId}`), {
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const until = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
    };
    await until(/: connected/);
    await payWith('4242424242424242');
    await until(/"status":"completed"/);
    const events = text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map(
        (line) =>
          JSON.parse(line.slice(6)) as {
            table: string;
            type: string;
            registrationId: string;
            record: Record<string, unknown>;
          },
      );
    expect(events.map((e) => [e.table, e.type, e.record.status])).toEqual([
      ['payments', 'INSERT', 'pending'],
      ['payments', 'UPDATE', 'completed'],
    ]);
    expect(events.every((e) => e.registrationId === registrationId)).toBe(true);
    controller.abort();
    expect((await browser.fetch(served.service.url('realtime?registrationId=nope'))).status).toBe(401);
    // Another browser gets no stream of this registration.
    expect((await fetch(served.service.url(`realtime?registrationId=${registrationId}`))).status).toBe(401);
  });

  it('fans a change out to the streams of another instance of the service', async () => {
    await createClient();
    const other = await serveFunctions(served.db);
    try {
      const controller = new AbortController();
      // The session lives in the database: any instance honours it.
      const res = await browser.fetch(`${other.base}/functions/v1/realtime?registrationId=${registrationId}`, {
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (!text.includes(': connected')) text += decoder.decode((await reader.read()).value);
      // Written through the first instance, read from the second one's stream.
      expect((await post('create-revolut-payment', payment())).status).toBe(200);
      while (!text.includes('"table":"payments"')) text += decoder.decode((await reader.read()).value);
      expect(text).toContain('"status":"pending"');
      controller.abort();
    } finally {
      await other.close();
    }
  });
});
