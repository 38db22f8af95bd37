import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { TEST_APPLICANT } from 'shared-api/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { accountSession, movedInTenant, resetAccounts } from '../../testing/account';
import { cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { servedOn } from '../../testing/service';
import { signUpToContract } from '../../testing/sign-up';
import { staffSession } from '../../testing/staff';
import { resetMoveIns } from '../../testing/units';

/** The tenant's own data: all of it to take away; erased when nothing is owed, but for what tax law keeps. */
describe.each(databaseEngines())('the account’s personal data on $name', (engine) => {
  const served = servedOn(engine);
  beforeEach(async () => {
    await resetMoveIns(served.db);
    await resetAccounts(served.db);
  });
  const moveIn = (applicant?: Record<string, string>) => movedInTenant(served, applicant);

  it('downloads everything kept about the tenant as JSON, only with a session', async () => {
    const { registrationCode } = await moveIn();
    expect((await fetch(served.service.url('account/data'))).status).toBe(401);
    const jar = cookieJar();
    const res = await (async () => {
      const call = async (action: string, payload: Record<string, unknown> = {}) =>
        jar.fetch(served.service.url('account'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ action, ...payload }),
        });
      await call('request_sign_in', { contact: 'ana@example.com' });
      const mail = (await served.service.sentTo('ana@example.com')).filter(
        (m) => m.subject === 'Tu enlace para entrar',
      );
      await call('verify_sign_in', { token: /acceso=([\w-]{43})/.exec(mail.at(-1)?.body ?? '')?.[1] });
      return jar.fetch(served.service.url('account/data'));
    })();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="mis-datos-\d{4}-\d{2}-\d{2}\.json"/);
    const data = (await res.json()) as {
      signedInWith: string;
      rentals: {
        registrationCode: string;
        client: Record<string, unknown>;
        units: string[];
        documents: { type: string }[];
        invoices: unknown[];
        payments: { purpose: string }[];
        doorLog: unknown[];
      }[];
    };
    expect(data.signedInWith).toBe('ana@example.com');
    expect(data.rentals).toHaveLength(1);
    const rental = data.rentals[0];
    expect(rental?.registrationCode).toBe(registrationCode);
    expect(rental?.client).toMatchObject({ fullName: 'Ana García', email: 'ana@example.com' });
    expect(rental?.units).toHaveLength(1);
    expect(rental?.documents.map((d) => d.type).sort()).toEqual(['backId', 'bankDocument', 'frontId']);
    expect(rental?.invoices).toHaveLength(1);
    expect(rental?.payments.map((p) => p.purpose)).toEqual(['deposit']);
    // The ID papers are listed, never sent.
    expect(JSON.stringify(data)).not.toMatch(/base64|file_path|filePath/);
  });

  it('erases a former tenant with a code, once nothing is owed either way; keeps the invoices as issued', async () => {
    const { registrationId, registrationCode } = await moveIn();
    const ana = await accountSession(served);
    const ask = () => ana('request_erasure', { language: 'es' });
    expect((await ask()).body.code).toBe('erasure_rental_active');

    const managerBrowser = cookieJar();
    const manager = await staffSession(served, undefined, managerBrowser);
    expect((await manager('end_rental', { registrationId, confirm: true })).status).toBe(200);
    await served.service.ctx.jobs.runDue();
    // The first month is still with the bank.
    expect((await ask()).body.code).toBe('erasure_owed');
    await served.db.query(sql`update rent_periods set status = 'cancelled' where registration_id = ${registrationId}`);
    await served.db.query(sql`insert into money_movements (id, registration_id, kind, amount_cents, reference, occurred_at)
       select gen_random_uuid(), ${registrationId}, 'office', total_cents, 'test', now() from invoices
       where registration_id = ${registrationId}`);
    // Settled, but the deposit is not back yet.
    expect((await ask()).body.code).toBe('erasure_refund_pending');
    expect(
      (await manager('return_deposit', { registrationId, keepCents: 0, inspected: true, confirm: true })).status,
    ).toBe(200);

    // (the sign-up helper writes the documents' rows; one file on disk stands for them)
    await served.service.ctx.documents.put(
      `${registrationId}/${registrationId}_frontId.png`,
      new Uint8Array([1, 2, 3]),
    );
    const folder = path.join(served.service.ctx.config.DOCUMENTS_DIR, registrationId);
    const asked = await ask();
    expect(asked.status).toBe(200);
    const code = /\b(\d{6})\b/.exec(
      (await served.service.sentTo('ana@example.com'))
        .filter((m) => m.subject === 'Confirma el borrado de tus datos')
        .at(-1)?.body ?? '',
    )?.[1];
    // A session alone erases nothing: a wrong code does nothing.
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await ana('confirm_erasure', { erasureId: asked.body.erasureId, code: wrong })).body.code).toBe(
      'erasure_code_invalid',
    );
    expect((await ana('me')).status).toBe(200);

    const erased = await ana('confirm_erasure', { erasureId: asked.body.erasureId, code });
    expect(erased.body).toEqual({ erased: [registrationCode] });
    // The ID files go after the rows are committed, by the queue.
    await served.service.ctx.jobs.runDue();
    expect(await readdir(folder).catch(() => [])).toEqual([]);
    const { rows } = await served.db.query<Record<string, unknown>>(sql`select full_name, document_number, email, phone,
       address, iban from registrations where id = ${registrationId}`);
    expect(rows[0]).toEqual({
      full_name: 'Datos borrados',
      document_number: '',
      email: `borrado-${registrationId}@invalid`,
      phone: '',
      address: '',
      iban: '',
    });
    const kept = await served.db.query<{ buyer: { name: string } }>(
      sql`select buyer from invoices where registration_id = ${registrationId}`,
    );
    expect(kept.rows[0]?.buyer.name).toBe('Ana García');
    // Nowhere else: the billing client, the signers, the mandate, the door's log, the messages, the log's names.
    const { rows: left } = await served.db.query<Record<string, number>>(sql`select
       (select count(*)::int from registration_documents where registration_id = ${registrationId}) as documents,
       (select count(*)::int from clients where registration_id = ${registrationId} and full_name <> 'Datos borrados') as clients,
       (select count(*)::int from signed_contracts s join contracts c on c.id = s.contract_id
         where c.registration_id = ${registrationId}) as signed_contracts,
       (select count(*)::int from contract_submitters s join contracts c on c.id = s.contract_id
         where c.registration_id = ${registrationId} and s.role = 'Cliente' and s.email <> '') as signers,
       (select count(*)::int from sepa_mandates where registration_id = ${registrationId} and debtor_iban <> 'XX00BORRADO') as mandates,
       (select count(*)::int from door_audit where lower(coalesce(usuario, '')) like 'ana@example.com%'
         or position('ana@example.com' in action || result) > 0) as door_lines,
       (select count(*)::int from outbox where recipient in ('ana@example.com', '+34600123456')
         and subject is distinct from 'Hemos borrado tus datos') as messages,
       (select count(*)::int from staff_audit where staff_email like '%ana@example.com%') as audit_names`);
    expect(left[0]).toEqual({
      documents: 0,
      clients: 0,
      signed_contracts: 0,
      signers: 0,
      mandates: 0,
      door_lines: 0,
      messages: 0,
      audit_names: 0,
    });
    // Staff still find the rental by its code, erased, with its money as it was.
    const page = await manager('get_registration', { registrationId });
    expect(page.status).toBe(200);
    expect(page.body.registration).toMatchObject({ fullName: 'Datos borrados', registrationCode });
    expect((await manager('get_ledger', { registrationId })).body).toMatchObject({ balanceCents: 0 });
    // Nor is its signed contract drawn again from what is left (a blank text, an erased signer).
    const office = await managerBrowser.fetch(
      served.service.url(`backoffice/signed-contract?registrationId=${registrationId}`),
    );
    expect(office.status).toBe(404);
    // The session is gone; the address is no tenant's any more; the tenant was told, last.
    expect((await ana('me')).status).toBe(401);
    const mails = await served.service.sentTo('ana@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['Hemos borrado tus datos']);
    expect(mails[0]?.body).toContain('las facturas emitidas');
  });

  it("hands neither person the other's data when two share a contact", async () => {
    await moveIn();
    const other = await signUpToContract(served, {
      applicant: { ...TEST_APPLICANT, fullName: 'Luis García', documentNumber: '87654321X' },
    });
    await other.sign('Cliente');
    await other.sign('Empresa');
    await served.service.ctx.jobs.runDue();
    const ana = await accountSession(served);
    expect((await ana('request_erasure', { language: 'es' })).body.code).toBe('shared_contact');
  });
});
