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

  it('returned, overdue, charged, warned, suspended at the door; paid at the office, let in again', async () => {
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
    const overdueSince = today();
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
