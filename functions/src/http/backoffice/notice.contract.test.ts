import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { accountSession, movedInTenant, resetAccounts } from '../../testing/account';
import { databaseEngines } from '../../testing/databases';
import { servedOn } from '../../testing/service';
import { signUpToContract } from '../../testing/sign-up';
import { staffSession } from '../../testing/staff';
import { resetMoveIns } from '../../testing/units';

/** Notice to move out given at the desk: the account's rule, the tenant told, the audit kept. */
describe.each(databaseEngines())('notice given by staff on $name', (engine) => {
  const served = servedOn(engine);
  beforeEach(async () => {
    await resetMoveIns(served.db);
    await resetAccounts(served.db);
  });
  const subjects = async () => (await served.service.sentTo('ana@example.com')).map((m) => m.subject ?? '');

  it('records a day the contract allows, tells the tenant, shows it on the page and in their account; withdrawn once', async () => {
    const { registrationId, registrationCode } = await movedInTenant(served);
    const desk = await staffSession(served);
    const detail = async () =>
      ((await desk('get_registration', { registrationId })).body.registration as { notice: Record<string, unknown> })
        .notice;
    const { earliestMoveOut, moveOutOn } = (await detail()) as { earliestMoveOut: string; moveOutOn: null };
    expect(moveOutOn).toBeNull();
    const dayBefore = new Date(Date.parse(`${earliestMoveOut}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect((await desk('give_notice', { registrationId, moveOutOn: dayBefore })).status).toBe(400);
    expect((await desk('give_notice', { registrationId, moveOutOn: earliestMoveOut })).body).toEqual({
      moveOutOn: earliestMoveOut,
    });
    expect((await detail()).moveOutOn).toBe(earliestMoveOut);
    // Today lists it among the week's notices.
    expect((await desk('today')).body.noticesGiven).toEqual([
      expect.objectContaining({ registrationId, registrationCode, moveOutOn: earliestMoveOut }),
    ]);
    expect(await subjects()).toContain(`Aviso recibido · ${registrationCode}`);
    const ana = await accountSession(served);
    const overview = (await ana('overview')).body.tenancies as { moveOutOn: string }[];
    expect(overview[0]?.moveOutOn).toBe(earliestMoveOut);

    expect((await desk('withdraw_notice', { registrationId })).status).toBe(200);
    // Nothing left to withdraw: said, and not recorded as done.
    expect((await desk('withdraw_notice', { registrationId })).body.code).toBe('no_notice');
    expect((await detail()).moveOutOn).toBeNull();
    expect((await subjects()).filter((s) => s === `Aviso retirado · ${registrationCode}`)).toHaveLength(1);
    const { rows } = await served.db.query<{ action: string; target: string }>(
      sql`select action, target from staff_audit where action in ('give_notice', 'withdraw_notice') order by id`,
    );
    expect(rows).toEqual([
      { action: 'give_notice', target: `registration:${registrationCode}` },
      { action: 'withdraw_notice', target: `registration:${registrationCode}` },
    ]);
  });

  it('refuses a rental that is not active, and an unknown one', async () => {
    const desk = await staffSession(served);
    const signUp = await signUpToContract(served);
    const refused = await desk('give_notice', { registrationId: signUp.registrationId, moveOutOn: '2027-06-30' });
    expect(refused.body.code).toBe('rental_not_active');
    const unknown = await desk('give_notice', {
      registrationId: '00000000-0000-4000-8000-000000000000',
      moveOutOn: '2027-06-30',
    });
    expect(unknown.status).toBe(404);
  });
});
