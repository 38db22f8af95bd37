import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { addDays, fromMadrid, madridDate } from '../../platform/madrid-time';
import { accountSession, resetAccounts } from '../../testing/account';
import { TEST_APPLICANT } from '../../testing/applicant';
import { databaseEngines } from '../../testing/databases';
import { servedOn } from '../../testing/service';
import { signUpToContract, TEST_SERVICE } from '../../testing/sign-up';
import { staffSession } from '../../testing/staff';
import { resetMoveIns } from '../../testing/units';

/** A move-in day chosen ahead: the units wait held, the door opens on the day, not before. */
describe.each(databaseEngines())('a move-in day chosen ahead on $name', (engine) => {
  const served = servedOn(engine);
  beforeEach(() => resetMoveIns(served.db));
  type SignUp = Awaited<ReturnType<typeof signUpToContract>>;
  /** What the applicant's own review reads (their session). */
  const status = async (signUp: SignUp) =>
    (await signUp.post('get-registration-global-status', { registrationId: signUp.registrationId })) as {
      globalStatus: string;
      moveIn: Record<string, unknown> | null;
    };
  const units = async (registrationId: string) =>
    (
      await served.db.query<{ unit_number: string; status: string }>(
        sql`select unit_number, status from units where registration_id = ${registrationId}`,
      )
    ).rows;
  const pinSent = async () => (await served.service.sentTo('+34600123456')).some((m) => /PIN/.test(m.body ?? ''));

  it('signed five days before, the unit stays held and the PIN comes on the day, with the rent from then', async () => {
    const today = madridDate(served.service.ctx.clock.now());
    const moveInDate = addDays(today, 5);
    const signUp = await signUpToContract(served, { serviceDetails: { ...TEST_SERVICE, moveInDate } });
    const contract = await served.db.query<{ document: string }>(sql`select document from contracts`);
    expect(contract.rows.at(-1)?.document).toContain(
      `El contrato empieza el ${moveInDate.split('-').reverse().join('/')}, día de entrada elegido por el Cliente`,
    );
    const smsBefore = await pinSent();
    // Her signature completes the contract (the company signs by itself): the move-in waits for the day.
    await signUp.sign('Cliente');
    await served.service.ctx.jobs.runDue();
    const held = await units(signUp.registrationId);
    expect(held).toEqual([{ unit_number: expect.stringMatching(/^B-\d{3}$/), status: 'held' }]);
    expect(await status(signUp)).toEqual({
      globalStatus: 'completed',
      moveIn: { status: 'scheduled', unitNumbers: [held[0]?.unit_number], doorAccess: false, moveInDate },
    });
    const { rows: rent } = await served.db.query(
      sql`select 1 from rent_periods where registration_id = ${signUp.registrationId}`,
    );
    expect(rent).toEqual([]);
    expect(await pinSent()).toBe(smsBefore);
    // The signed contract names the unit kept for her.
    const mail = (await served.service.sentTo('ana@example.com')).find((m) =>
      /^Tu contrato firmado/.test(m.subject ?? ''),
    );
    expect(mail?.body).toContain(`Tu trastero: ${held[0]?.unit_number}.`);
    expect(mail?.body).toContain(
      `reservado para ti hasta tu día de entrada, el ${moveInDate.split('-').reverse().join('/')}`,
    );

    // The day before, still waiting; on the day, the unit is hers and the door opens.
    served.service.ctx.adjustableClock?.advance(4 * 86_400_000);
    await served.service.ctx.jobs.runDue();
    expect((await status(signUp)).moveIn).toMatchObject({ status: 'scheduled' });
    // At 08:00 on the day at the latest (moved to that hour: a run after 15:00 that added a day
    // and nine hours would land past midnight, on the next day).
    served.service.ctx.adjustableClock?.advance(
      fromMadrid(moveInDate, '08:00').getTime() - served.service.ctx.clock.now().getTime(),
    );
    await served.service.ctx.jobs.runDue();
    expect(await status(signUp)).toEqual({
      globalStatus: 'completed',
      moveIn: { status: 'allocated', unitNumbers: [held[0]?.unit_number], doorAccess: true },
    });
    expect(await units(signUp.registrationId)).toEqual([{ unit_number: held[0]?.unit_number, status: 'occupied' }]);
    expect(await pinSent()).toBe(true);
    const { rows: first } = await served.db.query<{ period_start: string }>(
      sql`select to_char(min(period_start), 'YYYY-MM-DD') as period_start from rent_periods where registration_id = ${signUp.registrationId}`,
    );
    expect(first[0]?.period_start).toBe(moveInDate);
  });

  it('a move-in day of today, or none, moves in at the signature as before', async () => {
    const today = madridDate(served.service.ctx.clock.now());
    const signUp = await signUpToContract(served, { serviceDetails: { ...TEST_SERVICE, moveInDate: today } });
    await signUp.sign('Cliente');
    expect((await status(signUp)).moveIn).toMatchObject({ status: 'allocated', doorAccess: true });
  });

  it('signed for a day to come: the tenant sees it in the account; its day is the contract’s; the office can cancel it', async () => {
    await resetAccounts(served.db);
    const today = madridDate(served.service.ctx.clock.now());
    const moveInDate = addDays(today, 10);
    const signUp = await signUpToContract(served, { serviceDetails: { ...TEST_SERVICE, moveInDate } });
    // The contract names the day: it no longer moves.
    await expect(
      signUp.post('registration-handler', {
        action: 'update_registration',
        registrationId: signUp.registrationId,
        ...TEST_APPLICANT,
        emailVerified: true,
        phoneVerified: true,
        globalStatus: 'in_progress',
        metadata: {
          completedSections: { clientData: true, verification: true, documents: true, serviceDetails: true },
          serviceDetails: { ...TEST_SERVICE, moveInDate: addDays(today, 12) },
        },
      }),
    ).rejects.toThrow(/409.*contract_data_locked/);
    await signUp.sign('Cliente');
    const ana = await accountSession(served);
    const overview = (await ana('overview')).body as { tenancies: Record<string, unknown>[] };
    expect(overview.tenancies[0]).toMatchObject({ status: 'scheduled', moveInDate, active: false });

    const office = await staffSession(served);
    const held = await units(signUp.registrationId);
    expect((await office('end_rental', { registrationId: signUp.registrationId, confirm: true })).body).toMatchObject({
      freedUnits: [held[0]?.unit_number],
    });
    expect(await units(signUp.registrationId)).toEqual([]);
    const { rows: free } = await served.db.query<{ status: string }>(
      sql`select status from units where unit_number = ${held[0]?.unit_number}`,
    );
    expect(free).toEqual([{ status: 'available' }]);
    expect((await status(signUp)).moveIn).toBeNull();
    // The day comes: nothing moves in.
    served.service.ctx.adjustableClock?.advance(11 * 86_400_000);
    await served.service.ctx.jobs.runDue();
    const { rows: after } = await served.db.query<{ move_in_status: string }>(
      sql`select move_in_status from registrations where id = ${signUp.registrationId}`,
    );
    expect(after).toEqual([{ move_in_status: 'ended' }]);
  });
});
