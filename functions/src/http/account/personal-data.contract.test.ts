import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { accountSession } from '../../testing/account';
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
    await served.db.query(sql`delete from account_sessions`);
    await served.db.query(sql`delete from account_sign_ins`);
  });
  const moveIn = async () => {
    const signUp = await signUpToContract(served);
    await signUp.sign('Cliente');
    await signUp.sign('Empresa');
    await served.service.ctx.jobs.runDue();
    return signUp;
  };

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

  it('erases a former tenant once nothing is owed either way; keeps the invoices as issued', async () => {
    const { registrationId, registrationCode } = await moveIn();
    const ana = await accountSession(served);
    expect((await ana('request_erasure', { confirm: true })).body.code).toBe('erasure_rental_active');

    const manager = await staffSession(served);
    expect((await manager('end_rental', { registrationId, confirm: true })).status).toBe(200);
    await served.service.ctx.jobs.runDue();
    // The first month was invoiced and is still with the bank, and the deposit not yet back.
    const owed = (await ana('request_erasure', { confirm: true })).body.code;
    expect(['erasure_owed', 'erasure_refund_pending']).toContain(owed);
    await served.db.query(sql`update rent_periods set status = 'cancelled' where registration_id = ${registrationId}`);
    await served.db.query(sql`insert into money_movements (id, registration_id, kind, amount_cents, reference, occurred_at)
       select gen_random_uuid(), ${registrationId}, 'office', total_cents, 'test', now() from invoices
       where registration_id = ${registrationId}`);
    expect((await ana('request_erasure', { confirm: true })).body.code).toBe('erasure_refund_pending');
    expect(
      (await manager('return_deposit', { registrationId, keepCents: 0, inspected: true, confirm: true })).status,
    ).toBe(200);

    // (the sign-up helper writes the documents' rows; one file on disk stands for them)
    await served.service.ctx.documents.put(
      `${registrationId}/${registrationId}_frontId.png`,
      new Uint8Array([1, 2, 3]),
    );
    const folder = path.join(served.service.ctx.config.DOCUMENTS_DIR, registrationId);
    expect(await readdir(folder)).toHaveLength(1);
    const erased = await ana('request_erasure', { confirm: true });
    expect(erased.body).toEqual({ erased: [registrationCode] });
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
    const { rows: left } = await served.db.query<Record<string, number>>(sql`select
       (select count(*)::int from registration_documents where registration_id = ${registrationId}) as documents,
       (select count(*)::int from door_users where registration_id = ${registrationId}) as door_users,
       (select count(*)::int from signed_contracts s join contracts c on c.id = s.contract_id
         where c.registration_id = ${registrationId}) as signed_contracts`);
    expect(left[0]).toEqual({ documents: 0, door_users: 0, signed_contracts: 0 });
    // Staff still find the rental by its code, erased, with its money as it was.
    const page = await manager('get_registration', { registrationId });
    expect(page.status).toBe(200);
    expect(page.body.registration).toMatchObject({ fullName: 'Datos borrados', registrationCode });
    expect((await manager('get_ledger', { registrationId })).body).toMatchObject({ balanceCents: 0 });
    // The session is gone; the address is no tenant's any more; the tenant was told, last.
    expect((await ana('me')).status).toBe(401);
    const mails = await served.service.sentTo('ana@example.com');
    expect(mails.map((m) => m.subject)).toEqual(['Hemos borrado tus datos']);
    expect(mails[0]?.body).toContain('las facturas emitidas');
  });
});
