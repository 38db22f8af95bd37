import type { WaitlistEntry } from 'shared-api';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { TEST_APPLICANT } from '../../testing/applicant';
import { cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { servedOn, TEST_ADMIN } from '../../testing/service';
import { loseHeldUnits, signUpToContract, TEST_SERVICE } from '../../testing/sign-up';
import { resetMoveIns, setAvailableUnits } from '../../testing/units';
import { returnUnitToService } from '../rental';

/** Any of the waitlist functions' answers, or a refusal. */
type Reply = Partial<WaitlistEntry> & { error?: string; success?: boolean; handoff?: unknown };

/** Product 206 (Trastero 10 m³) has no free unit in the demo catalogue: its waitlist is the line. */
const FULL_PRODUCT = 206;
const HOUR = 3_600_000;

/** The waitlist's line, offers and deadlines on each engine, on the test's clock. */
describe.each(databaseEngines())('waitlist on $name', (engine) => {
  const served = servedOn(engine);
  let person = 0;
  beforeEach(async () => {
    await resetMoveIns(served.db);
    await served.db.query(sql`update units set status = 'occupied' where product_id = ${FULL_PRODUCT}`);
  });

  const call = (name: string, body: unknown) => served.service.post<Reply>(name, body);
  const mails = (to: string) => served.service.sentTo(to);
  /** Someone joins the line of a product; returns their e-mail, phone and private token. */
  const join = async (productId = FULL_PRODUCT, productName = 'Trastero 10 m³') => {
    person += 1;
    const email = `espera${person}@example.com`;
    const phone = `+3460000${String(person).padStart(4, '0')}`;
    const joined = await call('send-waitlist-email', {
      fullName: `Persona ${person}`,
      phone,
      email,
      timeframe: 'asap',
      product: { pid: String(productId), name: productName, numberProductsRequired: 1 },
      volumeRequested: 9.5,
    });
    expect(joined.body).toEqual({ success: true });
    const [mail] = (await mails(email)).filter((m) => m.subject === `Confirma tu lista de espera · ${productName}`);
    const token = /\/es\/lista-espera\/([A-Za-z0-9_-]{43})/.exec(mail?.body ?? '')?.[1] ?? '';
    // In the language joined in, alone: no English half.
    expect(mail?.body).not.toContain('/en/waitlist/');
    expect(mail?.body).not.toContain('Someone');
    // Confirmed from the e-mail: in line from now.
    expect((await call('confirm-waitlist-entry', { token })).body.status).toBe('waiting');
    return { email, phone, token, mail: mail?.body ?? '' };
  };
  const entry = async (token: string) => (await call('get-waitlist-entry', { token })).body;
  const runJobs = () => served.service.ctx.jobs.runDue();
  const advance = (hours: number) => served.service.ctx.adjustableClock?.advance(hours * HOUR);
  /** A unit of the full product comes back from repair. */
  const freeOneUnit = async () => {
    const { rows } = await served.db.query<{
      unit_number: string;
    }>(sql`update units set status = 'out_of_service' where unit_number =
         (select unit_number from units where product_id = ${FULL_PRODUCT} order by unit_number limit 1) returning unit_number`);
    const unit = rows[0]?.unit_number ?? '';
    await served.db.transaction((tx) => returnUnitToService(tx, served.service.ctx, unit));
    await runJobs();
    return unit;
  };
  const offerMail = async (email: string) =>
    (await mails(email)).find((m) => m.subject?.startsWith('¡Tu trastero está disponible!'));

  it('an English visitor hears from the waitlist in English alone, the product named in English', async () => {
    person += 1;
    const email = `english${person}@example.com`;
    const joined = await call('send-waitlist-email', {
      fullName: 'Jane Smith',
      phone: `+3460001${String(person).padStart(4, '0')}`,
      email,
      timeframe: 'asap',
      // Named as the English page showed it.
      product: { pid: String(FULL_PRODUCT), name: 'Storage unit 10 m³', numberProductsRequired: 1 },
      volumeRequested: 9.5,
      language: 'en',
    });
    expect(joined.body).toEqual({ success: true });
    const mail = (await mails(email)).at(-1);
    expect(mail?.subject).toBe('Confirm your waitlist request · Storage unit 10 m³');
    expect(mail?.body).toContain('asked to put this e-mail on the waitlist for "Storage unit 10 m³"');
    expect(mail?.body).toMatch(/\/en\/waitlist\/[A-Za-z0-9_-]{43}/);
    expect(mail?.body).not.toContain('Hola');
    // Nothing the visitor typed goes to an address not proven theirs.
    expect(mail?.body).not.toContain('Jane Smith');
    // Staff keep it by the catalogue's Spanish name.
    const { rows } = await served.db.query<{ product_name: string; language: string }>(
      sql`select product_name, language from waitlist_requests where email = ${email}`,
    );
    expect(rows).toEqual([{ product_name: 'Trastero 10 m³', language: 'en' }]);
  });

  it('each entry has a position in its product’s line, in the e-mail and on its private page', async () => {
    const first = await join();
    const second = await join();
    const third = await join();
    const other = await join(202, 'Trastero 3 m³');
    expect((await entry(first.token)).position).toBe(1);
    expect((await entry(third.token)).position).toBe(3);
    expect(await entry(second.token)).toMatchObject({
      status: 'waiting',
      position: 2,
      productId: String(FULL_PRODUCT),
      productName: 'Trastero 10 m³',
      unitsRequired: 1,
      volumeRequested: 9.5,
      timeframe: 'asap',
      offer: null,
    });
    // Another product has its own line.
    expect((await entry(other.token)).position).toBe(1);

    expect((await call('leave-waitlist', { token: second.token })).body).toEqual({ success: true });
    expect(await entry(second.token)).toMatchObject({ status: 'left', position: null });
    expect((await entry(third.token)).position).toBe(2);
    expect((await call('leave-waitlist', { token: second.token })).status).toBe(200);
  });

  it('joining never holds a unit, even when one is free; the line is kept by the catalogue’s id and name', async () => {
    const joined = await call('send-waitlist-email', {
      fullName: 'Persona libre',
      phone: '+34600009999',
      email: 'libre@example.com',
      timeframe: 'asap',
      product: { pid: '0202', name: '¡Oferta! Llama al 806…', numberProductsRequired: 3 },
      volumeRequested: 9,
    });
    expect(joined.status).toBe(200);
    await runJobs();
    const { rows } = await served.db.query<{ product_pid: string; product_name: string; status: string }>(
      sql`select product_pid, product_name, status from waitlist_requests where email = 'libre@example.com'`,
    );
    expect(rows).toEqual([{ product_pid: '202', product_name: 'Trastero 3 m³', status: 'unconfirmed' }]);
    expect((await served.db.query(sql`select 1 from units where status = 'held'`)).rows).toEqual([]);
    const [mail] = await mails('libre@example.com');
    expect(mail?.body).toContain('«Trastero 3 m³»');
    expect(mail?.body).not.toContain('Persona libre');
    expect(mail?.body).not.toContain('806');
  });

  it('an entry is in line only once its e-mail confirmed it; unconfirmed it lapses after 24 hours', async () => {
    const business = () => served.service.sentTo(served.service.ctx.config.BUSINESS_EMAIL);
    const staffMailsBefore = (await business()).length;
    person += 1;
    const email = `unconfirmed${person}@example.com`;
    const request = {
      fullName: 'Bot Uno',
      phone: `+3461000${String(person).padStart(4, '0')}`,
      email,
      timeframe: 'asap',
      product: { pid: String(FULL_PRODUCT), name: 'x', numberProductsRequired: 1 },
      volumeRequested: 9.5,
    };
    expect((await call('send-waitlist-email', request)).status).toBe(200);
    const token = /\/es\/lista-espera\/([A-Za-z0-9_-]{43})/.exec((await mails(email))[0]?.body ?? '')?.[1] ?? '';
    const pending = await entry(token);
    expect(pending).toMatchObject({ status: 'unconfirmed', position: null });
    expect(new Date(pending.confirmBy ?? 0).getTime() - served.service.ctx.clock.now().getTime()).toBeCloseTo(
      24 * HOUR,
      -5,
    );
    // The staff hear nothing of it, and a freed unit goes to nobody.
    expect((await business()).length).toBe(staffMailsBefore);
    await freeOneUnit();
    expect((await entry(token)).status).toBe('unconfirmed');
    expect((await served.db.query(sql`select 1 from units where status = 'held'`)).rows).toEqual([]);

    // A second one is confirmed in time: in line, and the business is told.
    const later = await join();
    expect((await business()).length).toBe(staffMailsBefore + 1);
    expect((await business()).at(-1)?.body).toContain(later.email);

    advance(24.01);
    await runJobs();
    expect((await entry(token)).status).toBe('lapsed');
    expect(await call('confirm-waitlist-entry', { token })).toMatchObject({
      status: 409,
      body: { code: 'waitlist_confirmation_lapsed' },
    });
  });

  it('one e-mail and one phone have at most three live entries; a fourth is refused and e-mails nobody', async () => {
    person += 1;
    const email = `many${person}@example.com`;
    const request = (n: number, overrides: Record<string, unknown> = {}) => ({
      fullName: `Muchas ${n}`,
      phone: `+3462000${String(person).padStart(4, '0')}`,
      email,
      timeframe: 'asap',
      product: { pid: String(FULL_PRODUCT), name: 'x', numberProductsRequired: 1 },
      volumeRequested: n,
      ...overrides,
    });
    for (const n of [1, 2, 3]) expect((await call('send-waitlist-email', request(n))).status).toBe(200);
    expect(await call('send-waitlist-email', request(4))).toMatchObject({
      status: 409,
      body: { code: 'waitlist_entries_limit' },
    });
    // The same phone however typed, with another e-mail.
    const samePhone = request(5, {
      email: `other${person}@example.com`,
      phone: `620 00${String(person).padStart(4, '0').slice(0, 1)} ${String(person).padStart(4, '0').slice(1)}`,
    });
    expect(await call('send-waitlist-email', samePhone)).toMatchObject({ status: 409 });
    expect((await mails(email)).length).toBe(3);
    expect(await mails(`other${person}@example.com`)).toEqual([]);
    // Leaving one frees its place.
    const token = /\/es\/lista-espera\/([A-Za-z0-9_-]{43})/.exec((await mails(email))[0]?.body ?? '')?.[1] ?? '';
    expect((await call('leave-waitlist', { token })).status).toBe(200);
    expect((await call('send-waitlist-email', request(6))).status).toBe(200);
  });

  it('a phone that is no number anywhere is refused', async () => {
    const refused = await call('send-waitlist-email', {
      fullName: 'Número falso',
      phone: '+999 123',
      email: 'nonumber@example.com',
      timeframe: 'asap',
      product: { pid: String(FULL_PRODUCT), name: 'x', numberProductsRequired: 1 },
      volumeRequested: 1,
    });
    expect(refused).toMatchObject({ status: 400, body: { fields: { phone: 'Invalid phone' } } });
    expect(await mails('nonumber@example.com')).toEqual([]);
  });

  it("refuses a product id that is not the catalogue's (400) or names no product (409), and stores nothing", async () => {
    const attempt = (pid: unknown) =>
      call('send-waitlist-email', {
        fullName: 'Persona mala',
        phone: '+34600009998',
        email: 'mala@example.com',
        timeframe: 'asap',
        product: { pid, name: 'Box', numberProductsRequired: 1 },
        volumeRequested: 1,
      });
    for (const pid of ['abc', '1e3', '-1', '', 1.5, 0, '9'.repeat(12)]) {
      expect((await attempt(pid)).status, String(pid)).toBe(400);
    }
    expect(await attempt('987654')).toMatchObject({ status: 409, body: { code: 'product_not_found' } });
    expect((await served.db.query(sql`select 1 from waitlist_requests where email = 'mala@example.com'`)).rows).toEqual(
      [],
    );
    expect(await mails('mala@example.com')).toEqual([]);
  });

  it('a link that is not one is refused without saying more', async () => {
    expect(await call('get-waitlist-entry', { token: 'x'.repeat(43) })).toEqual({
      status: 404,
      body: { error: 'This waitlist link is not valid.' },
    });
    expect((await call('get-waitlist-entry', { token: 'short' })).status).toBe(400);
  });

  it('a freed unit is held for the first in line and offered by e-mail and SMS; nobody else sees it', async () => {
    const first = await join();
    const second = await join();
    const now = served.service.ctx.clock.now().getTime();
    const unit = await freeOneUnit();

    const offered = await entry(first.token);
    expect(offered).toMatchObject({ status: 'offered', position: 1, offer: { status: 'open', unitNumbers: [unit] } });
    const hours = (new Date(offered.offer?.expiresAt ?? 0).getTime() - now) / HOUR;
    expect(hours).toBeGreaterThanOrEqual(48);
    expect(hours).toBeLessThan(48.1);
    expect((await offerMail(first.email))?.body).toMatch(new RegExp(`te guardamos ${unit} hasta el`));
    expect((await mails(first.phone)).map((m) => m.channel)).toEqual(['sms']);
    // A new private link in the offer, working like the first one.
    const offerToken = /\/es\/lista-espera\/([A-Za-z0-9_-]{43})/.exec((await offerMail(first.email))?.body ?? '')?.[1];
    expect(offerToken).not.toBe(first.token);
    expect((await entry(offerToken ?? '')).status).toBe('offered');

    expect(await offerMail(second.email)).toBeUndefined();
    const { rows } = await served.db.query<{ stock: number }>(
      sql`select stock from product_stock where pid = ${FULL_PRODUCT}`,
    );
    expect(rows[0]?.stock).toBe(0);
  });

  it('an offer nobody opens passes to the next in line after 12 hours; opened, it holds for 48', async () => {
    const first = await join();
    const second = await join();
    const unit = await freeOneUnit();
    expect((await offerMail(first.email))?.body).toMatch(/Abre tu página de la lista de espera antes/);
    advance(11.9);
    await runJobs();
    expect(await offerMail(second.email)).toBeUndefined();
    advance(0.2);
    await runJobs();
    expect(await entry(first.token)).toMatchObject({ status: 'offer_expired', offer: null });
    // The second opens theirs at once: held for the full 48 hours.
    const offered = await entry(second.token);
    expect(offered).toMatchObject({ status: 'offered', offer: { unitNumbers: [unit] } });
    const left = (new Date(offered.offer?.expiresAt ?? 0).getTime() - served.service.ctx.clock.now().getTime()) / HOUR;
    expect(left).toBeGreaterThan(47.9);
    advance(47);
    await runJobs();
    expect((await entry(second.token)).status).toBe('offered');
  });

  it('an offer not taken in 48 hours expires and passes to the next in line, automatically', async () => {
    const first = await join();
    const second = await join();
    const unit = await freeOneUnit();
    // Opened: the full window.
    expect((await entry(first.token)).status).toBe('offered');
    advance(47);
    await runJobs();
    expect((await entry(first.token)).status).toBe('offered');
    expect(await offerMail(second.email)).toBeUndefined();

    advance(1.01);
    await runJobs();
    expect(await entry(first.token)).toMatchObject({ status: 'offer_expired', position: null, offer: null });
    expect((await mails(first.email)).at(-1)?.subject).toContain('Tu oferta ha caducado');
    expect(await entry(second.token)).toMatchObject({
      status: 'offered',
      position: 1,
      offer: { status: 'open', unitNumbers: [unit] },
    });
  });

  it('the accepted offer starts a sign-up with the unit held for it, which takes that unit at the end', async () => {
    const first = await join();
    const second = await join();
    const unit = await freeOneUnit();
    expect((await call('accept-waitlist-offer', { token: second.token })).status).toBe(409);
    const accepted = await call('accept-waitlist-offer', { token: first.token });
    expect(accepted.body).toMatchObject({
      success: true,
      handoff: {
        productId: String(FULL_PRODUCT),
        productName: 'Trastero 10 m³',
        unitsRequired: 1,
        volumeRequested: 9.5,
      },
    });
    // Out of the line: the next one is first now.
    expect(await entry(first.token)).toMatchObject({
      status: 'accepted',
      position: null,
      offer: { status: 'accepted' },
    });
    expect((await entry(second.token)).position).toBe(1);

    // The sign-up with the e-mail the offer was made to: once verified, the unit is held for it,
    // so the full product can be chosen, and the last signature occupies that very unit.
    const browser = cookieJar();
    const signUp = await signUpToContract(served, {
      browser,
      applicant: { ...TEST_APPLICANT, email: first.email },
      serviceDetails: { ...TEST_SERVICE, productId: String(FULL_PRODUCT), productName: 'Trastero 10 m³' },
    });
    const held = await served.db.query<{ registration_id: string }>(
      sql`select registration_id::text from units where unit_number = ${unit}`,
    );
    expect(held.rows[0]?.registration_id).toBe(signUp.registrationId);
    // Its service step lists the product with the held unit as stock; anyone else sees none.
    const stockOf = async (query: string, asker = browser) => {
      const res = await asker.fetch(served.service.url(`products?accion=ListarProductos${query}`));
      const body = (await res.json()) as { products?: { product: { pid: string; stocklevel: number }[] } };
      return body.products?.product.find((p) => p.pid === String(FULL_PRODUCT))?.stocklevel;
    };
    expect(await stockOf(`&m3=9&proceso=${signUp.registrationId}`)).toBe(1);
    expect(await stockOf(`&m3=9&proceso=${signUp.registrationId}`, cookieJar())).toBeUndefined();
    expect(await stockOf('&m3=9')).toBeUndefined();
    expect(
      (await signUp.post('registration-handler', {
        action: 'check_and_set_product',
        registrationId: signUp.registrationId,
        productId: String(FULL_PRODUCT),
      })) as Record<string, unknown>,
    ).toMatchObject({ success: true });
    await signUp.sign('Cliente');
    await signUp.sign('Empresa');
    const { rows } = await served.db.query<{ status: string; registration_id: string }>(
      sql`select status, registration_id::text from units where unit_number = ${unit}`,
    );
    expect(rows[0]).toEqual({ status: 'occupied', registration_id: signUp.registrationId });
    expect((await served.db.query<{ status: string }>(sql`select status from waitlist_offers`)).rows).toEqual([
      { status: 'fulfilled' },
    ]);
    // Fulfilled: the deadline passing changes nothing.
    advance(49);
    await runJobs();
    expect(
      (await served.db.query<{ status: string }>(sql`select status from units where unit_number = ${unit}`)).rows,
    ).toEqual([{ status: 'occupied' }]);
  });

  it('taking the offer late starts a full window; abandoned past it, the unit goes to the next in line', async () => {
    const first = await join();
    const second = await join();
    const unit = await freeOneUnit();
    expect((await entry(first.token)).status).toBe('offered');
    advance(47);
    const accepted = await call('accept-waitlist-offer', { token: first.token });
    const window =
      (new Date(String((accepted.body as { expiresAt?: string }).expiresAt)).getTime() - Date.now()) / HOUR;
    expect(window).toBeGreaterThan(47 + 47.9);
    // The first deadline passes: the sign-up under way keeps its unit.
    advance(2);
    await runJobs();
    expect((await entry(first.token)).offer).toMatchObject({ status: 'accepted', unitNumbers: [unit] });
    expect(await offerMail(second.email)).toBeUndefined();
    advance(47);
    await runJobs();
    expect(
      (await served.db.query<{ status: string }>(sql`select status from waitlist_offers order by created_at`)).rows,
    ).toEqual([{ status: 'lapsed' }, { status: 'open' }]);
    expect((await entry(second.token)).offer).toMatchObject({ unitNumbers: [unit] });
  });

  it('an applicant who paid the deposit keeps the held unit past the deadline', async () => {
    const first = await join();
    await join();
    const unit = await freeOneUnit();
    await call('accept-waitlist-offer', { token: first.token });
    const signUp = await signUpToContract(served, {
      applicant: { ...TEST_APPLICANT, email: first.email },
      serviceDetails: { ...TEST_SERVICE, productId: String(FULL_PRODUCT), productName: 'Trastero 10 m³' },
    });
    advance(49);
    await runJobs();
    const { rows } = await served.db.query<{ registration_id: string; status: string }>(
      sql`select registration_id::text, status from units where unit_number = ${unit}`,
    );
    expect(rows[0]).toEqual({ registration_id: signUp.registrationId, status: 'held' });
  });

  it('a sign-up verified before taking the offer gets the held unit when it chooses the product', async () => {
    const first = await join();
    await freeOneUnit();
    // Verified first (the waitlist was joined from inside a sign-up), then the offer is taken.
    await served.db.query(
      sql`update units set status = 'out_of_service' where product_id = 202 and status = 'available'`,
    );
    const browser = cookieJar();
    const created = await (
      await browser.fetch(served.service.url('registration-handler'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'create_registration', ...TEST_APPLICANT, email: first.email }),
      })
    ).json();
    const registrationId = String((created as { registrationId: string }).registrationId);
    await served.db.query(
      sql`update registrations set email_verified = true, phone_verified = true where id = ${registrationId}`,
    );
    await call('accept-waitlist-offer', { token: first.token });
    const chosen = await (
      await browser.fetch(served.service.url('registration-handler'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'check_and_set_product', registrationId, productId: String(FULL_PRODUCT) }),
      })
    ).json();
    expect(chosen).toMatchObject({ success: true, productId: String(FULL_PRODUCT) });
    await served.db.query(
      sql`update units set status = 'available' where product_id = 202 and status = 'out_of_service'`,
    );
  });

  it('leaving after taking the offer, before any sign-up claimed it, passes the unit on', async () => {
    const first = await join();
    const second = await join();
    await freeOneUnit();
    await call('accept-waitlist-offer', { token: first.token });
    await call('leave-waitlist', { token: first.token });
    await runJobs();
    expect((await entry(second.token)).status).toBe('offered');
  });

  it('a tenant who signed and paid while no unit was free moves in before anyone on the waitlist', async () => {
    // One unit comes free for a moment: paying holds it, then it is let at the desk all the same.
    await served.db.query(sql`update units set status = 'available' where unit_number =
         (select unit_number from units where product_id = ${FULL_PRODUCT} order by unit_number limit 1)`);
    const signUp = await signUpToContract(served, {
      serviceDetails: { ...TEST_SERVICE, productId: String(FULL_PRODUCT), productName: 'Trastero 10 m³' },
    });
    expect(await loseHeldUnits(served, signUp.registrationId)).toHaveLength(1);
    await signUp.sign('Cliente');
    await signUp.sign('Empresa');
    const status = async () =>
      (
        await served.db.query<{ move_in_status: string }>(
          sql`select move_in_status from registrations where id = ${signUp.registrationId}`,
        )
      ).rows[0]?.move_in_status;
    expect(await status()).toBe('awaiting_unit');
    const waiting = await join();

    const unit = await freeOneUnit();
    expect(await status()).toBe('allocated');
    expect(
      (await served.db.query<{ status: string }>(sql`select status from units where unit_number = ${unit}`)).rows,
    ).toEqual([{ status: 'occupied' }]);
    expect((await entry(waiting.token)).status).toBe('waiting');
    // Their door access comes with the unit.
    expect((await mails('ana@example.com')).some((m) => m.subject?.startsWith('Tu acceso a la puerta'))).toBe(true);
  });

  it('a waitlisted person leaving gives their held unit to the next in line', async () => {
    const first = await join();
    const second = await join();
    await freeOneUnit();
    await call('leave-waitlist', { token: first.token });
    await runJobs();
    expect((await entry(second.token)).status).toBe('offered');
  });

  it('staff ending a rental offers its unit to the first in line', async () => {
    await setAvailableUnits(served.db, 202, 1);
    const signUp = await signUpToContract(served);
    await signUp.sign('Cliente');
    await signUp.sign('Empresa');
    const waiting = await join(202, 'Trastero 3 m³');
    await runJobs();
    expect((await entry(waiting.token)).status).toBe('waiting');

    const door = async (body: Record<string, unknown>) =>
      (await call('abridor', body)).body as {
        token?: string;
        users?: { id: string; registrationCode: string | null }[];
      };
    const admin = (await door({ action: 'login', usuario: TEST_ADMIN.usuario, contraseña: TEST_ADMIN.contraseña }))
      .token;
    const tenant = (await door({ action: 'list_users', token: admin })).users?.find((u) => u.registrationCode);
    await door({ action: 'end_rental', token: admin, userId: tenant?.id });
    await runJobs();
    expect(await entry(waiting.token)).toMatchObject({ status: 'offered', offer: { status: 'open' } });
  });

  it('staff end a rental without a door user by its registration code', async () => {
    const signUp = await signUpToContract(served, { documents: ['frontId'] });
    await signUp.sign('Cliente');
    await signUp.sign('Empresa');
    const door = async (body: Record<string, unknown>) => call('abridor', body);
    const admin = (await door({ action: 'login', usuario: TEST_ADMIN.usuario, contraseña: TEST_ADMIN.contraseña }))
      .body as {
      token?: string;
    };
    expect((await door({ action: 'end_rental', token: admin.token })).status).toBe(400);
    expect((await door({ action: 'end_rental', token: admin.token, registrationCode: 'ZZZZZZ' })).status).toBe(404);
    const ended = await door({ action: 'end_rental', token: admin.token, registrationCode: signUp.registrationCode });
    expect(ended).toMatchObject({ status: 200, body: { success: true } });
    expect(
      (await served.db.query(sql`select 1 from units where registration_id = ${signUp.registrationId}`)).rows,
    ).toEqual([]);
  });
});
