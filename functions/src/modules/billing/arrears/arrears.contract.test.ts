import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../../platform/db/sql';
import { fromMadrid, madridDate } from '../../../platform/madrid-time';
import { databaseEngines } from '../../../testing/databases';
import { servedOn } from '../../../testing/service';
import { signUpToContract } from '../../../testing/sign-up';
import { staffSession } from '../../../testing/staff';
import { resetMoveIns } from '../../../testing/units';
import { addDays } from './rules';

interface DoorReply {
  success?: boolean;
  error?: string;
  message?: string;
  token?: string;
}

/**
 * The whole path of a tenant who stops paying, on the service clock, on each engine: the
 * collection sent and returned, overdue, the late fee, the warning, the suspension (the door
 * refuses), then paid and access back.
 */
describe.each(databaseEngines())('arrears on $name', (engine) => {
  const served = servedOn(engine);
  beforeEach(() => resetMoveIns(served.db));

  const clock = () => served.service.ctx.clock.now();
  const today = () => madridDate(clock());
  /** Moves the service's clock to 09:00 on `day` at the facility, and runs what fell due. */
  const moveTo = async (day: string) => {
    const target = fromMadrid(day, '09:00').getTime();
    served.service.ctx.adjustableClock?.advance(Math.max(0, target - clock().getTime()));
    await served.service.ctx.jobs.runDue();
  };
  const door = (body: Record<string, unknown>) => served.service.post<DoorReply>('abridor', body);
  const mail = async (subject: RegExp) =>
    (await served.service.sentTo('ana@example.com')).filter((m) => subject.test(m.subject ?? ''));
  const texts = async (start: string) =>
    (await served.service.sentTo('+34600123456')).filter((m) => m.body.startsWith(start));

  /** A tenant let in at the door, whose first collection the bank returned today (MS02). */
  const tenantInArrears = async () => {
    const { registrationId } = await signUpToContract(served).then(async (signUp) => {
      await signUp.sign('Cliente');
      await signUp.sign('Empresa');
      return signUp;
    });
    await served.service.ctx.jobs.runDue();
    const sms = (await served.service.sentTo('+34600123456')).find((m) => m.body.includes('PIN'));
    const pin = /PIN[^:]*: (\d{4})\./.exec(sms?.body ?? '')?.[1] ?? '';
    const access = (await mail(/^Tu acceso a la puerta/))[0]?.body ?? '';
    const link = /(http\S+\/abridor-login\?token=\S+)/.exec(access)?.[1] ?? '';
    const token = (await door({ action: 'validate_token', token: new URL(link).searchParams.get('token') })).body.token;
    const enter = async () => (await door({ action: 'door_action', token, pin, door_action: 'ENTRADA' })).body;
    expect(await enter()).toMatchObject({ success: true });

    // The manager sends the first collection; the bank returns it: refused by the debtor (MS02).
    const manager = await staffSession(served);
    const dueBy = addDays(today(), 2);
    expect((await manager('create_remittance', { dueBy, confirm: true })).status).toBe(200);
    const { rows } = await served.db.query<{ id: string }>(sql`select id from rent_periods where sequence = 1`);
    const rentPeriodId = rows[0]?.id;
    expect(
      (await manager('record_collection_result', { rentPeriodId, outcome: 'returned', reason: 'MS02' })).body,
    ).toEqual({ recorded: 'returned' });
    await served.service.ctx.jobs.runDue();
    return { registrationId, enter, manager, rentPeriodId, overdueSince: today() };
  };

  it('returned, overdue, charged, warned, suspended at the door; paid at the office, let in again', async () => {
    const { registrationId, enter, manager, rentPeriodId, overdueSince } = await tenantInArrears();
    expect((await mail(/^Recibo del alquiler devuelto$/))[0]?.body).toContain('lo rechazaste');

    // Within the 5 days of grace: no fee yet.
    await moveTo(addDays(overdueSince, 4));
    expect(await mail(/^Factura F\d{4}-000002$/)).toEqual([]);
    // Day 5: the late fee, on its own invoice, without VAT.
    await moveTo(addDays(overdueSince, 5));
    const fee = await served.db.query<{ number: string; total_cents: number; vat_cents: number; vat_rate: number }>(
      sql`select number, total_cents, vat_cents, vat_rate from invoices where rent_period_id is null and series = 'F'`,
    );
    expect(fee.rows).toEqual([expect.objectContaining({ total_cents: 1500, vat_cents: 0, vat_rate: 0 })]);
    const feeMail = await mail(new RegExp(`^Factura ${fee.rows[0]?.number}$`));
    expect(feeMail[0]?.body.replace(/\s+/g, ' ')).toContain('el recargo de 15,00 € por el alquiler sin pagar');
    expect(await enter()).toMatchObject({ success: true });

    // Day 12: warned, by e-mail and SMS, of the suspension on day 15; the door still opens.
    await moveTo(addDays(overdueSince, 11));
    expect(await mail(/^Alquiler sin pagar/)).toEqual([]);
    await moveTo(addDays(overdueSince, 12));
    const warning = await mail(/^Alquiler sin pagar: se suspenderá tu acceso$/);
    expect(warning).toHaveLength(1);
    expect(warning[0]?.body).toContain(addDays(overdueSince, 15).split('-').reverse().join('/'));
    expect(await texts('Alquiler del trastero sin pagar')).toHaveLength(1);
    expect(await enter()).toMatchObject({ success: true });

    // Day 15: suspended. The right PIN is refused, with no amount at the door.
    await moveTo(addDays(overdueSince, 15));
    expect(await enter()).toEqual({ success: false, error: 'Acceso suspendido: contacta con la oficina' });
    expect(await mail(/^Acceso al trastero suspendido$/)).toHaveLength(1);
    const detail = await manager('get_registration', { registrationId });
    expect((detail.body.registration as Record<string, unknown>).accessSuspension).toMatchObject({ by: 'arrears' });
    expect((await manager('list_arrears')).body.tenants).toEqual([
      expect.objectContaining({ overdueCents: 7700, daysOverdue: 15, access: 'suspended_by_arrears' }),
    ]);
    // Nothing happens twice on later days.
    await moveTo(addDays(overdueSince, 20));
    expect(await mail(/^Alquiler sin pagar/)).toHaveLength(1);
    expect(await mail(/^Acceso al trastero suspendido$/)).toHaveLength(1);

    // She pays at the office: recorded by hand, the door opens again at once.
    expect((await manager('record_collection_result', { rentPeriodId, outcome: 'paid' })).body).toEqual({
      recorded: 'paid',
    });
    await served.service.ctx.jobs.runDue();
    expect(await enter()).toMatchObject({ success: true });
    expect(await mail(/^Acceso al trastero restablecido$/)).toHaveLength(1);
    // Every step the rules took on their own is in the back-office's audit, once.
    const { rows: audit } = await served.db.query<{ action: string }>(
      sql`select action from staff_audit where staff_email = 'reglas-de-impagos' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'arrears_late_fee',
      'arrears_warning',
      'arrears_suspend',
      'arrears_restore',
    ]);
    // The late fee is still owed: she stays on the arrears list for it alone, with her door open.
    expect((await manager('list_arrears')).body.tenants).toEqual([
      expect.objectContaining({ registrationId, overdueCents: 1500, daysOverdue: null, access: 'open' }),
    ]);
  });

  /** The link's own page on this service (the link names the public site). */
  const onService = (link: string) => {
    const url = new URL(link);
    return `${served.service.base}${url.pathname}${url.search}`;
  };
  const form = (url: string, fields: Record<string, string>) =>
    fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

  it('suspended for arrears, she pays by card through the private link: access back, nothing owed', async () => {
    const { registrationId, enter, overdueSince } = await tenantInArrears();
    // The return's e-mail and SMS carry the link already.
    const returned = (await mail(/^Recibo del alquiler devuelto$/))[0]?.body ?? '';
    expect(returned).toMatch(/\/functions\/v1\/pay-balance\?token=/);
    expect(await texts('Tu banco ha devuelto')).toEqual([
      expect.objectContaining({ body: expect.stringContaining('/functions/v1/pay-balance?token=') }),
    ]);
    await moveTo(addDays(overdueSince, 15));
    expect(await enter()).toEqual({ success: false, error: 'Acceso suspendido: contacta con la oficina' });
    const suspended = (await mail(/^Acceso al trastero suspendido$/))[0]?.body ?? '';
    const link = /(http\S+\/functions\/v1\/pay-balance\?token=[\w-]+)/.exec(suspended)?.[1] ?? '';
    expect(link).not.toBe('');

    // The page: the overdue invoice and the late fee, 62,00 + 15,00, and the button.
    const pageHtml = await (await fetch(onService(link))).text();
    expect(pageHtml).toContain('Hola Ana:');
    expect(pageHtml).toMatch(/Factura F\d{4}-\d{6}<\/th><td>62,00\s€/);
    expect(pageHtml).toMatch(/Recargos y otros importes<\/th><td>15,00\s€/);
    expect(pageHtml).toContain('Pagar 77,00\u00a0€ con tarjeta');
    expect(pageHtml).not.toContain(registrationId);
    const token = new URL(link).searchParams.get('token') ?? '';
    const start = `${served.service.base}/functions/v1/pay-balance-start`;
    // Two taps, one order: the second reopens the same checkout.
    const first = await form(start, { token });
    const second = await form(start, { token });
    expect(first.status).toBe(303);
    const checkout = first.headers.get('location') ?? '';
    expect(second.headers.get('location')).toBe(checkout);
    const paymentId = new URL(checkout).searchParams.get('payment') ?? '';
    const sandbox = await (await fetch(onService(checkout))).text();
    expect(sandbox).toContain('Pago del alquiler pendiente');
    expect(sandbox).toContain('77,00');
    // Declined first, then paid with the test card that completes.
    const pay = (card: string) =>
      form(`${served.service.base}/functions/v1/sandbox-checkout-submit`, {
        payment: paymentId,
        decision: 'pay',
        card,
        expiry: '12/40',
        cvc: '123',
      });
    expect(await (await pay('4000000000000002')).text()).toContain('Pago rechazado');
    expect((await form(start, { token })).headers.get('location')).not.toBe(checkout);
    const { rows: again } = await served.db.query<{ id: string }>(
      sql`select id::text from payments where purpose = 'balance' and status = 'pending'`,
    );
    const retryCheckout = again[0]?.id ?? '';
    const paid = await form(`${served.service.base}/functions/v1/sandbox-checkout-submit`, {
      payment: retryCheckout,
      decision: 'pay',
      card: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
    });
    expect(await paid.text()).toContain('Pago completado');
    await served.service.ctx.jobs.runDue();
    expect(await enter()).toMatchObject({ success: true });
    expect(await mail(/^Acceso al trastero restablecido$/)).toHaveLength(1);
    expect((await mail(/^Pago recibido$/))[0]?.body).toContain('77,00');
    // Nothing owed; the period leaves the next remittance; the link now says so.
    const { rows: period } = await served.db.query<{ status: string; overdue_since: string | null }>(
      sql`select status, overdue_since from rent_periods where sequence = 1`,
    );
    expect(period[0]).toEqual({ status: 'paid', overdue_since: null });
    expect(await (await fetch(onService(link))).text()).toContain('No tienes nada pendiente de pago');
    const ledger = await (await staffSession(served))('get_ledger', { registrationId });
    expect(ledger.body).toMatchObject({ balanceCents: 0, payableCents: 0 });
    expect(
      (ledger.body.entries as { kind: string; amountCents: number }[]).map((e) => [e.kind, e.amountCents]),
    ).toEqual([
      ['invoice', 6200],
      ['return', 0],
      ['late_fee', 1500],
      ['card', -7700],
    ]);
    const result = await (
      await fetch(`${served.service.base}/functions/v1/pay-balance?payment=${retryCheckout}&lang=es`)
    ).text();
    expect(result).toContain('Pago recibido');
    // Where the tenant goes next: their account, in their language.
    expect(result).toContain('<a href="/es/mi-cuenta">Ir a mi cuenta</a>');
    expect((await form(start, { token })).status).toBe(200);
    // Paid by card, the bank never had it to give back: a return recorded for it changes nothing.
    const manager = await staffSession(served);
    const { rows: paidPeriod } = await served.db.query<{ id: string }>(
      sql`select id from rent_periods where sequence = 1`,
    );
    expect(
      (
        await manager('record_collection_result', {
          rentPeriodId: paidPeriod[0]?.id,
          outcome: 'returned',
          reason: 'AM04',
        })
      ).status,
    ).toBe(409);
  });

  it('a checkout left open ends after 30 minutes, and can no longer be paid once the rent is paid another way', async () => {
    const { registrationId, rentPeriodId, manager } = await tenantInArrears();
    const link = /(http\S+\/functions\/v1\/pay-balance\?token=[\w-]+)/.exec(
      (await mail(/^Recibo del alquiler devuelto$/))[0]?.body ?? '',
    )?.[1];
    const token = new URL(link ?? 'http://x/').searchParams.get('token') ?? '';
    const start = `${served.service.base}/functions/v1/pay-balance-start`;
    const paymentOf = async () =>
      new URL((await form(start, { token })).headers.get('location') ?? '').searchParams.get('payment') ?? '';
    // Left open: 30 minutes later it is over.
    const abandoned = await paymentOf();
    served.service.ctx.adjustableClock?.advance(31 * 60_000);
    await served.service.ctx.jobs.runDue();
    const { rows: ended } = await served.db.query<{ status: string; failure_reason: string }>(
      sql`select status, failure_reason from payments where id = ${abandoned}`,
    );
    expect(ended[0]).toEqual({ status: 'cancelled', failure_reason: 'Payment expired' });
    // Opened again, then paid at the office meanwhile: the open checkout is cancelled, nothing is
    // charged twice.
    const open = await paymentOf();
    expect(open).not.toBe(abandoned);
    await manager('record_collection_result', { rentPeriodId, outcome: 'paid' });
    const late = await form(`${served.service.base}/functions/v1/sandbox-checkout-submit`, {
      payment: open,
      decision: 'pay',
      card: '4242424242424242',
      expiry: '12/40',
      cvc: '123',
    });
    expect(await late.text()).toContain('Pago cancelado');
    const { rows } = await served.db.query<{ n: number }>(
      sql`select count(*)::integer as n from money_movements where registration_id = ${registrationId} and kind = 'card'`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('a pay link that is not one, or has expired, shows nothing but the office', async () => {
    const bogus = await fetch(`${served.service.base}/functions/v1/pay-balance?token=${'a'.repeat(43)}`);
    expect(bogus.status).toBe(404);
    const text = await bogus.text();
    expect(text).toContain('Este enlace de pago no es válido o ha caducado.');
    expect(text).toContain('This payment link is not valid or has expired.');
    expect(bogus.headers.get('referrer-policy')).toBe('no-referrer');
    expect((await form(`${served.service.base}/functions/v1/pay-balance-start`, { token: 'x' })).status).toBe(404);
    const { overdueSince } = await tenantInArrears();
    const link = /(http\S+\/functions\/v1\/pay-balance\?token=[\w-]+)/.exec(
      (await mail(/^Recibo del alquiler devuelto$/))[0]?.body ?? '',
    )?.[1];
    expect((await fetch(onService(link ?? ''))).status).toBe(200);
    await moveTo(addDays(overdueSince, 31));
    expect((await fetch(onService(link ?? ''))).status).toBe(404);
  });

  it('a suspension staff decided is not lifted by a payment: it is theirs to lift', async () => {
    const signUp = await signUpToContract(served);
    await signUp.sign('Cliente');
    await signUp.sign('Empresa');
    const manager = await staffSession(served);
    await manager('create_remittance', { dueBy: addDays(today(), 2), confirm: true });
    const { rows } = await served.db.query<{ id: string }>(sql`select id from rent_periods where sequence = 1`);
    await manager('record_collection_result', { rentPeriodId: rows[0]?.id, outcome: 'returned', reason: 'AC04' });
    await manager('suspend_access', { registrationId: signUp.registrationId, reason: 'Daños en la puerta' });
    await manager('record_collection_result', { rentPeriodId: rows[0]?.id, outcome: 'paid' });
    await served.service.ctx.jobs.runDue();
    const detail = await manager('get_registration', { registrationId: signUp.registrationId });
    expect((detail.body.registration as Record<string, unknown>).accessSuspension).toMatchObject({ by: 'staff' });
  });

  it('a manager sets the rules; a warning after the suspension is refused', async () => {
    const manager = await staffSession(served);
    const rules = { graceDays: 3, lateFeeCents: 2000, warningDays: 2, suspendAfterDays: 10 };
    expect(await manager('set_arrears_settings', rules)).toMatchObject({ status: 200, body: { arrears: rules } });
    expect((await manager('set_arrears_settings', { ...rules, warningDays: 10 })).status).toBe(400);
    expect((await manager('list_collections', { dueBy: today() })).body.arrears).toEqual(rules);
    await manager('set_arrears_settings', { graceDays: 5, lateFeeCents: 1500, warningDays: 3, suspendAfterDays: 15 });
  });
});
