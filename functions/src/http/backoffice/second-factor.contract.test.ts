import { describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../modules/staff';
import { sql } from '../../platform/db/sql';
import { hashPassword } from '../../platform/security/secrets';
import { databaseEngines } from '../../testing/databases';
import { servedOn, TEST_MANAGER } from '../../testing/service';
import { type StaffAnswer as Answer, inviteStaff, staffBrowser } from '../../testing/staff';

/** ASVS L2 (#31): a manager has a second factor, with one-time recovery codes for a lost phone. */
describe.each(databaseEngines())('a manager’s required second factor on $name', (engine) => {
  const served = servedOn(engine, { NODE_ENV: 'test', DEV_OUTBOX: '1', BACKOFFICE_MANAGER_TOTP: 'required' });
  const browser = () => staffBrowser(served);
  const staffOf = (answer: Answer) => answer.body.staff as Record<string, unknown>;

  it('a manager without one can only set it up; then gets ten recovery codes that each work once', async () => {
    const manager = browser();
    const signedIn = await manager('login', { email: TEST_MANAGER.email, password: TEST_MANAGER.password });
    expect(signedIn.status).toBe(200);
    expect(staffOf(signedIn)).toMatchObject({ role: 'manager', totpEnabled: false, secondFactorDue: true });
    // Nothing else until it is on: not the lists, not the team.
    for (const action of ['list_registrations', 'list_staff', 'today']) {
      expect(await manager(action, action === 'list_registrations' ? { page: 1 } : {})).toMatchObject({
        status: 403,
        body: { code: 'second_factor_required' },
      });
    }
    expect(staffOf(await manager('me'))).toMatchObject({ secondFactorDue: true });

    const setup = await manager('totp_setup');
    const secret = String(setup.body.secret);
    const enabled = await manager('totp_enable', { totpCode: totpCodeAt(secret) });
    expect(enabled.status).toBe(200);
    const codes = enabled.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(new Set(codes).size).toBe(10);
    expect(staffOf(enabled)).toMatchObject({ totpEnabled: true, secondFactorDue: false, recoveryCodesLeft: 10 });
    // Only hashes are kept.
    const { rows } = await served.db.query<{ code_hash: string }>(sql`select code_hash from staff_recovery_codes`);
    expect(rows.some((row) => codes.includes(row.code_hash))).toBe(false);
    // The same session goes on, with everything.
    expect((await manager('list_staff')).status).toBe(200);
    // A manager's cannot be turned off.
    expect(await manager('totp_disable', { totpCode: totpCodeAt(secret, Date.now() + 30_000) })).toMatchObject({
      status: 409,
      body: { code: 'second_factor_mandatory' },
    });

    // The phone is not at hand: a recovery code signs in, once, and the member hears of it.
    const password = { email: TEST_MANAGER.email, password: TEST_MANAGER.password };
    const phoneless = browser();
    expect((await phoneless('login', password)).body).toEqual({ totpRequired: true });
    const recovered = await phoneless('login', { ...password, totpCode: codes[0]?.toUpperCase() });
    expect(recovered.status).toBe(200);
    expect(staffOf(recovered)).toMatchObject({ recoveryCodesLeft: 9, secondFactorDue: false });
    expect((await browser()('login', { ...password, totpCode: codes[0] })).status).toBe(401);
    const told = (await served.service.sentTo(TEST_MANAGER.email)).at(-1);
    expect(told?.subject).toMatch(/^Código de recuperación usado/);
    expect(told?.body).toContain('Te quedan 9.');
    const { rows: audit } = await served.db.query<{ n: number }>(
      sql`select count(*)::int as n from staff_audit where action = 'recovery_code_used'`,
    );
    expect(audit[0]?.n).toBe(1);
    // A made-up code is just a wrong code.
    expect((await browser()('login', { ...password, totpCode: 'abcd-efgh' })).status).toBe(401);

    // New codes, with the app's code: the earlier ones stop working.
    const renewed = await phoneless('regenerate_recovery_codes', { totpCode: totpCodeAt(secret, Date.now() + 30_000) });
    expect(renewed.status).toBe(200);
    expect((await browser()('login', { ...password, totpCode: codes[1] })).status).toBe(401);
    const fresh = (renewed.body.recoveryCodes as string[])[0];
    expect((await browser()('login', { ...password, totpCode: fresh })).status).toBe(200);

    // Members of staff are not asked for one; made manager, they are, at their next sign-in.
    const member = await inviteStaff(served, phoneless, {
      email: 'mostrador@trasteros-demo.example',
      name: 'Mostrador',
      role: 'staff',
    });
    expect(member.added.status).toBe(200);
    const desk = browser();
    const asStaff = await desk('login', { email: member.email, password: member.password });
    expect(staffOf(asStaff)).toMatchObject({ role: 'staff', secondFactorDue: false });
    expect((await desk('today')).status).toBe(200);
    const promoted = await phoneless('update_staff', { staffId: staffOf(member.added).id, role: 'manager' });
    expect(promoted.status).toBe(200);
    const asManager = browser();
    expect(staffOf(await asManager('login', { email: member.email, password: member.password }))).toMatchObject({
      role: 'manager',
      secondFactorDue: true,
    });
    expect((await asManager('today')).body.code).toBe('second_factor_required');

    // A stolen session guessing app codes for new recovery codes: five tries, then it is over.
    const thief = browser();
    expect((await thief('login', { ...password, totpCode: (renewed.body.recoveryCodes as string[])[1] })).status).toBe(
      200,
    );
    for (let i = 0; i < 5; i++) {
      expect((await thief('regenerate_recovery_codes', { totpCode: '000000' })).status).toBe(400);
    }
    expect((await thief('regenerate_recovery_codes', { totpCode: '000000' })).status).toBe(401);
    expect((await thief('me')).body.staff).toBeNull();
  });
});

/** ASVS L2 (#31): a generated password is changed at the first sign-in, before anything else. */
describe.each(databaseEngines())('the first manager’s generated password on $name', (engine) => {
  const served = servedOn(engine, {
    NODE_ENV: 'test',
    DEV_OUTBOX: '1',
    BACKOFFICE_MANAGER_PASSWORD: undefined,
    BACKOFFICE_MANAGER_TOTP: 'optional',
  });

  it('is marked at the first start, and the session it opens can only change it', async () => {
    const { rows } = await served.db.query<{ password_change_required: boolean }>(
      sql`select password_change_required from staff_users where lower(email) = ${TEST_MANAGER.email}`,
    );
    expect(rows).toEqual([{ password_change_required: true }]);
    // The printed password stands in for one the test knows.
    await served.db.query(
      sql`update staff_users set password_hash = ${await hashPassword('impreso-en-consola-1', 10)} where lower(email) = ${TEST_MANAGER.email}`,
    );
    const call = staffBrowser(served);
    const signedIn = await call('login', { email: TEST_MANAGER.email, password: 'impreso-en-consola-1' });
    expect(signedIn.body.staff).toMatchObject({ passwordChangeDue: true });
    expect(await call('today')).toMatchObject({ status: 403, body: { code: 'password_change_required' } });
    expect((await call('me')).body.staff).toMatchObject({ passwordChangeDue: true });
    // Typed again, the printed one is not a change.
    const same = await call('change_password', {
      currentPassword: 'impreso-en-consola-1',
      newPassword: 'impreso-en-consola-1',
    });
    expect(same.status).toBe(400);
    const changed = await call('change_password', {
      currentPassword: 'impreso-en-consola-1',
      newPassword: 'la-mia-de-verdad-2026',
    });
    expect(changed.status).toBe(200);
    expect((await call('today')).status).toBe(200);
    expect((await call('me')).body.staff).toMatchObject({ passwordChangeDue: false });
  });
});
