import { TEST_APPLICANT } from 'shared-api/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { accountBrowser, accountSession, movedInTenant, resetAccounts, signInLinkSecret } from '../../testing/account';
import { databaseEngines } from '../../testing/databases';
import { servedOn } from '../../testing/service';
import { resetMoveIns } from '../../testing/units';

/** A tenant's new e-mail or mobile: proved by a code before it counts; the old one told; sessions end. */
describe.each(databaseEngines())('the account’s contact details on $name', (engine) => {
  const served = servedOn(engine);
  beforeEach(async () => {
    await resetMoveIns(served.db);
    await resetAccounts(served.db);
    await served.db.query(sql`delete from account_contact_changes`);
  });
  const advance = (ms: number) => served.service.ctx.adjustableClock?.advance(ms);
  const moveIn = (applicant?: Record<string, string>) => movedInTenant(served, applicant);
  const codeSentTo = async (recipient: string) => {
    const message = (await served.service.sentTo(recipient)).at(-1);
    return /\b(\d{6})\b/.exec(message?.body ?? '')?.[1] ?? '';
  };
  const contactsOf = async (registrationId: string) =>
    (
      await served.db.query<{ email: string; phone: string }>(
        sql`select email, phone from registrations where id = ${registrationId}`,
      )
    ).rows[0];

  it('a new e-mail counts once its code comes back; the old one is told; every session ends', async () => {
    const { registrationId, registrationCode } = await moveIn();
    await moveIn({ ...TEST_APPLICANT, email: 'luis@example.com', phone: '+34 611 222 333' });
    const ana = await accountSession(served);
    const other = await accountSession(served);
    expect((await ana('me')).body).toMatchObject({ email: 'ana@example.com', phone: '+34600123456' });

    expect((await ana('change_contact', { kind: 'email', value: 'ana@' })).status).toBe(400);
    expect((await ana('change_contact', { kind: 'email', value: '611 222 334' })).status).toBe(400);
    expect((await ana('change_contact', { kind: 'email', value: 'ANA@example.com' })).body.code).toBe(
      'contact_unchanged',
    );
    // Another tenant's address: said only once its code proves the address is this person's, so
    // nobody signed in learns who else rents here by asking.
    const luisAsked = await ana('change_contact', { kind: 'email', value: 'luis@example.com' });
    expect(luisAsked.status).toBe(200);
    expect(
      (await ana('confirm_contact', { changeId: luisAsked.body.changeId, code: await codeSentTo('luis@example.com') }))
        .body.code,
    ).toBe('contact_taken');
    const asked = await ana('change_contact', { kind: 'email', value: 'Ana.Nueva@Example.com', language: 'es' });
    expect(asked.status).toBe(200);
    const changeId = asked.body.changeId;
    const code = await codeSentTo('ana.nueva@example.com');
    expect(code).toMatch(/^\d{6}$/);
    // Nothing changed yet: the new address is not proved.
    expect((await contactsOf(registrationId))?.email).toBe('ana@example.com');

    const wrong = code === '000000' ? '000001' : '000000';
    expect((await ana('confirm_contact', { changeId, code: wrong })).body.code).toBe('contact_change_invalid');
    // Another tenant's session cannot confirm it, even with the code.
    const luis = await accountSession(served, 'luis@example.com');
    expect((await luis('confirm_contact', { changeId, code })).body.code).toBe('contact_change_invalid');

    expect((await ana('confirm_contact', { changeId, code })).body).toEqual({
      kind: 'email',
      contact: 'a•••@example.com',
    });
    expect((await contactsOf(registrationId))?.email).toBe('ana.nueva@example.com');
    const told = (await served.service.sentTo('ana@example.com')).at(-1);
    expect(told?.subject).toBe('Han cambiado tus datos de contacto');
    expect(told?.body).toContain('a•••@example.com');
    // Every session of the old address has ended, this one and the other device's.
    expect((await ana('me')).status).toBe(401);
    expect((await other('me')).status).toBe(401);
    // Used: it cannot be confirmed again.
    const { rows: used } = await served.db.query<{ used: boolean }>(
      sql`select used_at is not null as used from account_contact_changes where id = ${String(changeId)}`,
    );
    expect(used).toEqual([{ used: true }]);

    // The new address signs in; the old one is sent nothing.
    advance(121_000);
    const fresh = await accountSession(served, 'ana.nueva@example.com');
    expect((await fresh('me')).body).toMatchObject({ email: 'ana.nueva@example.com' });
    const stranger = accountBrowser(served);
    const before = (await served.service.sentTo('ana@example.com')).length;
    await stranger('request_sign_in', { contact: 'ana@example.com' });
    expect(await served.service.sentTo('ana@example.com')).toHaveLength(before);
    expect(await signInLinkSecret(served, 'ana.nueva@example.com')).toMatch(/^[\w-]{43}$/);

    const { rows: audit } = await served.db.query<{
      staff_email: string;
      target: string;
      before: unknown;
      after: unknown;
    }>(sql`select staff_email, target, before, after from staff_audit where action = 'account_change_contact'`);
    expect(audit).toEqual([
      {
        staff_email: 'inquilino:ana@example.com',
        target: `registration:${registrationCode}`,
        before: { email: 'ana@example.com' },
        after: { email: 'ana.nueva@example.com' },
      },
    ]);
  });

  it('a new mobile by SMS; the old mobile is texted; three codes an hour at most', async () => {
    const { registrationId } = await moveIn();
    const ana = await accountSession(served);
    for (const value of ['611 000 001', '611 000 002', '+34 611 000 003']) {
      // (the throttle counts every request, whatever it is for)
      expect((await ana('change_contact', { kind: 'phone', value, language: 'en' })).status).toBe(200);
    }
    expect((await ana('change_contact', { kind: 'phone', value: '611 000 004' })).body.code).toBe(
      'contact_change_throttled',
    );
    const sms = (await served.service.sentTo('+34611000003')).at(-1)?.body ?? '';
    expect(sms).toMatch(/^Code to confirm this mobile for your storage rental: \d{6}\./);
    const changes = (
      await served.db.query<{ id: string }>(
        sql`select id::text from account_contact_changes order by created_at desc limit 1`,
      )
    ).rows;
    expect((await ana('confirm_contact', { changeId: changes[0]?.id, code: /(\d{6})/.exec(sms)?.[1] })).body).toEqual({
      kind: 'phone',
      contact: '•••• 003',
    });
    expect((await contactsOf(registrationId))?.phone).toBe('+34611000003');
    expect((await served.service.sentTo('+34600123456')).at(-1)?.body).toMatch(/es ahora •••• 003/);
    advance(61 * 60_000);
    const again = await accountSession(served);
    expect((await again('change_contact', { kind: 'phone', value: '611 000 005' })).status).toBe(200);
  });
});
