import { TEST_APPLICANT } from 'shared-api/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { accountSession, movedInTenant, resetAccounts } from '../../testing/account';
import { cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { servedOn } from '../../testing/service';
import { resetMoveIns } from '../../testing/units';

/** Renting another unit from the account: the sign-up starts with the data and documents on file. */
describe.each(databaseEngines())('renting again from the account on $name', (engine) => {
  const served = servedOn(engine);
  beforeEach(async () => {
    await resetMoveIns(served.db);
    await resetAccounts(served.db);
  });
  const moveIn = (applicant?: Record<string, string>) => movedInTenant(served, applicant);

  it('opens a sign-up with the client data, contacts verified and documents as reviewed, in this browser', async () => {
    const { registrationId } = await moveIn();
    // The files of the first sign-up (the helper writes only their rows).
    const { rows: documents } = await served.db.query<{ file_path: string }>(
      sql`select file_path from registration_documents where registration_id = ${registrationId}`,
    );
    for (const document of documents) {
      await served.service.ctx.documents.put(document.file_path, new Uint8Array([7, 7, 7]));
    }
    await served.db.query(sql`update registration_documents set review_status = 'approved', reviewed_by = 'gerencia'
       where registration_id = ${registrationId}`);
    const jar = cookieJar();
    const ana = await accountSession(served, 'ana@example.com', jar);
    const started = await ana('rent_again', { registrationId });
    expect(started.status).toBe(200);
    const newId = String(started.body.registrationId);
    expect(newId).not.toBe(registrationId);

    // This browser holds the new sign-up's session: the wizard takes it up as it is on the server.
    const handler = async (action: string, payload: Record<string, unknown>) => {
      const res = await jar.fetch(served.service.url('registration-handler'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action, ...payload }),
      });
      return (await res.json()) as Record<string, unknown>;
    };
    expect(await handler('check_registration_exists_by_id', { registrationId: newId })).toEqual({
      exists: true,
      completed: false,
      session: true,
    });
    const { registration, documents: copied } = (await handler('get_registration_with_documents', {
      registrationId: newId,
    })) as {
      registration: Record<string, unknown>;
      documents: { document_type: string; review_status: string; file_path: string }[];
    };
    expect(registration).toMatchObject({
      full_name: 'Ana García',
      email: 'ana@example.com',
      email_verified: true,
      phone_verified: true,
      global_status: 'in_progress',
      metadata: { completedSections: { clientData: true, verification: true, documents: true } },
    });
    expect(copied.map((d) => [d.document_type, d.review_status]).sort()).toEqual([
      ['backId', 'approved'],
      ['bankDocument', 'approved'],
      ['frontId', 'approved'],
    ]);
    // Its own copies: the first sign-up's files stay where they were.
    for (const document of copied) expect(document.file_path.startsWith(`${newId}/`)).toBe(true);
    expect(await served.service.ctx.documents.open(`${documents[0]?.file_path}`)).not.toBeNull();
    // Another browser has no session of it.
    const elsewhere = await fetch(served.service.url('registration-handler'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'check_registration_exists_by_id', registrationId: newId }),
    });
    expect(await elsewhere.json()).toMatchObject({ exists: true, session: false });
  });

  it('only from the tenant’s own rental, and not while something is overdue', async () => {
    const { registrationId } = await moveIn();
    const luis = await moveIn({
      ...TEST_APPLICANT,
      email: 'luis@example.com',
      phone: '+34 611 222 333',
      documentNumber: '87654321X',
    });
    const ana = await accountSession(served);
    expect((await ana('rent_again', { registrationId: luis.registrationId })).status).toBe(404);
    await served.db.query(sql`update rent_periods set status = 'returned', overdue_since = now(), returned_at = now()
       where registration_id = ${registrationId}`);
    expect((await ana('rent_again', { registrationId })).body.code).toBe('rent_again_overdue');
  });
});
