import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { accountSession, movedInTenant, resetAccounts } from '../../testing/account';
import { cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { DOCUMENTS } from '../../testing/documents';
import { servedOn } from '../../testing/service';
import { staffSession } from '../../testing/staff';
import { resetMoveIns } from '../../testing/units';

type Overview = { tenancies: { documents: { documentType: string; status: string; reason: string | null }[] }[] };

/**
 * Moved in on the company's automatic signature, before staff reviewed the documents: one rejected
 * then shuts the door until the tenant's new one, uploaded from their account, is accepted.
 */
describe.each(databaseEngines())('documents reviewed after the move-in on $name', (engine) => {
  const served = servedOn(engine);
  beforeEach(async () => {
    await resetMoveIns(served.db);
    await resetAccounts(served.db);
  });
  const manager = () => staffSession(served);
  const suspension = async (registrationId: string) =>
    (
      await served.db.query<{ by: string | null }>(
        sql`select access_suspended_by as by from registrations where id = ${registrationId}`,
      )
    ).rows[0]?.by ?? null;
  const mailed = async (subject: RegExp) =>
    (await served.service.sentTo('ana@example.com')).filter((m) => subject.test(m.subject ?? ''));

  it('a rejected ID shuts the door; the new one from the account, once approved, opens it again', async () => {
    const { registrationId } = await movedInTenant(served);
    const office = await manager();
    const jar = cookieJar();
    const ana = await accountSession(served, 'ana@example.com', jar);
    /** A multipart upload from her account's browser (its session cookie). */
    const upload = async (documentType: string) => {
      const form = new FormData();
      form.set('registrationId', registrationId);
      form.set('documentType', documentType);
      form.set('file', new Blob([DOCUMENTS.pdf], { type: 'application/pdf' }), 'dni.pdf');
      const res = await jar.fetch(served.service.url('account/document'), { method: 'POST', body: form });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };

    expect(
      (
        await office('review_document', {
          registrationId,
          documentType: 'frontId',
          decision: 'reject',
          reason: 'Caducado',
        })
      ).status,
    ).toBe(200);
    expect(await suspension(registrationId)).toBe('documents');
    const told = await mailed(/^Acceso al trastero suspendido: falta un documento$/);
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain('Caducado');
    expect(told[0]?.body).toMatch(/\/es\/mi-cuenta/);
    expect(((await ana('overview')).body as Overview).tenancies[0]?.documents).toEqual([
      { documentType: 'frontId', status: 'rejected', reason: 'Caducado' },
    ]);

    // Only the one asked for again; nothing else of a signed sign-up can be replaced.
    expect(await upload('backId')).toMatchObject({ status: 409, body: { code: 'document_not_requested' } });
    expect(await upload('frontId')).toEqual({ status: 200, body: { success: true } });
    expect(((await ana('overview')).body as Overview).tenancies[0]?.documents).toEqual([
      { documentType: 'frontId', status: 'pending', reason: 'Caducado' },
    ]);
    // Still shut until staff accept it.
    expect(await suspension(registrationId)).toBe('documents');
    await office('review_document', { registrationId, documentType: 'frontId', decision: 'approve' });
    expect(await suspension(registrationId)).toBeNull();
    expect(await mailed(/^Acceso al trastero restablecido$/)).toHaveLength(1);
    expect(((await ana('overview')).body as Overview).tenancies[0]?.documents).toEqual([]);
  });

  it('a door shut for unpaid rent stays shut when a document is approved; nobody else uploads', async () => {
    const { registrationId } = await movedInTenant(served);
    const office = await manager();
    await served.db.query(sql`update registrations set access_suspended_at = now(), access_suspended_by = 'staff',
       access_suspension_reason = 'Llaves' where id = ${registrationId}`);
    await office('review_document', {
      registrationId,
      documentType: 'bankDocument',
      decision: 'reject',
      reason: 'Ilegible',
    });
    // Told all the same, the office's own suspension kept.
    expect(await mailed(/^Sube de nuevo un documento$/)).toHaveLength(1);
    expect(await suspension(registrationId)).toBe('staff');
    await office('review_document', { registrationId, documentType: 'bankDocument', decision: 'approve' });
    expect(await suspension(registrationId)).toBe('staff');
    // Without a session, no upload at all.
    const form = new FormData();
    form.set('registrationId', registrationId);
    form.set('documentType', 'bankDocument');
    form.set('file', new Blob([DOCUMENTS.pdf], { type: 'application/pdf' }), 'x.pdf');
    expect((await fetch(served.service.url('account/document'), { method: 'POST', body: form })).status).toBe(401);
  });
});
