import { STAFF_RESET_MAX_CODE_FAILURES, STAFF_RESET_MAX_PER_HOUR, STAFF_RESET_MINUTES } from 'shared-api/backoffice';
import { describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../modules/staff/totp';
import { sql } from '../../platform/db/sql';
import { cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { servedOn, TEST_MANAGER } from '../../testing/service';
import { inviteStaff } from '../../testing/staff';

type Answer = { status: number; body: Record<string, unknown> & { code?: string; error?: string } };

describe.each(databaseEngines())('staff password and second-factor recovery on $name', (engine) => {
  const served = servedOn(engine);
  const browser = () => {
    const jar = cookieJar();
    const call = async (action: string, payload: Record<string, unknown> = {}): Promise<Answer> => {
      const res = await jar.fetch(served.service.url('backoffice'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action, ...payload }),
      });
      return { status: res.status, body: (await res.json()) as Answer['body'] };
    };
    return { call };
  };
  const signedIn = async (email: string, password: string, totpCode?: string) => {
    const member = browser();
    const answer = await member.call('login', { email, password, ...(totpCode ? { totpCode } : {}) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.staff).toBeTruthy();
    return member;
  };
  let count = 0;
  const newStaff = async (role: 'staff' | 'manager' = 'staff') => {
    count += 1;
    const email = `recupera${count}@trasteros-demo.example`;
    const manager = await signedIn(TEST_MANAGER.email, TEST_MANAGER.password);
    const { added } = await inviteStaff(
      served,
      manager.call,
      { email, name: `Recupera ${count}`, role },
      'old-pass-1234',
    );
    expect(added.status).toBe(200);
    return { id: String((added.body.staff as { id: string }).id), email, password: 'old-pass-1234' };
  };
  const mailsTo = async (recipient: string) =>
    (
      await served.db.query<{ subject: string; body: string; listed: boolean }>(
        sql`select subject, body, listed from outbox where recipient = ${recipient} order by id`,
      )
    ).rows;
  /** The secret of the last reset link e-mailed to `recipient`, and the path it opens. */
  const lastLink = async (recipient: string) => {
    const mails = (await mailsTo(recipient)).filter((m) => /#[A-Za-z0-9_-]{43}\b/.test(m.body));
    const match = mails.at(-1)?.body.match(/https?:\/\/[^/\s]+(\/[^\s#]*)#([A-Za-z0-9_-]{43})/);
    if (!match) throw new Error(`no reset link for ${recipient}`);
    return { path: match[1] as string, token: match[2] as string, mails };
  };
  const asked = async (email: string, language: 'es' | 'en' = 'es') => {
    const answer = await browser().call('request_password_reset', { email, language });
    await served.service.ctx.jobs.runDue();
    return answer;
  };
  const auditOf = async (action: string) =>
    (
      await served.db.query<{ staff_email: string; target: string }>(
        sql`select staff_email, target from staff_audit where action = ${action} order by id`,
      )
    ).rows;

  it('a new member is invited to choose their own password: nobody else ever knows it', async () => {
    const manager = await signedIn(TEST_MANAGER.email, TEST_MANAGER.password);
    const email = 'invitada@trasteros-demo.example';
    const added = await manager.call('add_staff', { email, name: 'Invitada', role: 'staff', language: 'en' });
    expect(added.status).toBe(200);
    // A password the manager chose is no longer a thing the call takes.
    const invitation = await lastLink(email);
    expect(invitation.path).toBe('/en/backoffice/reset-password');
    expect(invitation.mails.at(-1)?.listed).toBe(false);
    expect(invitation.mails.at(-1)?.subject).toMatch(/^Your back-office account/);
    expect(invitation.mails.at(-1)?.body).toContain('within 72 hours');
    const reader = browser();
    expect((await reader.call('check_password_reset', { token: invitation.token })).body).toEqual({
      email,
      totpRequired: false,
      invitation: true,
    });
    // Until then no password signs in (not the manager's guesses, not an empty one).
    for (const guess of ['staff-pass-123', TEST_MANAGER.password, '']) {
      expect((await browser().call('login', { email, password: guess })).status).not.toBe(200);
    }
    // 71 hours later it still works; once used, never again; no "password changed" e-mail follows.
    served.service.ctx.adjustableClock?.advance(71 * 3_600_000);
    const chosen = await reader.call('reset_password', {
      token: invitation.token,
      newPassword: 'mi-propia-clave-2026',
    });
    expect(chosen).toEqual({ status: 200, body: { success: true } });
    await signedIn(email, 'mi-propia-clave-2026');
    expect((await reader.call('check_password_reset', { token: invitation.token })).body.code).toBe(
      'reset_link_invalid',
    );
    expect((await mailsTo(email)).length).toBe(1);
    expect((await auditOf('invitation_accepted')).map((row) => row.target)).toEqual([`staff:${email}`]);
    // An invitation not used within 72 hours is dead.
    await manager.call('add_staff', { email: 'tarde@trasteros-demo.example', name: 'Tarde', role: 'staff' });
    const late = await lastLink('tarde@trasteros-demo.example');
    served.service.ctx.adjustableClock?.advance(72 * 3_600_000 + 1000);
    expect((await reader.call('check_password_reset', { token: late.token })).body.code).toBe('reset_link_invalid');
  });

  it('answers "forgot password" alike for anyone; only a member gets a one-time link, unlisted, in the page language', async () => {
    const member = await newStaff();
    const known = await asked(member.email.toUpperCase());
    const unknown = await asked('nadie@trasteros-demo.example');
    expect(known).toEqual({ status: 200, body: { success: true } });
    expect(unknown).toEqual(known);
    expect(await mailsTo('nadie@trasteros-demo.example')).toEqual([]);
    const link = await lastLink(member.email);
    expect(link.path).toBe('/gestion/restablecer');
    expect(link.mails.at(-1)?.listed).toBe(false);
    expect(link.mails.at(-1)?.body).toContain(`${STAFF_RESET_MINUTES} minutos`);
    await asked(member.email, 'en');
    expect((await lastLink(member.email)).path).toBe('/en/backoffice/reset-password');
    expect((await auditOf('password_reset_requested')).map((row) => row.target)).toContain(`staff:${member.email}`);
    // The database keeps the link's hash, never the link.
    const { rows } = await served.db.query<{ token_hash: string }>(sql`select token_hash from staff_password_resets`);
    expect(rows.some((row) => row.token_hash === link.token)).toBe(false);
  });

  it('sets a new password once, ends every session, clears the failed logins and tells the member', async () => {
    const member = await newStaff();
    const before = await signedIn(member.email, member.password);
    await asked(member.email);
    const { token } = await lastLink(member.email);
    const reader = browser();
    expect(await reader.call('check_password_reset', { token })).toEqual({
      status: 200,
      body: { email: member.email, totpRequired: false, invitation: false },
    });
    const short = await reader.call('reset_password', { token, newPassword: 'short' });
    expect(short.status).toBe(400);
    const done = await reader.call('reset_password', { token, newPassword: 'new-pass-5678' });
    expect(done).toEqual({ status: 200, body: { success: true } });
    expect((await before.call('me')).body).toEqual({ staff: null });
    expect((await browser().call('login', { email: member.email, password: member.password })).status).toBe(401);
    await signedIn(member.email, 'new-pass-5678');
    const again = await reader.call('reset_password', { token, newPassword: 'other-pass-999' });
    expect(again).toMatchObject({ status: 409, body: { code: 'reset_link_invalid' } });
    expect((await reader.call('check_password_reset', { token })).body.code).toBe('reset_link_invalid');
    const notice = (await mailsTo(member.email)).at(-1);
    expect(notice?.subject).toContain('Tu contraseña de Gestión ha cambiado');
    expect(notice?.body).toContain('avisa a gerencia');
    expect((await auditOf('password_reset')).map((row) => row.staff_email)).toContain(member.email);
  });

  it('refuses a link after its minutes on the service clock, a made-up one alike, and a disabled member', async () => {
    const member = await newStaff();
    await asked(member.email);
    const { token } = await lastLink(member.email);
    served.service.ctx.adjustableClock?.advance((STAFF_RESET_MINUTES + 1) * 60_000);
    const late = await browser().call('reset_password', { token, newPassword: 'new-pass-5678' });
    expect(late).toMatchObject({ status: 409, body: { code: 'reset_link_invalid' } });
    const madeUp = await browser().call('check_password_reset', { token: 'A'.repeat(43) });
    expect(madeUp.body).toEqual(late.body);
    expect((await browser().call('check_password_reset', { token: '../x' })).status).toBe(400);

    await asked(member.email);
    const fresh = await lastLink(member.email);
    const manager = await signedIn(TEST_MANAGER.email, TEST_MANAGER.password);
    expect((await manager.call('update_staff', { staffId: member.id, disabled: true })).status).toBe(200);
    const disabled = await browser().call('reset_password', { token: fresh.token, newPassword: 'new-pass-5678' });
    expect(disabled.body.code).toBe('reset_link_invalid');
    expect((await manager.call('send_password_reset', { staffId: member.id })).body.code).toBe('staff_disabled');
  });

  it(`sends at most ${STAFF_RESET_MAX_PER_HOUR} links an hour to one member, whoever asks`, async () => {
    const member = await newStaff();
    for (let i = 0; i < STAFF_RESET_MAX_PER_HOUR + 2; i += 1) expect((await asked(member.email)).status).toBe(200);
    expect((await lastLink(member.email)).mails).toHaveLength(STAFF_RESET_MAX_PER_HOUR);
    const manager = await signedIn(TEST_MANAGER.email, TEST_MANAGER.password);
    const refused = await manager.call('send_password_reset', { staffId: member.id });
    expect(refused).toMatchObject({ status: 409, body: { code: 'reset_too_many' } });
    served.service.ctx.adjustableClock?.advance(61 * 60_000);
    await asked(member.email);
    expect((await lastLink(member.email)).mails).toHaveLength(STAFF_RESET_MAX_PER_HOUR + 1);
  });

  it('asks a member with a second factor for its code too: an e-mail alone does not take the account', async () => {
    const member = await newStaff('manager');
    const own = await signedIn(member.email, member.password);
    const { body: setup } = await own.call('totp_setup');
    const secret = String(setup.secret);
    expect((await own.call('totp_enable', { totpCode: totpCodeAt(secret) })).status).toBe(200);
    await asked(member.email);
    const { token } = await lastLink(member.email);
    const reader = browser();
    expect((await reader.call('check_password_reset', { token })).body.totpRequired).toBe(true);
    expect((await reader.call('reset_password', { token, newPassword: 'new-pass-5678' })).body).toEqual({
      totpRequired: true,
    });
    const code = totpCodeAt(secret, Date.now() + 30_000);
    expect((await reader.call('reset_password', { token, newPassword: 'new-pass-5678', totpCode: code })).status).toBe(
      200,
    );
    // A stolen inbox guessing codes: the link dies after a few wrong ones.
    await asked(member.email);
    const next = await lastLink(member.email);
    for (let i = 0; i < STAFF_RESET_MAX_CODE_FAILURES; i += 1) {
      const wrong = await reader.call('reset_password', {
        token: next.token,
        newPassword: 'x-pass-12345',
        totpCode: '000000',
      });
      expect(wrong.status).toBe(400);
    }
    const dead = await reader.call('reset_password', {
      token: next.token,
      newPassword: 'x-pass-12345',
      totpCode: totpCodeAt(secret, Date.now() + 60_000),
    });
    expect(dead.body.code).toBe('reset_link_invalid');
  });

  it('lets a manager e-mail a member a link and reset a lost second factor, audited; never their own, never as staff', async () => {
    const member = await newStaff('manager');
    const own = await signedIn(member.email, member.password);
    const { body: setup } = await own.call('totp_setup');
    expect((await own.call('totp_enable', { totpCode: totpCodeAt(String(setup.secret)) })).status).toBe(200);
    const manager = await signedIn(TEST_MANAGER.email, TEST_MANAGER.password);

    expect((await manager.call('send_password_reset', { staffId: member.id, language: 'en' })).status).toBe(200);
    const sent = await lastLink(member.email);
    expect(sent.path).toBe('/en/backoffice/reset-password');
    expect(sent.mails.at(-1)?.body).toContain('(manager) sends you this link');
    expect((await auditOf('send_password_reset')).at(-1)).toEqual({
      staff_email: TEST_MANAGER.email,
      target: `staff:${member.email}`,
    });

    const unconfirmed = await manager.call('reset_second_factor', { staffId: member.id });
    expect(unconfirmed.status).toBe(400);
    const reset = await manager.call('reset_second_factor', { staffId: member.id, confirm: true });
    expect(reset.status).toBe(200);
    expect((reset.body.staff as { totpEnabled: boolean }).totpEnabled).toBe(false);
    expect((await own.call('me')).body).toEqual({ staff: null });
    await signedIn(member.email, member.password);
    expect((await mailsTo(member.email)).at(-1)?.subject).toContain('Segundo factor desactivado');
    expect((await auditOf('reset_second_factor')).at(-1)?.target).toBe(`staff:${member.email}`);
    expect((await manager.call('reset_second_factor', { staffId: member.id, confirm: true })).body.code).toBe(
      'second_factor_off',
    );
    const me = (await manager.call('me')).body.staff as { id: string };
    expect((await manager.call('reset_second_factor', { staffId: me.id, confirm: true })).body.code).toBe(
      'second_factor_own',
    );

    const clerk = await newStaff('staff');
    const desk = await signedIn(clerk.email, clerk.password);
    expect((await desk.call('send_password_reset', { staffId: member.id })).status).toBe(403);
    expect((await desk.call('reset_second_factor', { staffId: member.id, confirm: true })).status).toBe(403);
  });
});
