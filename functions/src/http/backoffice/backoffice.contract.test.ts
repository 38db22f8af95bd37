import { productList, productsResponse } from 'shared-api';
import type { BackofficeAction, BackofficeResponse } from 'shared-api/backoffice';
import { describe, expect, it } from 'vitest';
import { PAIR_MAX_FAILURES, totpCodeAt } from '../../modules/staff';
import { sql } from '../../platform/db/sql';
import { TEST_APPLICANT } from '../../testing/applicant';
import { cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { DOCUMENTS } from '../../testing/documents';
import { servedOn, TEST_MANAGER } from '../../testing/service';
import { companySignsByHand, signUpToContract } from '../../testing/sign-up';
import { inviteStaff } from '../../testing/staff';

/** A refusal's body beside the action's answer: a test reads whichever the status says. */
type Answer<A extends BackofficeAction> = {
  status: number;
  body: BackofficeResponse<A> & { error?: string; code?: string };
};

describe.each(databaseEngines())('backoffice on $name', (engine) => {
  const served = servedOn(engine);
  /** One browser of one member of staff (its own cookies). */
  const browser = () => {
    const jar = cookieJar();
    const call = async <A extends BackofficeAction>(
      action: A,
      payload: Record<string, unknown> = {},
      headers: Record<string, string> = {},
    ): Promise<Answer<A>> => {
      const res = await jar.fetch(served.service.url('backoffice'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ action, ...payload }),
      });
      return { status: res.status, body: (await res.json()) as Answer<A>['body'] };
    };
    const get = (path: string) => jar.fetch(served.service.url(path));
    return { jar, call, get };
  };
  const signedIn = async (email: string = TEST_MANAGER.email, password: string = TEST_MANAGER.password) => {
    const member = browser();
    const answer = await member.call('login', { email, password });
    expect(answer.status).toBe(200);
    return member;
  };
  let staffCount = 0;
  const newStaff = async (manager: ReturnType<typeof browser>, role: 'staff' | 'manager' = 'staff') => {
    staffCount += 1;
    const email = `persona${staffCount}@trasteros-demo.example`;
    const { added } = await inviteStaff(
      served,
      manager.call,
      { email, name: `Persona ${staffCount}`, role },
      'staff-pass-123',
    );
    expect(added.status).toBe(200);
    return { id: String(added.body.staff.id), email, password: 'staff-pass-123' };
  };
  const auditOf = async (action: string) =>
    (
      await served.db.query<{ staff_email: string; target: string; before: unknown; after: unknown }>(
        sql`select staff_email, target, before, after from staff_audit where action = ${action} order by id`,
      )
    ).rows;

  it('signs in with an httpOnly, SameSite=Strict cookie scoped to the back-office functions, and out again', async () => {
    const member = browser();
    const res = await member.jar.fetch(served.service.url('backoffice'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        action: 'login',
        email: TEST_MANAGER.email.toUpperCase(),
        password: TEST_MANAGER.password,
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      staff: { email: TEST_MANAGER.email, role: 'manager', totpEnabled: false },
    });
    const cookie = res.headers.getSetCookie().join('\n');
    expect(cookie).toMatch(/^staff_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('Path=/functions/v1/backoffice');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toMatch(/Max-Age=43200/);
    // And this browser is now one the member signs in from: a cookie that eases throttling only.
    expect(cookie).toMatch(
      /\nstaff_device=[A-Za-z0-9_-]{43}; Max-Age=7776000; Path=\/functions\/v1\/backoffice;[^\n]*HttpOnly/,
    );
    // The hint the gateway renders the login by: the site's root, no secret in it.
    // Lax: a member opening the back-office from an e-mail's link has it too (it is no credential).
    expect(cookie).toMatch(/\nstaff_signed_in=1; Max-Age=43200; Path=\/;[^\n]*HttpOnly; SameSite=Lax/);
    // Only its hash is stored.
    const { rows } = await served.db.query<{ token_hash: string }>(sql`select token_hash from staff_sessions`);
    expect(rows.map((r) => r.token_hash)).not.toContain(member.jar.cookie('staff_session'));

    expect((await member.call('me')).body.staff?.email).toBe(TEST_MANAGER.email);
    expect(member.jar.cookie('staff_signed_in')).toBe('1');
    expect(await member.call('logout')).toMatchObject({ status: 200, body: { success: true } });
    expect(member.jar.cookie('staff_signed_in')).toBeUndefined();
    expect(await member.call('me')).toEqual({ status: 200, body: { staff: null } });
    expect(await browser().call('today')).toMatchObject({ status: 401, body: { error: 'Sign in to the back-office' } });
  });

  it('ends a session unused for 30 minutes, and keeps one in use alive (ASVS 3.3.2)', async () => {
    const member = await signedIn();
    const hash = (
      await served.db.query<{ token_hash: string }>(
        sql`select token_hash from staff_sessions where revoked_at is null order by created_at desc limit 1`,
      )
    ).rows[0]?.token_hash;
    await served.db.query(
      sql`update staff_sessions set last_seen_at = now() - interval '29 minutes' where token_hash = ${hash}`,
    );
    expect((await member.call('me')).body.staff?.email).toBe(TEST_MANAGER.email);
    // That call was a use: the half hour starts again.
    const { rows } = await served.db.query<{ idle: boolean }>(
      sql`select last_seen_at > now() - interval '1 minute' as idle from staff_sessions where token_hash = ${hash}`,
    );
    expect(rows[0]?.idle).toBe(true);
    await served.db.query(
      sql`update staff_sessions set last_seen_at = now() - interval '31 minutes' where token_hash = ${hash}`,
    );
    expect(await member.call('today')).toMatchObject({ status: 401 });
    expect(member.jar.cookie('staff_signed_in')).toBe('1');
    expect((await member.call('me')).body).toEqual({ staff: null });
    // The ended session's cookies go with that answer: this browser's next page is the login.
    expect(member.jar.cookie('staff_signed_in')).toBeUndefined();
    expect(member.jar.cookie('staff_session')).toBeUndefined();
  });

  it('refuses a wrong password and an unknown e-mail alike, then throttles the pair', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.77' };
    const member = browser();
    const wrong = await member.call('login', { email: TEST_MANAGER.email, password: 'nope-nope-nope' }, ip);
    const unknown = await member.call('login', { email: 'nadie@example.com', password: 'nope-nope-nope' }, ip);
    expect(wrong).toEqual({ status: 401, body: { error: 'Invalid e-mail, password or code' } });
    expect(unknown).toEqual(wrong);
    for (let i = 1; i < PAIR_MAX_FAILURES; i += 1) {
      await member.call('login', { email: TEST_MANAGER.email, password: `wrong-${i}-password` }, ip);
    }
    // Even the right password waits now, from that address…
    const held = await member.call('login', { email: TEST_MANAGER.email, password: TEST_MANAGER.password }, ip);
    expect(held).toMatchObject({ status: 429, body: { error: expect.stringContaining('15 minutes') } });
    expect(member.jar.cookie('staff_session')).toBeUndefined();
    // …but not from the manager's own.
    await signedIn();
  });

  it('enforces roles on the server: staff cannot change prices, units or accounts (403)', async () => {
    const manager = await signedIn();
    const colleague = await newStaff(manager);
    const staff = await signedIn(colleague.email, colleague.password);
    expect((await staff.call('me')).body.staff?.role).toBe('staff');
    for (const [action, payload] of [
      ['set_price', { productId: 209, period: 'monthly', price: 199 }],
      ['set_unit_service', { unitNumber: 'B-001', inService: false }],
      ['list_staff', {}],
      ['add_staff', { email: 'x@example.com', name: 'X', role: 'manager' }],
      ['update_staff', { staffId: colleague.id, role: 'manager' }],
      ['list_audit', {}],
      ['totp_setup', {}],
    ] as const) {
      expect(await staff.call(action, payload), action).toMatchObject({
        status: 403,
        body: { error: 'Only a manager can do this' },
      });
    }
    expect((await staff.get('backoffice/export?report=audit')).status).toBe(403);
    // What staff may do, they may.
    expect((await staff.call('list_catalogue')).status).toBe(200);
    expect((await staff.call('today')).status).toBe(200);
    const { rows } = await served.db.query<{ monthly: string }>(sql`select monthly from products where pid = 209`);
    expect(Number(rows[0]?.monthly)).toBe(219);
  });

  it('lets a manager change a price, withdraw a period, with before and after in the audit', async () => {
    const manager = await signedIn();
    const changed = await manager.call('set_price', { productId: 209, period: 'monthly', price: 229.5 });
    expect(changed).toMatchObject({ status: 200, body: { product: { productId: 209, prices: { monthly: 229.5 } } } });
    const withdrawn = await manager.call('set_price', { productId: 209, period: 'annually', price: null });
    expect(withdrawn.body.product.prices.annually).toBeNull();
    expect((await manager.call('set_price', { productId: 209, period: 'monthly', price: 10.001 })).status).toBe(400);
    expect((await manager.call('set_price', { productId: 999, period: 'monthly', price: 10 })).status).toBe(404);
    // The public catalogue sells at the new price.
    const listed = await fetch(served.service.url('products?accion=ListarProductos&gid=2'));
    const products = productList(productsResponse.parse(await listed.json()));
    const unit = products.find((p) => Number(p.pid) === 209);
    expect(Number(unit?.pricing.EUR.monthly)).toBe(229.5);
    expect(Number(unit?.pricing.EUR.annually)).toBeLessThan(0);
    const audit = await auditOf('set_price');
    expect(audit.at(-2)).toMatchObject({
      staff_email: TEST_MANAGER.email,
      target: 'product:209',
      before: { monthly: 219 },
      after: { monthly: 229.5 },
    });
    expect(audit.at(-1)).toMatchObject({ before: { annually: 2365 }, after: { annually: null } });
    await manager.call('set_price', { productId: 209, period: 'monthly', price: 219 });
    await manager.call('set_price', { productId: 209, period: 'annually', price: 2365 });
  });

  it('takes a free unit out of service and back, once, and refuses an occupied one', async () => {
    const manager = await signedIn();
    const { body } = await manager.call('list_units', { productId: 202, status: 'available' });
    const free = String(body.rows[0]?.unitNumber);
    const out = await manager.call('set_unit_service', { unitNumber: free, inService: false });
    expect(out.body.unit).toMatchObject({ unitNumber: free, status: 'out_of_service' });
    // Twice (two tabs): one change, one audit row.
    expect((await manager.call('set_unit_service', { unitNumber: free, inService: false })).body.unit.status).toBe(
      'out_of_service',
    );
    expect((await auditOf('unit_out_of_service')).filter((a) => a.target === `unit:${free}`)).toHaveLength(1);
    expect((await manager.call('set_unit_service', { unitNumber: free, inService: true })).body.unit.status).toBe(
      'available',
    );
    const { body: occupied } = await manager.call('list_units', { status: 'occupied' });
    const taken = String(occupied.rows[0]?.unitNumber);
    expect(await manager.call('set_unit_service', { unitNumber: taken, inService: false })).toMatchObject({
      status: 409,
      body: { code: 'unit_not_free' },
    });
    expect(occupied.total).toBeGreaterThan(occupied.rows.length - 1);
  });

  it('manages staff: a disabled member is signed out at once, and the last manager stays', async () => {
    const manager = await signedIn();
    const colleague = await newStaff(manager);
    const staff = await signedIn(colleague.email, colleague.password);
    expect(
      await inviteStaff(
        served,
        manager.call,
        { email: colleague.email.toUpperCase(), name: 'Otra', role: 'staff' },
        'staff-pass-123',
      ).then((invited) => invited.added),
    ).toMatchObject({
      status: 409,
      body: { code: 'staff_email_taken' },
    });
    expect((await manager.call('update_staff', { staffId: colleague.id, disabled: true })).body.staff.disabled).toBe(
      true,
    );
    expect((await staff.call('me')).body.staff).toBeNull();
    expect((await staff.call('today')).status).toBe(401);
    expect((await browser().call('login', { email: colleague.email, password: colleague.password })).status).toBe(401);
    const { body } = await manager.call('me');
    expect(await manager.call('update_staff', { staffId: body.staff?.id, role: 'staff' })).toMatchObject({
      status: 409,
      body: { code: 'last_manager' },
    });
    expect((await auditOf('update_staff')).at(-1)).toMatchObject({
      before: { role: 'staff', disabled: false },
      after: { role: 'staff', disabled: true },
    });
  });

  it('asks a manager with a second factor for the code, and accepts each code once', async () => {
    const manager = await signedIn();
    const second = await newStaff(manager, 'manager');
    const other = await signedIn(second.email, second.password);
    const { body: setup } = await other.call('totp_setup');
    expect(setup.uri).toContain(`secret=${setup.secret}`);
    expect(setup.qrSvg).toMatch(/^<svg/);
    expect((await other.call('totp_enable', { totpCode: '000000' })).status).toBe(400);
    expect((await other.call('totp_enable', { totpCode: totpCodeAt(setup.secret) })).body.staff.totpEnabled).toBe(true);

    const device = browser();
    expect(await device.call('login', { email: second.email, password: second.password })).toEqual({
      status: 200,
      body: { totpRequired: true },
    });
    expect(device.jar.cookie('staff_session')).toBeUndefined();
    expect(
      (await device.call('login', { email: second.email, password: second.password, totpCode: '123456' })).status,
    ).toBe(401);
    // The next step's code (the enabling one used this step's).
    const code = totpCodeAt(setup.secret, Date.now() + 30_000);
    expect(
      (await device.call('login', { email: second.email, password: second.password, totpCode: code })).status,
    ).toBe(200);
    expect((await device.call('me')).body.staff?.totpEnabled).toBe(true);
    expect(
      (await browser().call('login', { email: second.email, password: second.password, totpCode: code })).status,
    ).toBe(401);
  });

  it('shows a sign-up to staff, streams its documents to staff only, and countersigns once the documents are approved', async () => {
    await companySignsByHand(served);
    const applicantBrowser = cookieJar();
    const applicant = await signUpToContract(served, { browser: applicantBrowser });
    const { registrationId, registrationCode } = applicant;
    // A real file behind the front of the ID.
    const { rows: files } = await served.db.query<{ file_path: string }>(
      sql`select file_path from registration_documents where registration_id = ${registrationId} and document_type = 'frontId'`,
    );
    const pdf = Buffer.from('%PDF-1.4\n% front of the ID\n');
    await served.service.ctx.documents.put(files[0]?.file_path ?? '', pdf);

    const manager = await signedIn();
    const found = await manager.call('list_registrations', { search: registrationCode.toLowerCase() });
    expect(found.body).toMatchObject({
      total: 1,
      page: 1,
      pageSize: 20,
      rows: [
        {
          registrationCode,
          stage: 'awaiting_client',
          productName: 'Trastero 3 m³',
          productNameEn: 'Storage unit 3 m³',
        },
      ],
    });
    expect((await manager.call('list_registrations', { search: '%' })).body.total).toBe(0);
    // Accents, case and spacing do not matter; a page past the end is the last one.
    for (const search of ['garcia', 'GARCÍA', 'ana garcía', '600 123 456', '600123456']) {
      expect((await manager.call('list_registrations', { search })).body.rows, search).toEqual([
        expect.objectContaining({ registrationCode }),
      ]);
    }
    expect((await manager.call('list_registrations', { search: registrationCode, page: 99 })).body).toMatchObject({
      page: 1,
      rows: [expect.objectContaining({ registrationCode })],
    });

    await applicant.sign('Cliente');
    expect(
      (await manager.call('today')).body.awaitingCompany.map((r: { registrationCode: string }) => r.registrationCode),
    ).toContain(registrationCode);
    const detail = await manager.call('get_registration', { registrationId });
    expect(detail.body).toMatchObject({
      registration: {
        registrationCode,
        stage: 'awaiting_company',
        emailVerified: true,
        iban: expect.stringMatching(/^ES\d\d\u00a0••••\u00a0\d{4}$/),
      },
      contract: {
        status: 'awaiting_signatures',
        signers: [
          { role: 'Cliente', status: 'completed' },
          { role: 'Empresa', status: 'awaiting' },
        ],
      },
    });
    expect(detail.body.documents).toHaveLength(3);

    const url = `backoffice/document?registrationId=${registrationId}&documentType=frontId`;
    const document = await manager.get(url);
    expect(document.status).toBe(200);
    expect(document.headers.get('content-type')).toBe('application/pdf');
    expect(document.headers.get('cache-control')).toBe('no-store');
    expect(document.headers.get('content-disposition')).toBe(`inline; filename="${registrationCode}-frontId.pdf"`);
    expect(Buffer.from(await document.arrayBuffer())).toEqual(pdf);
    expect((await fetch(served.service.url(url))).status).toBe(401);
    expect(
      (await manager.get(`backoffice/document?registrationId=${registrationId}&documentType=passport`)).status,
    ).toBe(400);
    // Ids the lists never gave and paths are refused as input, not found by the database.
    for (const id of ['../../etc', 'K7P2QX', `${registrationId}x`]) {
      const url = `backoffice/document?registrationId=${encodeURIComponent(id)}&documentType=frontId`;
      expect((await manager.get(url)).status).toBe(400);
      expect((await manager.call('get_registration', { registrationId: id })).status).toBe(400);
    }
    expect((await auditOf('view_document')).at(-1)).toMatchObject({
      target: `registration:${registrationCode}:frontId`,
    });

    expect(
      await manager.call('countersign', { registrationId, signedName: 'Gerencia Demo', consent: true }),
    ).toMatchObject({
      status: 409,
      body: { code: 'documents_not_approved' },
    });
    // A rejection e-mails the applicant the reason and the way back to the documents step.
    const rejected = await manager.call('review_document', {
      registrationId,
      documentType: 'backId',
      decision: 'reject',
      reason: 'La foto está borrosa',
    });
    expect(rejected.body.document).toMatchObject({
      reviewStatus: 'rejected',
      rejectionReason: 'La foto está borrosa',
      reviewedBy: TEST_MANAGER.email,
    });
    expect(
      (await manager.call('review_document', { registrationId, documentType: 'backId', decision: 'reject' })).status,
    ).toBe(400);
    const { rows: contact } = await served.db.query<{ email: string }>(
      sql`select email from registrations where id = ${registrationId}`,
    );
    const mail = (await served.service.sentTo(contact[0]?.email ?? '')).at(-1);
    expect(mail?.subject).toContain(registrationCode);
    expect(mail?.body).toContain('La foto está borrosa');
    expect(mail?.body).toContain('/es/alta');

    // The applicant's documents step opens again at that slot, with the reason, and lands there.
    const review = await applicant.post('registration-handler', {
      action: 'get_registration_with_documents',
      registrationId,
    });
    expect(review.documents).toContainEqual(
      expect.objectContaining({
        document_type: 'backId',
        review_status: 'rejected',
        rejection_reason: 'La foto está borrosa',
      }),
    );
    expect(review.registration).toMatchObject({
      metadata: { completedSections: { documents: false, serviceDetails: true } },
    });
    // The section cannot be called complete again until a new file is in.
    const { rows: stored } = await served.db.query<{ metadata: { serviceDetails: unknown } }>(
      sql`select metadata from registrations where id = ${registrationId}`,
    );
    const resave = await applicantBrowser.fetch(served.service.url('registration-handler'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        action: 'update_registration',
        registrationId,
        ...TEST_APPLICANT,
        emailVerified: true,
        phoneVerified: true,
        metadata: {
          completedSections: { clientData: true, verification: true, documents: true, serviceDetails: false },
          serviceDetails: stored[0]?.metadata.serviceDetails,
        },
        globalStatus: 'in_progress',
      }),
    });
    expect(resave.status).toBe(409);
    expect(await resave.json()).toMatchObject({ code: 'documents_incomplete' });
    // Uploaded again: staff see a new document to review, and what the old one was rejected for.
    const form = new FormData();
    form.set('registrationId', registrationId);
    form.set('documentType', 'backId');
    form.set('file', new Blob([DOCUMENTS.pdf]), 'reverso.pdf');
    const upload = await applicantBrowser.fetch(served.service.url('upload-document'), { method: 'POST', body: form });
    expect(upload.status).toBe(200);
    const resubmitted = (await manager.call('get_registration', { registrationId })).body.documents.find(
      (d) => d.documentType === 'backId',
    );
    expect(resubmitted).toMatchObject({
      reviewStatus: 'pending',
      rejectionReason: null,
      previousRejectionReason: 'La foto está borrosa',
    });

    for (const documentType of ['frontId', 'backId', 'bankDocument']) {
      const approved = await manager.call('review_document', { registrationId, documentType, decision: 'approve' });
      expect(approved.body.document.reviewStatus).toBe('approved');
    }
    const [first, second] = await Promise.all([
      manager.call('countersign', { registrationId, signedName: 'Gerencia Demo', consent: true }),
      manager.call('countersign', { registrationId, signedName: 'Gerencia Demo', consent: true }),
    ]);
    // A double click signs once.
    const answers = [first, second].sort((a, b) => a.status - b.status);
    expect(answers[0]).toMatchObject({
      status: 200,
      body: { contractStatus: 'completed', units: [expect.any(String)] },
    });
    expect(answers[1]).toMatchObject({ status: 409, body: { code: 'not_awaiting_company' } });
    const { rows: registration } = await served.db.query<{
      global_status: string;
      signed_name: string;
    }>(sql`select r.global_status, s.signed_name from registrations r join contracts c on c.registration_id = r.id
       join contract_submitters s on s.contract_id = c.id and s.role = 'Empresa' where r.id = ${registrationId}`);
    expect(registration[0]).toEqual({ global_status: 'completed', signed_name: 'Gerencia Demo' });
    expect((await auditOf('countersign')).filter((a) => a.target === `registration:${registrationCode}`)).toHaveLength(
      1,
    );
    expect((await manager.call('get_registration', { registrationId })).body.registration.stage).toBe('completed');
    // Rejected after the move-in: the tenant replaces it from their account, the door shut until
    // then (account/documents.contract.test.ts); the wizard's step stays closed.
    expect(
      await manager.call('review_document', {
        registrationId,
        documentType: 'frontId',
        decision: 'reject',
        reason: 'Caducado',
      }),
    ).toMatchObject({ status: 200 });
    const { rows: shut } = await served.db.query<{ by: string }>(
      sql`select access_suspended_by as by from registrations where id = ${registrationId}`,
    );
    expect(shut).toEqual([{ by: 'documents' }]);
  });

  it('exports a list as CSV for spreadsheets, and audits the export', async () => {
    const manager = await signedIn();
    const res = await manager.get('backoffice/export?report=units&status=occupied');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="units-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // A Spanish office by default: its headers and words, `;` between fields, Madrid's clock.
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Trastero;Producto (id);Producto;Estado;Alta;Inquilino;Actualizado');
    expect(lines.slice(1, -1).length).toBeGreaterThan(0);
    expect(lines.slice(1, -1).every((line) => line.includes(';Ocupado;'))).toBe(true);
    expect(lines[1]).toMatch(/;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect((await auditOf('export')).at(-1)).toMatchObject({ target: 'report:units' });
    const english = await (await manager.get('backoffice/export?report=units&status=occupied&lang=en')).text();
    expect(english.split('\r\n')[0]).toBe('Unit,Product (id),Product,Status,Sign-up,Tenant,Updated');
    expect(english).toContain(',Occupied,');
    // Phones as typed, no apostrophe: the registrations' report.
    await signUpToContract(served);
    const registrations = await (await manager.get('backoffice/export?report=registrations')).text();
    expect(registrations).toMatch(/;"=""\+34\d{9}""";/);
    expect(registrations).not.toMatch(/;'\+34/);
    expect((await browser().get('backoffice/export?report=units')).status).toBe(401);
  });

  it('lists the outbox without its texts, and resends a message once however often pressed', async () => {
    const manager = await signedIn();
    const email = `mensajes.${Date.now()}@example.com`;
    await served.service.ctx.mailer.queue({ to: email, subject: 'Tu código', text: 'Código: 123456' });
    const listed = await manager.call('list_messages', { search: email });
    expect(listed.body.total).toBe(1);
    const [message] = listed.body.rows;
    expect(message).toMatchObject({ channel: 'email', recipient: email, subject: 'Tu código', attachments: 0 });
    expect(JSON.stringify(listed.body)).not.toContain('123456');
    const [one, two] = await Promise.all([
      manager.call('resend_message', { id: message?.id }),
      manager.call('resend_message', { id: message?.id }),
    ]);
    expect(one.body.message?.id).toBe(two.body.message?.id);
    expect(one.body.message).toMatchObject({ recipient: email, resentFrom: message?.id });
    const bodies = await served.service.sentTo(email);
    expect(bodies.map((m) => m.body)).toEqual(['Código: 123456', 'Código: 123456']);
    expect((await auditOf('resend_message')).filter((a) => a.target.includes(email))).toHaveLength(1);
    expect((await manager.call('list_messages', { search: email, state: 'failed' })).body.total).toBe(0);
  });

  it("shows managers the door's users and log, and staff nothing of it", async () => {
    const manager = await signedIn();
    const users = await manager.call('list_door_users');
    expect(users.body.users.map((u) => u.usuario)).toContain('admin');
    const log = await manager.call('list_door_audit', {});
    expect(log.status).toBe(200);
    expect(log.body.pageSize).toBe(20);
    const colleague = await newStaff(manager);
    const staff = await signedIn(colleague.email, colleague.password);
    expect((await staff.call('list_door_users')).status).toBe(403);
    expect((await staff.call('list_door_audit', {})).status).toBe(403);
    expect((await staff.call('list_messages', {})).status).toBe(200);
  });
});
