import { describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { TEST_APPLICANT } from '../../testing/applicant';
import { databaseEngines } from '../../testing/databases';
import { servedOn, TEST_MANAGER } from '../../testing/service';
import { loseHeldUnits, signUpToContract } from '../../testing/sign-up';
import { inviteStaff, staffSession } from '../../testing/staff';

/**
 * A tenant who signed and paid but was left without a unit is not a dead end: staff let them
 * free units that fit, or a manager refunds the deposit; Today flags them until then (field
 * test 3, item 2).
 */
describe.each(databaseEngines())('a tenant waiting for a unit, on $name', (engine) => {
  const served = servedOn(engine);

  const staffBrowser = (email: string, password: string) => staffSession(served, { email, password });

  /** Signed by both parties, deposit paid, and its unit let to someone else meanwhile. */
  const awaitingTenant = async (email: string) => {
    const signUp = await signUpToContract(served, {
      applicant: { ...TEST_APPLICANT, email },
    });
    await loseHeldUnits(served, signUp.registrationId);
    const freeOf202 = await served.db.query<{ unit_number: string }>(
      sql`update units set status = 'out_of_service' where product_id = 202 and status = 'available' returning unit_number`,
    );
    await signUp.sign('Cliente');
    await signUp.sign('Empresa');
    await served.db.query(
      sql`update units set status = 'available' where unit_number = any(${freeOf202.rows.map((row) => row.unit_number)}::text[])`,
    );
    const { rows } = await served.db.query<{ move_in_status: string }>(
      sql`select move_in_status from registrations where id = ${signUp.registrationId}`,
    );
    expect(rows[0]?.move_in_status).toBe('awaiting_unit');
    return signUp;
  };
  const unit = async (unitNumber: string) =>
    (
      await served.db.query<{ status: string; registration_id: string | null }>(
        sql`select status, registration_id::text from units where unit_number = ${unitNumber}`,
      )
    ).rows[0];

  it('staff see them on Today and let them free units that fit; too little space or a taken unit is refused', async () => {
    const tenant = await awaitingTenant('espera.unidad@example.com');
    const manager = await staffBrowser(TEST_MANAGER.email, TEST_MANAGER.password);
    const today = await manager('today');
    expect(today.body.awaitingUnit).toEqual([expect.objectContaining({ registrationCode: tenant.registrationCode })]);

    const fitting = await manager('fitting_units', { registrationId: tenant.registrationId, language: 'en' });
    const units = fitting.body.units as { unitNumber: string; productName: string; sizeM3: number }[];
    expect(fitting.body).toMatchObject({ neededM3: 3, unitsRequired: 1 });
    expect(units.length).toBeGreaterThan(0);
    // Each at least a third of the volume, smallest first, names in the page's language.
    expect(units.every((u) => u.sizeM3 >= 1)).toBe(true);
    expect(units.map((u) => u.sizeM3)).toEqual([...units.map((u) => u.sizeM3)].sort((a, b) => a - b));
    expect(units.some((u) => u.productName === 'Storage unit 3 m³')).toBe(true);

    const small = units.find((u) => u.sizeM3 < 3)?.unitNumber ?? '';
    const right = units.find((u) => u.sizeM3 === 3)?.unitNumber ?? '';
    const { rows: taken } = await served.db.query<{ unit_number: string }>(
      sql`select unit_number from units where status = 'occupied' limit 1`,
    );
    const assign = (unitNumbers: string[]) =>
      manager('assign_units', { registrationId: tenant.registrationId, unitNumbers });
    expect(await assign([small])).toMatchObject({ status: 409, body: { code: 'units_too_small' } });
    expect(await assign([taken[0]?.unit_number ?? ''])).toMatchObject({
      status: 409,
      body: { code: 'units_not_free' },
    });
    expect(await assign([right])).toMatchObject({ status: 200, body: { units: [right] } });
    expect(await unit(right)).toEqual({ status: 'occupied', registration_id: tenant.registrationId });
    // Door access as at any move-in, and the rent at the signed price.
    const mails = await served.service.sentTo('espera.unidad@example.com');
    expect(mails.some((m) => m.subject?.startsWith('Tu acceso a la puerta'))).toBe(true);
    const { rows: rent } = await served.db.query<{ amount_cents: number }>(
      sql`select amount_cents from rent_periods where registration_id = ${tenant.registrationId} order by period_start limit 1`,
    );
    expect(rent[0]?.amount_cents).toBe(6200);
    expect((await manager('today')).body.awaitingUnit).toEqual([]);
    expect(await assign([right])).toMatchObject({ status: 409, body: { code: 'not_awaiting_unit' } });
    const { rows: audit } = await served.db.query<{ target: string }>(
      sql`select target from staff_audit where action = 'assign_units'`,
    );
    expect(audit).toEqual([{ target: `registration:${tenant.registrationCode}` }]);
  });

  it('a manager refunds the deposit through the provider: recorded, e-mailed, the sign-up closed; staff may not', async () => {
    const tenant = await awaitingTenant('reembolso@example.com');
    const manager = await staffBrowser(TEST_MANAGER.email, TEST_MANAGER.password);
    const added = await inviteStaff(
      served,
      manager,
      { email: 'mostrador@trasteros-demo.example', name: 'Mostrador', role: 'staff' },
      'staff-pass-123',
    ).then((invited) => invited.added);
    expect(added.status).toBe(200);
    const desk = await staffBrowser('mostrador@trasteros-demo.example', 'staff-pass-123');
    const refund = {
      registrationId: tenant.registrationId,
      reason: 'No queda sitio del tamaño contratado',
      confirm: true,
    };
    expect((await desk('refund_deposit', refund)).status).toBe(403);
    expect((await manager('refund_deposit', { ...refund, confirm: false })).status).toBe(400);

    const refunded = await manager('refund_deposit', refund);
    expect(refunded).toMatchObject({ status: 200, body: { amount: 150 } });
    const detail = await manager('get_registration', { registrationId: tenant.registrationId });
    expect(detail.body).toMatchObject({
      registration: { moveInStatus: 'ended', stage: 'ended' },
      payments: [{ status: 'completed', refundedAt: expect.any(String), refundReason: refund.reason }],
    });
    const mail = (await served.service.sentTo('reembolso@example.com')).at(-1);
    expect(mail?.subject).toBe(`Te devolvemos la fianza · ${tenant.registrationCode}`);
    expect(mail?.body).toContain('150,00');
    expect(mail?.body).toContain(refund.reason);
    // Once: a second press refunds nothing more.
    expect(await manager('refund_deposit', refund)).toMatchObject({ status: 409, body: { code: 'not_awaiting_unit' } });
    const { rows } = await served.db.query<{ status: string }>(
      sql`select status from sepa_mandates where registration_id = ${tenant.registrationId}`,
    );
    expect(rows.every((row) => row.status === 'cancelled')).toBe(true);
  });

  it('front-desk staff end a rental from the back-office, confirmed and audited; a second press changes nothing', async () => {
    const signUp = await signUpToContract(served, { applicant: { ...TEST_APPLICANT, email: 'mudanza@example.com' } });
    await signUp.sign('Cliente');
    await signUp.sign('Empresa');
    const { rows: let_ } = await served.db.query<{ unit_number: string }>(
      sql`select unit_number from units where registration_id = ${signUp.registrationId} and status = 'occupied'`,
    );
    const manager = await staffBrowser(TEST_MANAGER.email, TEST_MANAGER.password);
    await inviteStaff(
      served,
      manager,
      { email: 'recepcion@trasteros-demo.example', name: 'Recepción', role: 'staff' },
      'staff-pass-123',
    ).then((invited) => invited.added);
    const desk = await staffBrowser('recepcion@trasteros-demo.example', 'staff-pass-123');
    const end = { registrationId: signUp.registrationId, confirm: true };
    expect((await desk('end_rental', { registrationId: signUp.registrationId })).status).toBe(400);
    expect(await desk('end_rental', end)).toMatchObject({
      status: 200,
      body: { freedUnits: let_.map((u) => u.unit_number) },
    });
    expect(await unit(let_[0]?.unit_number ?? '')).toEqual({ status: 'available', registration_id: null });
    const mail = (await served.service.sentTo('mudanza@example.com')).at(-1);
    expect(mail?.subject).toContain('Fin de tu alquiler');
    expect(await desk('end_rental', end)).toMatchObject({ status: 409, body: { code: 'rental_not_active' } });
    const { rows: audit } = await served.db.query<{ staff_email: string; target: string }>(
      sql`select staff_email, target from staff_audit where action = 'end_rental'`,
    );
    expect(audit).toEqual([
      { staff_email: 'recepcion@trasteros-demo.example', target: `registration:${signUp.registrationCode}` },
    ]);
    const { rows: door } = await served.db.query<{ usuario: string }>(
      sql`select usuario from door_audit where action = ${`end_rental:${signUp.registrationCode}`}`,
    );
    expect(door).toEqual([{ usuario: 'gestión: recepcion@trasteros-demo.example' }]);
  });
});
