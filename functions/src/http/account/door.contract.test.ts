import { randomUUID } from 'node:crypto';
import { TEST_APPLICANT } from 'shared-api/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { accountSession, movedInTenant, resetAccounts } from '../../testing/account';
import { databaseEngines } from '../../testing/databases';
import { servedOn } from '../../testing/service';
import { resetMoveIns } from '../../testing/units';

type DoorReply = { success?: boolean; valid?: boolean; token?: string; error?: string };

/** The door from the tenant's account: their PIN, their log, a new link; nobody else's. */
describe.each(databaseEngines())('the account’s door on $name', (engine) => {
  const served = servedOn(engine);
  beforeEach(async () => {
    await resetMoveIns(served.db);
    await resetAccounts(served.db);
  });
  const door = async (body: Record<string, unknown>) => (await served.service.post<DoorReply>('abridor', body)).body;
  const advance = (ms: number) => served.service.ctx.adjustableClock?.advance(ms);

  const moveIn = async (applicant: Record<string, string> = TEST_APPLICANT) => {
    const signUp = await movedInTenant(served, applicant);
    const phone = (applicant.phone ?? '').replace(/\s/g, '');
    const sms = (await served.service.sentTo(phone)).find((m) => m.body.includes('PIN'));
    return { ...signUp, pin: /PIN[^:]*: (\d{4})\./.exec(sms?.body ?? '')?.[1] ?? '' };
  };
  /** A door-app session from the newest door link e-mailed to Ana. */
  const doorSession = async (subject: RegExp) => {
    const mail = (await served.service.sentTo('ana@example.com')).filter((m) => subject.test(m.subject ?? '')).at(-1);
    const magic = /abridor-login\?token=([\w-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
    const signedIn = await door({ action: 'validate_token', token: magic });
    expect(signedIn.valid).toBe(true);
    return signedIn.token ?? '';
  };

  it('changes the PIN with the current one, under the keypad’s lockout, and the door takes the new one', async () => {
    const { registrationId, pin } = await moveIn();
    const ana = await accountSession(served);
    const wrong = pin === '0000' ? '1111' : '0000';
    const next = pin === '9876' ? '6789' : '9876';
    expect((await ana('change_pin', { registrationId, currentPin: pin, newPin: '12a4' })).status).toBe(400);
    expect((await ana('change_pin', { registrationId, currentPin: pin, newPin: pin })).body).toMatchObject({
      code: 'same_pin',
    });
    expect((await ana('change_pin', { registrationId, currentPin: wrong, newPin: next })).body).toEqual({
      success: false,
      error: 'The current PIN is not right',
      attemptsLeft: 2,
    });
    await ana('change_pin', { registrationId, currentPin: wrong, newPin: next });
    const locked = await ana('change_pin', { registrationId, currentPin: wrong, newPin: next });
    expect(locked.body).toMatchObject({ success: false, attemptsLeft: 0, lockedUntil: expect.any(String) });
    // Locked here is locked at the door, and the right PIN waits too.
    const session = await doorSession(/^Tu acceso a la puerta/);
    expect((await door({ action: 'door_action', token: session, pin, door_action: 'ENTRADA' })).success).toBe(false);
    expect((await ana('change_pin', { registrationId, currentPin: pin, newPin: next })).body).toMatchObject({
      success: false,
      lockedUntil: expect.any(String),
    });
    advance(16_000);
    expect((await ana('change_pin', { registrationId, currentPin: pin, newPin: next })).body).toEqual({
      success: true,
    });
    expect((await door({ action: 'door_action', token: session, pin, door_action: 'ENTRADA' })).success).toBe(false);
    expect((await door({ action: 'door_action', token: session, pin: next, door_action: 'ENTRADA' })).success).toBe(
      true,
    );

    // The tenant's own log: the door and the PIN, newest first.
    const log = (await ana('door_log', { registrationId })).body.entries as { action: string; result: string }[];
    expect(log.slice(0, 4)).toEqual([
      expect.objectContaining({ action: 'ENTRADA', result: 'ok' }),
      expect.objectContaining({ action: 'ENTRADA', result: 'wrong_pin' }),
      expect.objectContaining({ action: 'change_pin', result: 'ok' }),
      expect.objectContaining({ action: 'change_pin', result: 'locked' }),
    ]);
    expect(log.map((line) => line.action)).not.toContain('issue_access:ana@example.com');
    // In the back-office's activity log, once: the change that took.
    const { rows: audit } = await served.db.query<{ staff_email: string }>(
      sql`select staff_email from staff_audit where action = 'account_change_pin'`,
    );
    expect(audit).toEqual([{ staff_email: 'inquilino:ana@example.com' }]);
  });

  it('e-mails a new door link, three an hour at most, and only for the tenant’s own rental', async () => {
    const { registrationId } = await moveIn();
    const ana = await accountSession(served);
    for (let n = 0; n < 3; n++) expect((await ana('door_link', { registrationId })).status).toBe(200);
    expect((await ana('door_link', { registrationId })).body).toMatchObject({ code: 'door_link_throttled' });
    const session = await doorSession(/^Tu enlace a la app de la puerta/);
    expect(session).not.toBe('');
    advance(61 * 60_000);
    const fresh = await accountSession(served);
    expect((await fresh('door_link', { registrationId })).status).toBe(200);

    // Another tenant's rental is as unknown as one that does not exist.
    const luis = await moveIn({ ...TEST_APPLICANT, email: 'luis@example.com', phone: '+34 611 222 333' });
    for (const action of ['door_link', 'door_log']) {
      expect((await fresh(action, { registrationId: luis.registrationId })).status).toBe(404);
      expect((await fresh(action, { registrationId: randomUUID() })).status).toBe(404);
    }
    expect(
      (await fresh('change_pin', { registrationId: luis.registrationId, currentPin: luis.pin, newPin: '4321' })).status,
    ).toBe(404);
  });

  it('stops taking wrong current PINs after nine in a day: a session cannot try them all', async () => {
    const { registrationId, pin } = await moveIn();
    const ana = await accountSession(served);
    const wrong = pin === '0000' ? '1111' : '0000';
    for (let attempt = 0; attempt < 9; attempt++) {
      await ana('change_pin', { registrationId, currentPin: wrong, newPin: '4321' });
      // Past each keypad lockout, as a patient guesser would wait.
      if (attempt % 3 === 2) advance(16_000);
    }
    expect((await ana('change_pin', { registrationId, currentPin: pin, newPin: '4321' })).body.code).toBe(
      'pin_change_blocked',
    );
  });

  it('says so when the rental has no door access (ended)', async () => {
    const { registrationId } = await moveIn();
    const ana = await accountSession(served);
    await served.db.query(sql`delete from door_users where registration_id = ${registrationId}`);
    expect((await ana('door_log', { registrationId })).body).toMatchObject({ code: 'no_door_access' });
    expect((await ana('door_link', { registrationId })).body).toMatchObject({ code: 'no_door_access' });
  });
});
