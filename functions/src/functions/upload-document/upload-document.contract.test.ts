import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_APPLICANT } from '../../testing/applicant';
import { cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { DOCUMENTS } from '../../testing/documents';
import { servedOn } from '../../testing/service';

const { png: PNG, jpeg: JPEG, pdf: PDF } = DOCUMENTS;

const applicant = TEST_APPLICANT;

describe.each(databaseEngines())('upload-document on $name', (engine) => {
  const served = servedOn(engine);
  /** The applicant's browser: it holds the registration's session cookie. */
  const browser = cookieJar();
  let registrationId = '';
  beforeEach(async () => {
    browser.clear();
    await served.db.query('delete from registrations');
    const res = await browser.fetch(served.service.url('registration-handler'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'create_registration', ...applicant }),
    });
    registrationId = ((await res.json()) as { registrationId: string }).registrationId;
  });

  const upload = async (documentType: string, bytes: Uint8Array, name: string, id = registrationId) => {
    const form = new FormData();
    form.set('registrationId', id);
    form.set('documentType', documentType);
    form.set('file', new Blob([bytes]), name);
    const res = await browser.fetch(served.service.url('upload-document'), { method: 'POST', body: form });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const stored = () => path.join(served.service.ctx.config.DOCUMENTS_DIR, registrationId);

  it('stores each document privately under the registration and records it', async () => {
    expect(await upload('frontId', PNG, 'front.png')).toEqual({
      status: 200,
      body: { filePath: `${registrationId}/${registrationId}_frontId.png` },
    });
    await upload('backId', JPEG, 'back.jpeg');
    await upload('bankDocument', PDF, 'bank.pdf');
    expect((await readdir(stored())).sort()).toEqual([
      `${registrationId}_backId.jpg`,
      `${registrationId}_bankDocument.pdf`,
      `${registrationId}_frontId.png`,
    ]);
    expect(await readFile(path.join(stored(), `${registrationId}_bankDocument.pdf`))).toEqual(Buffer.from(PDF));
    const { rows } = await served.db.query<{ document_type: string; content_type: string }>(
      'select document_type, content_type from registration_documents order by document_type',
    );
    expect(rows).toEqual([
      { document_type: 'backId', content_type: 'image/jpeg' },
      { document_type: 'bankDocument', content_type: 'application/pdf' },
      { document_type: 'frontId', content_type: 'image/png' },
    ]);
  });

  it('judges the type by the bytes, not the name', async () => {
    const renamed = await upload('frontId', new TextEncoder().encode('MZ not an image'), 'photo.png');
    expect(renamed).toEqual({
      status: 415,
      body: {
        error: 'Invalid format: Please upload files in PDF, JPG, or PNG format.',
        fields: { file: 'Invalid format: Please upload files in PDF, JPG, or PNG format.' },
      },
    });
    expect((await upload('frontId', PNG, 'scan.pdf')).body).toEqual({
      filePath: `${registrationId}/${registrationId}_frontId.png`,
    });
  });

  it('replaces an earlier upload, even with another format', async () => {
    await upload('frontId', PNG, 'a.png');
    await upload('frontId', PDF, 'a.pdf');
    expect(await readdir(stored())).toEqual([`${registrationId}_frontId.pdf`]);
    const { rows } = await served.db.query('select file_path from registration_documents');
    expect(rows).toEqual([{ file_path: `${registrationId}/${registrationId}_frontId.pdf` }]);
  });

  it('refuses files over 10 MB, unknown registrations and bad document types', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF);
    expect((await upload('frontId', big, 'big.pdf')).status).toBe(413);
    // Another registration's id is refused without its session, whether it exists or not.
    expect((await upload('frontId', PNG, 'a.png', '00000000-0000-4000-8000-000000000000')).status).toBe(401);
    expect((await upload('passport', PNG, 'a.png')).status).toBe(400);
    const empty = await browser.fetch(served.service.url('upload-document'), { method: 'POST', body: new FormData() });
    expect(empty.status).toBe(400);
  });

  it('refuses uploads to a completed registration', async () => {
    await served.db.query(`update registrations set global_status = 'completed'`);
    expect((await upload('frontId', PNG, 'a.png')).status).toBe(409);
  });

  it('get-registration-global-status reads the status', async () => {
    const read = async (id: string) => {
      const res = await browser.fetch(served.service.url('get-registration-global-status'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ registrationId: id }),
      });
      return { status: res.status, body: await res.json() };
    };
    expect(await read(registrationId)).toEqual({ status: 200, body: { globalStatus: 'in_progress', moveIn: null } });
    expect((await read('nope')).status).toBe(401);
  });

  it('normalises the id once: an upper-case copy writes into the same folder, never a second one', async () => {
    expect((await upload('frontId', PNG, 'a.png', registrationId.toUpperCase())).body).toEqual({
      filePath: `${registrationId}/${registrationId}_frontId.png`,
    });
    const folders = await readdir(served.service.ctx.config.DOCUMENTS_DIR);
    expect(folders).toContain(registrationId);
    expect(folders).not.toContain(registrationId.toUpperCase());
  });

  it('refuses polyglots: a document that is also a page or a script', async () => {
    const page = new TextEncoder().encode('%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n');
    expect((await upload('bankDocument', page, 'bank.pdf')).status).toBe(415);
    const trailing = Uint8Array.from([...JPEG, ...new TextEncoder().encode('<!doctype html><p>hi')]);
    expect((await upload('frontId', trailing, 'front.jpg')).status).toBe(415);
  });
});
