import { maskIban } from 'shared-api';
import { TEST_APPLICANT } from 'shared-api/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { addDays, fromMadrid } from '../../platform/madrid-time';
import { cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { servedOn } from '../../testing/service';
import { signUpToContract } from '../../testing/sign-up';
import { staffSession } from '../../testing/staff';
import { resetMoveIns } from '../../testing/units';

type Answer = { status: number; body: Record<string, unknown> };

/** The tenant's account: signing in by link or code, the session's limits, on each engine. */
describe.each(databaseEngines())('account sign-in on $name', (engine) => {
  const served = servedOn(engine);
  beforeEach(async () => {
    await resetMoveIns(served.db);
    await served.db.query(sql`delete from account_sign_ins`);
    await served.db.query(sql`delete from account_sessions`);
  });

  /** A browser of its own calling the account function. */
  const browser = () => {
    const jar = cookieJar();
    return async (action: string, payload: Record<string, unknown> = {}): Promise<Answer> => {
      const res = await jar.fetch(served.service.url('account'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action, ...payload }),
      });
      return { status: res.status, body: (await res.json()) as Answer['body'] };
    };
  };
  const advance = (ms: number) => served.service.ctx.adjustableClock?.advance(ms);
  const tenant = async () => {
    const signUp = await signUpToContract(served);
    await signUp.sign('Cliente');
    await signUp.sign('Empresa');
    await served.service.ctx.jobs.runDue();
    return signUp;
  };
  const lastSignInMail = async () =>
    (await served.service.sentTo('ana@example.com')).filter((m) => m.subject === 'Tu enlace para entrar').at(-1)
      ?.body ?? '';
  const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

  it('answers a stranger’s contact as a tenant’s: only the tenant is sent a way in', async () => {
    await tenant();
    const ask = browser();
    const stranger = await ask('request_sign_in', { contact: 'nadie@example.com' });
    const ana = await ask('request_sign_in', { contact: ' Ana@Example.com ' });
    expect(stranger).toMatchObject({ status: 200, body: { signInId: expect.any(String) } });
    expect(ana).toMatchObject({ status: 200, body: { signInId: expect.any(String) } });
    expect(Object.keys(stranger.body)).toEqual(Object.keys(ana.body));
    expect(await served.service.sentTo('nadie@example.com')).toEqual([]);
    const mail = await lastSignInMail();
    expect(mail).toMatch(/\/es\/mi-cuenta#acceso=[\w-]{43}/);
    // Asked again at once: the same sign-in, nothing sent twice; for the stranger too.
    expect((await ask('request_sign_in', { contact: 'ana@example.com' })).body.signInId).toBe(ana.body.signInId);
    expect((await ask('request_sign_in', { contact: 'nadie@example.com' })).body.signInId).toBe(stranger.body.signInId);
    expect(
      (await served.service.sentTo('ana@example.com')).filter((m) => m.subject === 'Tu enlace para entrar'),
    ).toHaveLength(1);
    // A stranger's sign-in takes no code.
    expect((await ask('verify_sign_in', { signInId: stranger.body.signInId, code: '123456' })).status).toBe(400);
    expect((await ask('request_sign_in', { contact: 'no es nada' })).status).toBe(400);
  });

  it('a code works once; five wrong ones end the sign-in; a session shows the tenant’s rentals', async () => {
    const { registrationId, registrationCode } = await tenant();
    const ana = browser();
    const { signInId } = (await ana('request_sign_in', { contact: 'ana@example.com' })).body;
    const code = codeIn(await lastSignInMail());
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await ana('me')).status).toBe(401);
    expect(await ana('verify_sign_in', { signInId, code: wrong })).toMatchObject({
      status: 400,
      body: { error: 'This code or link is not valid or has expired: ask for a new one.' },
    });
    expect((await ana('verify_sign_in', { signInId, code })).status).toBe(200);
    const me = await ana('me');
    expect(me).toMatchObject({
      status: 200,
      body: { contact: 'a•••@example.com', tenancies: [{ registrationId, registrationCode, active: true }] },
    });
    expect((me.body.tenancies as { units: string[] }[])[0]?.units).toHaveLength(1);
    // Used: a second device cannot use it again.
    expect((await browser()('verify_sign_in', { signInId, code })).status).toBe(400);

    advance(121_000);
    const other = browser();
    const again = (await other('request_sign_in', { contact: 'ana@example.com' })).body.signInId;
    const right = codeIn(await lastSignInMail());
    for (let i = 0; i < 5; i++)
      await other('verify_sign_in', { signInId: again, code: right === '000000' ? '111111' : '000000' });
    expect((await other('verify_sign_in', { signInId: again, code: right })).status).toBe(400);
  });

  it('the e-mailed link signs in; the session ends idle after 30 minutes, at most after 12 hours, and on sign-out', async () => {
    await tenant();
    const ana = browser();
    await ana('request_sign_in', { contact: 'ana@example.com' });
    const token = /acceso=([\w-]{43})/.exec(await lastSignInMail())?.[1];
    expect((await ana('verify_sign_in', { token })).status).toBe(200);
    expect((await ana('verify_sign_in', { token })).status).toBe(400);
    advance(29 * 60_000);
    expect((await ana('me')).status).toBe(200);
    advance(31 * 60_000);
    expect((await ana('me')).status).toBe(401);

    // In use all along, it still ends 12 hours after it began.
    advance(3 * 60_000);
    const kept = browser();
    await kept('request_sign_in', { contact: 'ana@example.com' });
    expect(
      (await kept('verify_sign_in', { token: /acceso=([\w-]{43})/.exec(await lastSignInMail())?.[1] })).status,
    ).toBe(200);
    for (let hour = 0; hour < 12; hour++) {
      advance(20 * 60_000);
      expect((await kept('me')).status).toBe(200);
      advance(20 * 60_000);
      expect((await kept('me')).status).toBe(200);
      advance(20 * 60_000);
      const still = (await kept('me')).status;
      if (hour < 11) expect(still).toBe(200);
      else expect(still).toBe(401);
    }

    advance(3 * 60_000);
    const out = browser();
    await out('request_sign_in', { contact: 'ana@example.com' });
    await out('verify_sign_in', { token: /acceso=([\w-]{43})/.exec(await lastSignInMail())?.[1] });
    expect((await out('sign_out')).status).toBe(200);
    expect((await out('me')).status).toBe(401);
  });

  it('a tenant sees their rental, rent, next collection and balance, and downloads only their own PDFs', async () => {
    const { registrationId, registrationCode } = await tenant();
    const other = await signUpToContract(served, {
      applicant: { ...TEST_APPLICANT, email: 'luis@example.com', phone: '+34 611 222 333' },
    });
    await other.sign('Cliente');
    await other.sign('Empresa');
    await served.service.ctx.jobs.runDue();
    const jar = cookieJar();
    const ana = async (action: string, payload: Record<string, unknown> = {}) => {
      const res = await jar.fetch(served.service.url('account'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action, ...payload }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect((await ana('overview')).status).toBe(401);
    await ana('request_sign_in', { contact: 'ana@example.com' });
    await ana('verify_sign_in', { token: /acceso=([\w-]{43})/.exec(await lastSignInMail())?.[1] });
    const today = served.service.ctx.clock.now();
    const day = (offset: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
        new Date(today.getTime() + offset * 86_400_000),
      );
    const overview = await ana('overview');
    expect(overview.body.tenancies).toEqual([
      {
        registrationId,
        registrationCode,
        active: true,
        status: 'allocated',
        moveInDate: null,
        units: [{ unitNumber: expect.any(String), sizeM3: 3 }],
        since: day(0),
        period: 'monthly',
        rentCents: 6200,
        nextCollection: { date: day(2), amountCents: 6200 },
        balanceCents: 6200,
        inCollectionCents: 6200,
        payableCents: 0,
        accessSuspended: false,
        moveOutOn: null,
        earliestMoveOut: day(15),
        latestMoveOut: day(365),
        documents: [],
        // The IBAN she signed up with, masked: the account never shows it whole.
        bankAccount: {
          maskedIban: maskIban(TEST_APPLICANT.iban),
          mandateReference: expect.stringMatching(new RegExp(`^MD-${registrationCode}-`)),
          pendingChange: null,
        },
      },
    ]);
    const { invoices } = (await ana('invoices')).body as {
      invoices: { invoiceId: string; number: string; kind: string }[];
    };
    expect(invoices).toEqual([expect.objectContaining({ registrationCode, kind: 'invoice', totalCents: 6200 })]);
    const pdf = await jar.fetch(served.service.url(`account/invoice?id=${invoices[0]?.invoiceId}`));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`${invoices[0]?.number}.pdf`);
    const contract = await jar.fetch(served.service.url(`account/contract?registrationId=${registrationId}`));
    expect(contract.status).toBe(200);
    // Luis's invoice, contract and rental are as unknown to her as ones that do not exist.
    const { rows } = await served.db.query<{ id: string }>(
      sql`select id::text from invoices where registration_id = ${other.registrationId}`,
    );
    expect((await jar.fetch(served.service.url(`account/invoice?id=${rows[0]?.id}`))).status).toBe(404);
    expect((await jar.fetch(served.service.url(`account/invoice?id=${crypto.randomUUID()}`))).status).toBe(404);
    expect(
      (await jar.fetch(served.service.url(`account/contract?registrationId=${other.registrationId}`))).status,
    ).toBe(404);
    expect((await ana('pay_balance', { registrationId: other.registrationId })).status).toBe(404);
    // Nothing is due now: the bank collects the rent.
    expect(await ana('pay_balance', { registrationId })).toMatchObject({ status: 409, body: { code: 'nothing_owed' } });
    // Without a session, nothing.
    expect((await fetch(served.service.url(`account/invoice?id=${invoices[0]?.invoiceId}`))).status).toBe(401);
  });

  it('notice: no earlier than the contract allows, a reminder, and on the day the rental ends; withdrawn, it stays', async () => {
    const { registrationId } = await tenant();
    const ana = browser();
    await ana('request_sign_in', { contact: 'ana@example.com' });
    await ana('verify_sign_in', { token: /acceso=([\w-]{43})/.exec(await lastSignInMail())?.[1] });
    const madrid = (offset: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
        new Date(served.service.ctx.clock.now().getTime() + offset * 86_400_000),
      );
    const tooSoon = await ana('give_notice', { registrationId, moveOutOn: madrid(14) });
    expect(tooSoon).toMatchObject({ status: 400, body: { error: expect.stringContaining(madrid(15)) } });
    expect((await ana('give_notice', { registrationId, moveOutOn: madrid(400) })).status).toBe(400);
    const moveOutOn = madrid(20);
    expect(await ana('give_notice', { registrationId, moveOutOn })).toMatchObject({ status: 200, body: { moveOutOn } });
    expect(
      (await served.service.sentTo('ana@example.com')).some((m) => /^Aviso recibido · /.test(m.subject ?? '')),
    ).toBe(true);
    expect(((await ana('overview')).body.tenancies as { moveOutOn: string }[])[0]?.moveOutOn).toBe(moveOutOn);

    // Three days before, a reminder; the door still opens on the day itself.
    const moveTo = async (day: string, time: string) => {
      const target = fromMadrid(day, time).getTime();
      served.service.ctx.adjustableClock?.advance(Math.max(0, target - served.service.ctx.clock.now().getTime()));
      await served.service.ctx.jobs.runDue();
    };
    await moveTo(addDays(moveOutOn, -3), '10:00');
    // The desk sees her among the week's move-outs.
    const desk = await staffSession(served);
    expect((await desk('today')).body.moveOuts).toEqual([
      expect.objectContaining({ registrationId, moveOutOn, units: [expect.any(String)] }),
    ]);
    expect(
      (await served.service.sentTo('ana@example.com')).some((m) => /^Tu alquiler termina el /.test(m.subject ?? '')),
    ).toBe(true);
    await moveTo(moveOutOn, '20:00');
    const { rows: during } = await served.db.query<{ move_in_status: string }>(
      sql`select move_in_status from registrations where id = ${registrationId}`,
    );
    expect(during[0]?.move_in_status).toBe('allocated');
    // The day after: ended through the usual path, units free, nothing more collected.
    await moveTo(addDays(moveOutOn, 1), '00:30');
    const { rows: after } = await served.db.query<{ move_in_status: string; units: number; later: number }>(
      sql`select r.move_in_status,
         (select count(*)::integer from units u where u.registration_id = r.id) as units,
         (select count(*)::integer from rent_periods p where p.registration_id = r.id and p.period_start > ${moveOutOn}::date
            and p.status <> 'cancelled') as later
       from registrations r where r.id = ${registrationId}`,
    );
    expect(after[0]).toEqual({ move_in_status: 'ended', units: 0, later: 0 });
    // Moved out: her deposit waits to go back, on Today.
    expect((await (await staffSession(served))('today')).body.depositsToReturn).toEqual([
      expect.objectContaining({ registrationId, depositCents: expect.any(Number) }),
    ]);
    expect(
      (await served.service.sentTo('ana@example.com')).some((m) => /^Fin de tu alquiler · /.test(m.subject ?? '')),
    ).toBe(true);
    // Signed in again, the ended rental takes no notice.
    await served.db.query(sql`delete from account_sign_ins`);
    const back = browser();
    await back('request_sign_in', { contact: 'ana@example.com' });
    await back('verify_sign_in', { token: /acceso=([\w-]{43})/.exec(await lastSignInMail())?.[1] });
    expect((await back('give_notice', { registrationId, moveOutOn: madrid(30) })).body.code).toBe('rental_not_active');
  });

  it('a notice withdrawn before its day changes nothing on that day', async () => {
    const { registrationId } = await tenant();
    const ana = browser();
    await ana('request_sign_in', { contact: 'ana@example.com' });
    await ana('verify_sign_in', { token: /acceso=([\w-]{43})/.exec(await lastSignInMail())?.[1] });
    const moveOutOn = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
      new Date(served.service.ctx.clock.now().getTime() + 16 * 86_400_000),
    );
    await ana('give_notice', { registrationId, moveOutOn });
    expect((await ana('withdraw_notice', { registrationId })).status).toBe(200);
    served.service.ctx.adjustableClock?.advance(18 * 86_400_000);
    await served.service.ctx.jobs.runDue();
    const { rows } = await served.db.query<{ move_in_status: string }>(
      sql`select move_in_status from registrations where id = ${registrationId}`,
    );
    expect(rows[0]?.move_in_status).toBe('allocated');
    expect((await browser()('give_notice', { registrationId, moveOutOn })).status).toBe(401);
  });

  it('by phone: the code comes by SMS', async () => {
    await tenant();
    const ana = browser();
    const { signInId } = (await ana('request_sign_in', { contact: '600 123 456' })).body;
    const sms = (await served.service.sentTo('+34600123456'))
      .filter((m) => m.body.includes('cuenta de trastero'))
      .at(-1);
    expect((await ana('verify_sign_in', { signInId, code: codeIn(sms?.body ?? '') })).status).toBe(200);
    expect((await ana('me')).body.contact).toBe('•••• 456');
  });

  it('an address asking for too many sign-ins is held back, whoever it asks about', async () => {
    const ask = browser();
    for (let n = 0; n < 20; n++) {
      expect((await ask('request_sign_in', { contact: `persona${n}@example.com` })).status).toBe(200);
    }
    expect((await ask('request_sign_in', { contact: 'otra@example.com' })).status).toBe(429);
    advance(16 * 60_000);
    expect((await ask('request_sign_in', { contact: 'otra@example.com' })).status).toBe(200);
  });
});
