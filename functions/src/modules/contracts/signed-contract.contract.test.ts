import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { TEST_APPLICANT } from '../../testing/applicant';
import { cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { pdfText } from '../../testing/pdf';
import { servedOn, TEST_MANAGER } from '../../testing/service';
import { companySignsByHand, signUpToContract } from '../../testing/sign-up';
import { resetMoveIns } from '../../testing/units';
import { documentSha256 } from './signed-pdf';

/** The signed contract e-mailed to both parties as a real PDF, on each engine. */
describe.each(databaseEngines())('signed contract on $name', (engine) => {
  const served = servedOn(engine);
  beforeEach(() => resetMoveIns(served.db));

  const outbox = async (recipient: string) => {
    const res = await fetch(served.service.url(`outbox?recipient=${encodeURIComponent(recipient)}`));
    return (
      (await res.json()) as {
        messages: { subject?: string; body: string; attachments?: { id: string; filename: string; size: number }[] }[];
      }
    ).messages;
  };
  const download = async (id: string) => {
    const res = await fetch(served.service.url(`outbox-attachment?id=${id}`));
    expect(res.headers.get('content-type')).toBe('application/pdf');
    return new Uint8Array(await res.arrayBuffer());
  };

  it('both signatures e-mail the PDF of the contract, mandate and signature certificate to tenant and business', async () => {
    await companySignsByHand(served);
    const signUp = await signUpToContract(served, { applicant: { ...TEST_APPLICANT, fullName: 'Ana García López' } });
    await signUp.sign('Cliente', 'Ana García López');
    expect((await outbox('ana@example.com')).some((m) => m.attachments)).toBe(false);
    await signUp.sign('Empresa', 'Marta Ruiz (gerente)');
    // The PDF and its e-mails follow the last signer's answer, as a job.
    expect((await outbox('ana@example.com')).some((m) => m.attachments)).toBe(false);
    await served.service.ctx.jobs.runDue();

    const [tenantMail] = (await outbox('ana@example.com')).filter((m) => m.subject?.startsWith('Tu contrato firmado'));
    expect(tenantMail?.subject).toContain(signUp.registrationCode);
    expect(tenantMail?.body).toMatch(/Tu trastero: B-\d{3}\./);
    expect(tenantMail?.attachments).toEqual([
      expect.objectContaining({ filename: `contrato-${signUp.registrationCode}.pdf` }),
    ]);
    const [businessMail] = (await outbox('reservas@trasteros-demo.example')).filter((m) =>
      m.subject?.startsWith('Contrato firmado'),
    );
    expect(businessMail?.attachments).toHaveLength(1);

    const pdf = await download(tenantMail?.attachments?.[0]?.id ?? '');
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const { text, pages } = pdfText(pdf);
    expect(pages).toBeGreaterThanOrEqual(2);
    const { rows } = await served.db.query<{ document: string; reference: string }>(
      sql`select c.document, m.reference from contracts c join sepa_mandates m on m.contract_id = c.id`,
    );
    const flat = text.replace(/\s+/g, ' ');
    // The units let, by number, in the signed text.
    expect(flat).toMatch(/trastero\(s\) B-\d{3}/);
    for (const expected of [
      'CONTRATO DE ALQUILER DE TRASTERO',
      'ORDEN DE DOMICILIACIÓN DE ADEUDO DIRECTO SEPA',
      rows[0]?.reference ?? '-',
      'CERTIFICADO DE FIRMAS',
      'Ana García López',
      'Marta Ruiz (gerente)',
      'ana@example.com',
      'reservas@trasteros-demo.example',
      '127.0.0.1',
      documentSha256(rows[0]?.document ?? ''),
      signUp.registrationCode,
    ]) {
      expect(flat).toContain(expected);
    }
    // The business gets the same document, and it is kept with the contract.
    expect(await download(businessMail?.attachments?.[0]?.id ?? '')).toEqual(pdf);
    const kept = await served.db.query<{ pdf: Uint8Array }>(sql`select pdf from signed_contracts`);
    expect(new Uint8Array(kept.rows[0]?.pdf ?? [])).toEqual(pdf);
  });

  it('the tenant downloads it from their own browser, and staff from the back-office (audited); nobody else', async () => {
    const browser = cookieJar();
    const signUp = await signUpToContract(served, { browser });
    const url = `signed-contract?registrationId=${signUp.registrationId}`;
    expect((await browser.fetch(served.service.url(url))).status).toBe(404);
    await signUp.sign('Cliente');
    await signUp.sign('Empresa');
    const mine = await browser.fetch(served.service.url(url));
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(mine.headers.get('content-disposition')).toBe(
      `attachment; filename="contrato-${signUp.registrationCode}.pdf"`,
    );
    expect(mine.headers.get('cache-control')).toBe('no-store');
    const pdf = new Uint8Array(await mine.arrayBuffer());
    expect(pdfText(pdf).text).toContain('CONTRATO DE ALQUILER DE TRASTERO');
    // Someone else's browser (the id alone is not enough), and a malformed id.
    expect((await fetch(served.service.url(url))).status).toBe(401);
    expect((await browser.fetch(served.service.url('signed-contract?registrationId='))).status).toBe(400);

    const staff = cookieJar();
    const login = await staff.fetch(served.service.url('backoffice'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'login', ...TEST_MANAGER }),
    });
    expect(login.status).toBe(200);
    const office = await staff.fetch(
      served.service.url(`backoffice/signed-contract?registrationId=${signUp.registrationId}`),
    );
    expect(office.status).toBe(200);
    expect(new Uint8Array(await office.arrayBuffer())).toEqual(pdf);
    const { rows } = await served.db.query<{ target: string }>(
      sql`select target from staff_audit where action = 'download_contract'`,
    );
    expect(rows.at(-1)).toEqual({ target: `registration:${signUp.registrationCode}` });
    expect(
      (await fetch(served.service.url(`backoffice/signed-contract?registrationId=${signUp.registrationId}`))).status,
    ).toBe(401);
  });

  it('no PDF while a signature is missing or after a decline', async () => {
    await companySignsByHand(served);
    const signUp = await signUpToContract(served);
    await signUp.sign('Cliente');
    await signUp.decline('Empresa');
    expect((await served.db.query(sql`select 1 from signed_contracts`)).rows).toEqual([]);
    expect((await served.db.query(sql`select 1 from outbox_attachments`)).rows).toEqual([]);
  });

  it('an unknown attachment is a 404 and a malformed id a 400', async () => {
    expect((await fetch(served.service.url('outbox-attachment?id=999999'))).status).toBe(404);
    expect((await fetch(served.service.url('outbox-attachment?id=1;drop'))).status).toBe(400);
  });
});
