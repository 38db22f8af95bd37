import { PAYMENT_EXPIRY_MINUTES } from 'shared-api';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { TEST_APPLICANT } from '../../testing/applicant';
import { type CookieJar, cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { servedOn } from '../../testing/service';
import { TEST_SERVICE } from '../../testing/sign-up';

const MINUTE = 60_000;
const PRODUCT = Number(TEST_SERVICE.productId);

/**
 * The deposit holds the units it pays for, and a payment nobody finishes ends: field test 3,
 * items 1 and 2 (a processing payment was a dead end; two applicants paid for the last unit).
 */
describe.each(databaseEngines())('deposit payments and their units on $name', (engine) => {
  const served = servedOn(engine);
  const runJobs = () => served.service.ctx.jobs.runDue();
  const advance = (ms: number) => served.service.ctx.adjustableClock?.advance(ms);

  /** One applicant's browser at the review step, client created. */
  const applicantAt = async (email: string, phone: string, returnPath = '/en/signup/review') => {
    const browser = cookieJar();
    const post = async (name: string, body: Record<string, unknown>) => {
      const res = await browser.fetch(served.service.url(name), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> & { code?: string } };
    };
    const created = await post('registration-handler', {
      action: 'create_registration',
      ...TEST_APPLICANT,
      email,
      phone,
    });
    const registrationId = String(created.body.registrationId);
    await served.db.query(
      sql`update registrations set email_verified = true, phone_verified = true, metadata = ${JSON.stringify({
        completedSections: { clientData: true, verification: true, documents: true, serviceDetails: true },
        serviceDetails: TEST_SERVICE,
      })} where id = ${registrationId}`,
    );
    expect((await post('create-client', { registrationId })).status).toBe(200);
    const pay = () =>
      post('create-revolut-payment', {
        registrationId,
        amount: TEST_SERVICE.setupFee,
        currency: 'EUR',
        description: 'Fianza',
        fianzaType: 'monthly',
        paymentMethod: { type: 'card' },
        returnPath,
      });
    const checkout = (fields: Record<string, string>) => submit(browser, fields);
    const paymentStatus = async () =>
      (await post('get-payment-status', { registrationId })).body.payment as Record<string, unknown> | null;
    return { registrationId, email, post, pay, checkout, paymentStatus };
  };
  const submit = async (browser: CookieJar, fields: Record<string, string>, page = 'sandbox-checkout-submit') => {
    const res = await browser.fetch(served.service.url(page), {
      method: 'POST',
      body: new URLSearchParams(fields),
    });
    return { status: res.status, html: await res.text() };
  };
  const card = (paymentId: string, number: string) => ({
    payment: paymentId,
    decision: 'pay',
    card: number,
    expiry: '12/39',
    cvc: '123',
  });
  const unitsOfProduct = async () =>
    (
      await served.db.query<{ unit_number: string; status: string; registration_id: string | null }>(
        sql`select unit_number, status, registration_id::text from units where product_id = ${PRODUCT} order by unit_number`,
      )
    ).rows;
  const heldFor = async (registrationId: string) =>
    (await unitsOfProduct()).filter((u) => u.status === 'held' && u.registration_id === registrationId);

  let serial = 0;
  const next = () => {
    serial += 1;
    return { email: `persona${serial}@example.com`, phone: `+34 600 000 ${String(serial).padStart(3, '0')}` };
  };

  beforeEach(async () => {
    await served.db.query(sql`delete from registrations`);
    await served.db.query(
      sql`update units set status = 'available', registration_id = null where product_id = ${PRODUCT}`,
    );
  });

  it('a card that asks for 3-D Secure can be confirmed from the reopened checkout', async () => {
    const { email, phone } = next();
    const ana = await applicantAt(email, phone);
    const paymentId = String((await ana.pay()).body.paymentId);
    await ana.checkout(card(paymentId, '4000000000003220'));
    expect(await ana.paymentStatus()).toMatchObject({ status: 'processing', ended_reason: null });
    const reopened = await (await fetch(served.service.url(`sandbox-checkout?payment=${paymentId}`))).text();
    expect(reopened).toContain('Your bank asks you to confirm this payment (3-D Secure).');
    const confirmed = await ana.checkout({ payment: paymentId, decision: 'authenticate' });
    expect(confirmed.html).toContain('Payment completed');
    expect(await ana.paymentStatus()).toMatchObject({ status: 'completed' });
    // Only a payment waiting for its bank can be confirmed so: a pending one needs its card.
    const { email: e2, phone: p2 } = next();
    const bea = await applicantAt(e2, p2);
    const pending = String((await bea.pay()).body.paymentId);
    await bea.checkout({ payment: pending, decision: 'authenticate' });
    expect(await bea.paymentStatus()).toMatchObject({ status: 'pending' });
  });

  it('a payment nobody finishes ends at its deadline: cancelled, its unit back on sale, the applicant told, paying again allowed', async () => {
    const { email, phone } = next();
    const ana = await applicantAt(email, phone);
    const created = await ana.pay();
    const paymentId = String(created.body.paymentId);
    const expiresAt = new Date(String((created.body.payment as { expires_at: string }).expires_at));
    const now = served.service.ctx.clock.now().getTime();
    expect(expiresAt.getTime() - now).toBeGreaterThan((PAYMENT_EXPIRY_MINUTES - 1) * MINUTE);
    expect(expiresAt.getTime() - now).toBeLessThanOrEqual(PAYMENT_EXPIRY_MINUTES * MINUTE);
    await ana.checkout(card(paymentId, '4000000000003220'));
    expect(await heldFor(ana.registrationId)).toHaveLength(1);

    advance((PAYMENT_EXPIRY_MINUTES - 1) * MINUTE);
    await runJobs();
    expect(await ana.paymentStatus()).toMatchObject({ status: 'processing' });

    advance(2 * MINUTE);
    await runJobs();
    expect(await ana.paymentStatus()).toMatchObject({ status: 'cancelled', ended_reason: 'expired' });
    expect(await heldFor(ana.registrationId)).toEqual([]);
    const mail = (await served.service.sentTo(email)).at(-1);
    expect(mail?.subject).toBe('Your deposit payment was not completed');
    expect(mail?.body).toContain('nothing has been charged');
    expect(mail?.body).toContain(`/en/signup/review?proceso=${ana.registrationId}`);
    // The late 3-D Secure answer of the ended payment changes nothing.
    await ana.checkout({ payment: paymentId, decision: 'authenticate' });
    expect(await ana.paymentStatus()).toMatchObject({ id: paymentId, status: 'cancelled' });

    const again = await ana.pay();
    expect(again.status).toBe(200);
    expect(again.body.paymentId).not.toBe(paymentId);
    expect(await heldFor(ana.registrationId)).toHaveLength(1);
  });

  it('the applicant can give up a payment in flight and pay with another card; a paid one stays paid', async () => {
    const { email, phone } = next();
    const ana = await applicantAt(email, phone);
    const first = String((await ana.pay()).body.paymentId);
    await ana.checkout(card(first, '4000000000003220'));
    const cancelled = await ana.post('cancel-payment', { registrationId: ana.registrationId });
    expect(cancelled.body.payment).toMatchObject({ id: first, status: 'cancelled', ended_reason: 'cancelled' });
    expect(await heldFor(ana.registrationId)).toEqual([]);
    const second = String((await ana.pay()).body.paymentId);
    expect(second).not.toBe(first);
    await ana.checkout(card(second, '4242424242424242'));
    expect((await ana.post('cancel-payment', { registrationId: ana.registrationId })).body.payment).toMatchObject({
      id: second,
      status: 'completed',
    });
    // Someone else's browser cannot cancel it.
    const stranger = await served.service.post('cancel-payment', { registrationId: ana.registrationId });
    expect(stranger.status).toBe(401);
  });

  it('the last unit is held for the first who pays: the second is refused before paying, and gets it once the first payment fails', async () => {
    const [last, ...others] = await unitsOfProduct();
    await served.db.query(
      sql`update units set status = 'out_of_service' where unit_number = any(${others.map((u) => u.unit_number)}::text[])`,
    );
    const a = next();
    const b = next();
    const ana = await applicantAt(a.email, a.phone);
    const bea = await applicantAt(b.email, b.phone);
    const [first, second] = await Promise.all([ana.pay(), bea.pay()]);
    // Exactly one of two racing payments gets the unit; the other is told before any card.
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const [winner, loser] = first.status === 200 ? [ana, bea] : [bea, ana];
    const refused = first.status === 200 ? second : first;
    expect(refused.body).toMatchObject({ code: 'product_out_of_stock' });
    expect((await heldFor(winner.registrationId)).map((u) => u.unit_number)).toEqual([last?.unit_number]);
    // Nobody else sees it for sale meanwhile.
    const listed = await fetch(served.service.url(`products?accion=ListarProductos&m3=2`));
    expect(JSON.stringify(await listed.json())).not.toContain(`"pid":"${PRODUCT}"`);

    const winnerPayment = String((await winner.paymentStatus())?.id);
    await winner.checkout(card(winnerPayment, '4000000000000002'));
    expect(await heldFor(winner.registrationId)).toEqual([]);
    expect((await loser.pay()).status).toBe(200);
    expect((await heldFor(loser.registrationId)).map((u) => u.unit_number)).toEqual([last?.unit_number]);
  });

  it('a paid deposit keeps its unit until the contract is signed, when that very unit is let; the choice is fixed once paying', async () => {
    const { email, phone } = next();
    const ana = await applicantAt(email, phone);
    const paymentId = String((await ana.pay()).body.paymentId);
    const [held] = await heldFor(ana.registrationId);
    // Another product while the payment is under way is refused: the deposit pays for these units.
    const change = await ana.post('registration-handler', {
      action: 'check_and_set_product',
      registrationId: ana.registrationId,
      productId: '203',
    });
    expect(change.body).toMatchObject({ success: false, code: 'service_locked_payment' });
    await ana.checkout(card(paymentId, '4242424242424242'));
    advance(PAYMENT_EXPIRY_MINUTES * 2 * MINUTE);
    await runJobs();
    expect((await heldFor(ana.registrationId)).map((u) => u.unit_number)).toEqual([held?.unit_number]);

    expect((await ana.post('create-contract', { registrationId: ana.registrationId })).status).toBe(200);
    const { rows: links } = await served.db.query<{ body: string }>(
      sql`select body from outbox where subject like 'Contrato para firmar%' order by id`,
    );
    for (const link of links.slice(-2)) {
      const token = /token=([A-Za-z0-9_-]+)/.exec(link.body)?.[1] ?? '';
      await submit(cookieJar(), { token, decision: 'sign', name: 'Ana García', consent: 'yes' }, 'esign-submit');
    }
    const { rows } = await served.db.query<{ status: string; registration_id: string }>(
      sql`select status, registration_id::text from units where unit_number = ${held?.unit_number}`,
    );
    expect(rows[0]).toEqual({ status: 'occupied', registration_id: ana.registrationId });
  });
});
