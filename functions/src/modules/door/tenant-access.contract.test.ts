import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { TEST_APPLICANT } from '../../testing/applicant';
import { cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { servedOn, TEST_ADMIN } from '../../testing/service';
import { signUpToContract } from '../../testing/sign-up';
import { staffSession } from '../../testing/staff';
import { resetMoveIns } from '../../testing/units';
import { endRental, RENTAL_NOT_ACTIVE } from '../rental';

interface Reply {
  error?: string;
  success?: boolean;
  valid?: boolean;
  token?: string;
  user?: { usuario: string; box: string | null; isAdmin: boolean; language?: string } | null;
  users?: { id: string; usuario: string; box: string | null; registrationCode: string | null }[];
  freedUnits?: string[];
}

/** Door access issued at move-in after the checks, and revoked when staff end the rental, on each engine. */
describe.each(databaseEngines())('tenant access on $name', (engine) => {
  const served = servedOn(engine);
  beforeEach(() => resetMoveIns(served.db));

  const door = (body: Record<string, unknown>) => served.service.post<Reply>('abridor', body);
  const messages = (recipient: string) => served.service.sentTo(recipient);
  const unitsOf = async (registrationId: string) =>
    (
      await served.db.query<{ unit_number: string; status: string }>(
        sql`select unit_number, status from units where registration_id = ${registrationId}`,
      )
    ).rows;
  const moveIn = async () => {
    const signUp = await signUpToContract(served);
    await signUp.sign('Cliente');
    await signUp.sign('Empresa');
    return signUp;
  };
  /** What the tenant received: the PIN by SMS, the single-use sign-in link by e-mail. */
  const credentials = async () => {
    const sms = (await messages('+34600123456')).find((m) => m.channel === 'sms' && m.body.includes('PIN'));
    const mail = (await messages('ana@example.com')).find((m) => m.subject?.startsWith('Tu acceso a la puerta'));
    return {
      pin: /PIN[^:]*: (\d{4})\./.exec(sms?.body ?? '')?.[1] ?? '',
      link: /(http\S+\/abridor-login\?token=\S+)/.exec(mail?.body ?? '')?.[1] ?? '',
      sms: sms?.body ?? '',
    };
  };

  it('moving in issues a door user for the unit, a PIN by SMS and a single-use link that opens the door app', async () => {
    const { registrationId, registrationCode } = await moveIn();
    const [unit] = await unitsOf(registrationId);
    const { pin, link, sms } = await credentials();
    expect(pin).toMatch(/^\d{4}$/);
    expect(sms).toContain(unit?.unit_number);
    expect(link.startsWith('http://localhost:8080/abridor-login?token=')).toBe(true);
    const { rows: users } = await served.db.query<{ usuario: string; box: string; pin_hash: string }>(
      sql`select usuario, box, pin_hash from door_users where registration_id = ${registrationId}`,
    );
    expect(users).toEqual([expect.objectContaining({ usuario: 'ana@example.com', box: unit?.unit_number })]);
    expect(users[0]?.pin_hash).not.toContain(pin);
    const { rows: audit } = await served.db.query<{ usuario: string; action: string; result: string }>(
      sql`select usuario, action, result from door_audit where action like 'issue_access:%'`,
    );
    expect(audit).toEqual([
      {
        usuario: 'sistema',
        action: 'issue_access:ana@example.com',
        result: `box ${unit?.unit_number} · alta ${registrationCode}`,
      },
    ]);

    // The link signs in once; the session it gives opens the door with the PIN of the SMS.
    const magic = new URL(link).searchParams.get('token') ?? '';
    const signedIn = await door({ action: 'validate_token', token: magic });
    expect(signedIn.body).toMatchObject({ valid: true, user: { usuario: 'ana@example.com', box: unit?.unit_number } });
    expect((await door({ action: 'validate_token', token: magic })).body.valid).toBe(false);
    const session = signedIn.body.token ?? '';
    expect(await door({ action: 'door_action', token: session, pin, door_action: 'ENTRADA' })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    const wrong = pin === '0000' ? '1111' : '0000';
    expect(
      (await door({ action: 'door_action', token: session, pin: wrong, door_action: 'ENTRADA' })).body.success,
    ).toBe(false);
  });

  it("tells the door tool the tenant's language (their sign-up's), Spanish for everyone else", async () => {
    const { registrationId } = await moveIn();
    await served.db.query(sql`update registrations set language = 'en' where id = ${registrationId}`);
    const magic = new URL((await credentials()).link).searchParams.get('token') ?? '';
    const signedIn = await door({ action: 'validate_token', token: magic });
    expect(signedIn.body.user).toMatchObject({ usuario: 'ana@example.com', language: 'en' });
    const again = await door({ action: 'validate_token', token: signedIn.body.token });
    expect(again.body.user).toMatchObject({ language: 'en' });
    const admin = await door({ action: 'login', usuario: TEST_ADMIN.usuario, contraseña: TEST_ADMIN.contraseña });
    expect(admin.body.user).toMatchObject({ usuario: 'admin', language: 'es' });
  });

  it('a missing document withholds the access and tells the business why; the unit stays allocated', async () => {
    const signUp = await signUpToContract(served, { documents: ['frontId', 'bankDocument'] });
    await signUp.sign('Cliente');
    await signUp.sign('Empresa');
    expect(await unitsOf(signUp.registrationId)).toHaveLength(1);
    expect(
      (await served.db.query(sql`select 1 from door_users where registration_id = ${signUp.registrationId}`)).rows,
    ).toEqual([]);
    expect(await credentials()).toMatchObject({ pin: '', link: '' });
    const notice = (await messages('reservas@trasteros-demo.example')).find((m) =>
      m.subject?.endsWith('acceso a la puerta no emitido'),
    );
    expect(notice?.body).toContain('faltan documentos');
    expect(notice?.body).not.toContain('fianza');
  });

  it('staff suspend a tenant’s access with a reason: the right PIN is refused at the door, the tenant is told; restored, it opens again', async () => {
    const { registrationId, registrationCode } = await moveIn();
    const { pin, link } = await credentials();
    const tenant = (await door({ action: 'validate_token', token: new URL(link).searchParams.get('token') })).body
      .token as string;
    const manager = await staffSession(served);
    const { rows: start } = await served.db.query<{ id: number }>(
      sql`select coalesce(max(id), 0)::integer as id from door_audit`,
    );
    expect((await manager('suspend_access', { registrationId, reason: 'no' })).status).toBe(400);
    expect(await manager('suspend_access', { registrationId, reason: 'Daños en el pasillo' })).toMatchObject({
      status: 200,
    });
    // Suspended twice: nothing changes.
    expect(await manager('suspend_access', { registrationId, reason: 'Otra vez' })).toMatchObject({
      status: 409,
      body: { code: 'access_not_changed' },
    });
    const refused = await door({ action: 'door_action', token: tenant, pin, door_action: 'ENTRADA' });
    expect(refused).toEqual({
      status: 200,
      body: { success: false, error: 'Acceso suspendido: contacta con la oficina' },
    });
    // A wrong PIN is still a wrong PIN: suspension says nothing to someone guessing.
    const wrong = pin === '0000' ? '1111' : '0000';
    expect(
      (await door({ action: 'door_action', token: tenant, pin: wrong, door_action: 'ENTRADA' })).body,
    ).toMatchObject({
      error: 'PIN inválido',
    });
    const mail = (await messages('ana@example.com')).find((m) => m.subject === 'Acceso al trastero suspendido');
    expect(mail?.body).toContain('Motivo: Daños en el pasillo.');
    expect(
      (await messages('+34600123456')).some((m) => m.body.startsWith('Tu acceso al trastero está suspendido')),
    ).toBe(true);
    const detail = await manager('get_registration', { registrationId });
    expect((detail.body.registration as Record<string, unknown>).accessSuspension).toMatchObject({
      reason: 'Daños en el pasillo',
      by: 'staff',
    });

    expect(await manager('restore_access', { registrationId, reason: 'Reparado' })).toMatchObject({ status: 200 });
    expect((await door({ action: 'door_action', token: tenant, pin, door_action: 'ENTRADA' })).body).toMatchObject({
      success: true,
      message: 'Acceso Autorizado: ENTRADA',
    });
    expect((await messages('ana@example.com')).some((m) => m.subject === 'Acceso al trastero restablecido')).toBe(true);
    const { rows: audit } = await served.db.query<{ action: string; target: string }>(
      sql`select action, target from staff_audit where action in ('suspend_access', 'restore_access') order by id`,
    );
    expect(audit).toEqual([
      { action: 'suspend_access', target: `registration:${registrationCode}` },
      { action: 'restore_access', target: `registration:${registrationCode}` },
    ]);
    const { rows: doorLog } = await served.db.query<{ result: string }>(
      sql`select result from door_audit where action = 'ENTRADA' and usuario = 'ana@example.com' and id > ${start[0]?.id ?? 0}
       order by id`,
    );
    expect(doorLog.map((row) => row.result)).toEqual(['suspended', 'wrong_pin', 'ok']);
  });

  it('staff end the rental: units free, door user and its sessions gone, rent stopped, audited', async () => {
    const { registrationId, registrationCode } = await moveIn();
    const [unit] = await unitsOf(registrationId);
    const { pin, link } = await credentials();
    const tenant = (await door({ action: 'validate_token', token: new URL(link).searchParams.get('token') })).body
      .token as string;
    const admin = (await door({ action: 'login', usuario: TEST_ADMIN.usuario, contraseña: TEST_ADMIN.contraseña })).body
      .token as string;
    const listed = (await door({ action: 'list_users', token: admin })).body.users ?? [];
    const tenantUser = listed.find((user) => user.registrationCode === registrationCode);
    expect(tenantUser).toMatchObject({ usuario: 'ana@example.com', box: unit?.unit_number });
    expect(listed.find((user) => user.usuario === 'admin')?.registrationCode).toBeNull();

    // Only the admin; and only a tenant's user has a rental to end.
    expect((await door({ action: 'end_rental', token: tenant, userId: tenantUser?.id })).status).toBe(403);
    const adminId = listed.find((user) => user.usuario === 'admin')?.id;
    expect(await door({ action: 'end_rental', token: admin, userId: adminId })).toMatchObject({
      status: 400,
      body: { error: 'Este usuario no tiene un alquiler' },
    });

    expect(await door({ action: 'end_rental', token: admin, userId: tenantUser?.id })).toEqual({
      status: 200,
      body: { success: true, freedUnits: [unit?.unit_number] },
    });
    expect(
      (
        await served.db.query<{ status: string }>(
          sql`select status from units where unit_number = ${unit?.unit_number}`,
        )
      ).rows[0]?.status,
    ).toBe('available');
    expect((await door({ action: 'validate_token', token: tenant })).body.valid).toBe(false);
    expect((await door({ action: 'door_action', token: tenant, pin, door_action: 'ENTRADA' })).status).toBe(401);
    const { rows: registration } = await served.db.query<{ move_in_status: string; ended: boolean }>(
      sql`select move_in_status, rental_ended_at is not null as ended from registrations where id = ${registrationId}`,
    );
    expect(registration).toEqual([{ move_in_status: 'ended', ended: true }]);
    const { rows: rent } = await served.db.query<{ status: string; n: number }>(
      sql`select status, count(*)::integer as n from rent_periods group by status order by status`,
    );
    // The period under way (collected at move-in) stays; the eleven not yet begun are cancelled.
    expect(rent).toEqual([
      { status: 'cancelled', n: 11 },
      { status: 'scheduled', n: 1 },
    ]);
    expect((await served.db.query<{ status: string }>(sql`select status from sepa_mandates`)).rows).toEqual([
      { status: 'cancelled' },
    ]);
    const { rows: audit } = await served.db.query<{ usuario: string; result: string }>(
      sql`select usuario, result from door_audit where action = ${`end_rental:${registrationCode}`}`,
    );
    expect(audit).toEqual([
      { usuario: 'admin', result: `liberado ${unit?.unit_number} · acceso de ana@example.com revocado` },
    ]);
    expect((await messages('ana@example.com')).at(-1)?.subject).toContain('Fin de tu alquiler');

    // Once ended, it cannot end again.
    await expect(
      served.db.transaction((tx) =>
        endRental(tx, served.service.ctx, registrationId, { userId: null, usuario: 'admin', ip: null }),
      ),
    ).rejects.toThrow(RENTAL_NOT_ACTIVE);
  });

  it("the applicant's review hears the units and that the door access was issued", async () => {
    const browser = cookieJar();
    const signUp = await signUpToContract(served, { browser });
    const status = async () => {
      const res = await browser.fetch(served.service.url('get-registration-global-status'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ registrationId: signUp.registrationId }),
      });
      return (await res.json()) as { globalStatus: string; moveIn: unknown };
    };
    expect(await status()).toEqual({ globalStatus: 'in_progress', moveIn: null });
    await signUp.sign('Cliente');
    await signUp.sign('Empresa');
    const [unit] = await unitsOf(signUp.registrationId);
    expect(await status()).toEqual({
      globalStatus: 'completed',
      moveIn: { status: 'allocated', unitNumbers: [unit?.unit_number], doorAccess: true },
    });
  });

  it('an applicant who signed up in English hears from move-in in English alone', async () => {
    const signUp = await signUpToContract(served, {
      applicant: {
        ...TEST_APPLICANT,
        fullName: 'Jane Smith',
        email: 'jane@example.com',
        phone: '+34 600 555 777',
        language: 'en',
      },
    });
    await signUp.sign('Cliente', 'Jane Smith');
    await signUp.sign('Empresa');
    const mails = await messages('jane@example.com');
    const access = mails.find((m) => m.subject?.startsWith('Your door access'));
    expect(access?.body).toContain('You can now open the door of your unit');
    expect(access?.body).not.toContain('Ya puedes');
    // The welcome leads to the tenant's account too, in their language.
    expect(access?.body).toMatch(/Go to my account.*\/en\/account/s);
    expect(mails.some((m) => m.subject?.startsWith('Your signed contract'))).toBe(true);
    const sms = (await messages('+34600555777')).find((m) => m.body.includes('PIN'));
    expect(sms?.body).toMatch(/^Your door PIN \(unit [A-Z]-\d{3}\): \d{4}\./);
  });
});
