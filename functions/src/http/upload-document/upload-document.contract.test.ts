import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { INVALID_FORMAT, PDF_ACTIVE_CONTENT, PDF_ENCRYPTED } from '../../modules/sign-up';
import { sql } from '../../platform/db/sql';
import { TEST_APPLICANT } from '../../testing/applicant';
import { cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import {
  DOCUMENTS,
  documentBytes,
  HOSTILE_PDFS,
  PHOTO_MARKUP,
  pdfLibDocument,
  photoWithGpsAndMarkup,
  utf16,
  withAttachment,
  withOpeningScript,
} from '../../testing/documents';
import { servedOn, TEST_MANAGER } from '../../testing/service';

const { png: PNG, jpeg: JPEG, pdf: PDF } = DOCUMENTS;

const applicant = TEST_APPLICANT;

describe.each(databaseEngines())('upload-document on $name', (engine) => {
  const served = servedOn(engine);
  /** The applicant's browser: it holds the registration's session cookie. */
  const browser = cookieJar();
  let registrationId = '';
  beforeEach(async () => {
    browser.clear();
    await served.db.query(sql`delete from registrations`);
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
      sql`select document_type, content_type from registration_documents order by document_type`,
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
    const { rows } = await served.db.query(sql`select file_path from registration_documents`);
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
    await served.db.query(sql`update registrations set global_status = 'completed'`);
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

  it('refuses polyglots: a PDF that is also a page; an image keeps its pixels and nothing after them', async () => {
    const page = new TextEncoder().encode('%PDF-1.4\n<html><script>alert(1)</script></html>\n%%EOF\n');
    expect((await upload('bankDocument', page, 'bank.pdf')).status).toBe(415);
    const trailing = Uint8Array.from([...JPEG, ...new TextEncoder().encode('<!doctype html><p>hi')]);
    expect((await upload('frontId', trailing, 'front.jpg')).status).toBe(200);
    const kept = await readFile(path.join(stored(), `${registrationId}_frontId.jpg`));
    expect(kept.toString('latin1')).not.toContain('<!doctype');
  });

  /** The registration's documents as recorded, and the files in its folder. */
  const recorded = async () => ({
    rows: (
      await served.db.query<{ document_type: string; content_type: string; size_bytes: number }>(
        sql`select document_type, content_type, size_bytes from registration_documents order by document_type`,
      )
    ).rows.map((row) => ({ ...row, size_bytes: Number(row.size_bytes) })),
    files: (await readdir(stored()).catch(() => [] as string[])).sort(),
  });
  const refusedAs = (message: string) => ({ status: 415, body: { error: message, fields: { file: message } } });

  it('refuses a PDF that runs JavaScript when opened, and stores nothing of it', async () => {
    expect(await upload('bankDocument', HOSTILE_PDFS.openActionJavaScript(), 'bank.pdf')).toEqual(
      refusedAs(PDF_ACTIVE_CONTENT),
    );
    expect(await recorded()).toEqual({ rows: [], files: [] });
  });

  it('refuses a PDF whose JavaScript is inside a compressed object stream', async () => {
    const document = await pdfLibDocument(withOpeningScript);
    expect(Buffer.from(document).toString('latin1')).not.toContain('JavaScript');
    expect(await upload('bankDocument', document, 'bank.pdf')).toEqual(refusedAs(PDF_ACTIVE_CONTENT));
    expect(await upload('bankDocument', HOSTILE_PDFS.scriptInObjectStream(), 'bank.pdf')).toEqual(
      refusedAs(PDF_ACTIVE_CONTENT),
    );
  });

  it('refuses a PDF with an attached file, one that launches a program, and an encrypted one', async () => {
    expect(await upload('bankDocument', await pdfLibDocument(withAttachment), 'bank.pdf')).toEqual(
      refusedAs(PDF_ACTIVE_CONTENT),
    );
    expect(await upload('bankDocument', HOSTILE_PDFS.openActionLaunch(), 'bank.pdf')).toEqual(
      refusedAs(PDF_ACTIVE_CONTENT),
    );
    expect(await upload('bankDocument', HOSTILE_PDFS.encrypted(), 'bank.pdf')).toEqual(refusedAs(PDF_ENCRYPTED));
    expect(await upload('bankDocument', documentBytes('%PDF-1.4\n1 0 obj (\n%%EOF\n'), 'bank.pdf')).toEqual(
      refusedAs(INVALID_FORMAT),
    );
    expect(await recorded()).toEqual({ rows: [], files: [] });
  });

  it('stores a clean PDF exactly as sent', async () => {
    const document = await pdfLibDocument();
    expect((await upload('bankDocument', document, 'bank.pdf')).status).toBe(200);
    expect(await readFile(path.join(stored(), `${registrationId}_bankDocument.pdf`))).toEqual(Buffer.from(document));
    expect((await recorded()).rows).toEqual([
      { document_type: 'bankDocument', content_type: 'application/pdf', size_bytes: document.length },
    ]);
  });

  it('stores a photo encoded again: upright, without its EXIF (GPS) and without what follows the image', async () => {
    const photo = await photoWithGpsAndMarkup();
    expect(Buffer.from(photo).toString('latin1')).toContain(PHOTO_MARKUP);
    expect((await upload('frontId', photo, 'dni.jpg')).status).toBe(200);
    const kept = await readFile(path.join(stored(), `${registrationId}_frontId.jpg`));
    expect(kept.toString('latin1')).not.toContain('onerror');
    expect(kept.toString('latin1')).not.toContain('Exif');
    expect(kept.toString('latin1')).not.toContain('PhoneMaker');
    const meta = await sharp(kept).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 6, height: 8 });
    expect(meta.exif).toBeUndefined();
    // What is recorded is what is stored.
    expect((await recorded()).rows).toEqual([
      { document_type: 'frontId', content_type: 'image/jpeg', size_bytes: kept.length },
    ]);
  });

  it('refuses an image that cannot be decoded, whatever its signature says', async () => {
    expect(await upload('frontId', JPEG.slice(0, 120), 'front.jpg')).toEqual(refusedAs(INVALID_FORMAT));
    expect(await upload('frontId', PNG.slice(0, 33), 'front.png')).toEqual(refusedAs(INVALID_FORMAT));
  });

  it('refuses markup in UTF-16, alone or inside a PDF', async () => {
    const page = '<html><body><script>alert(1)</script></body></html>';
    for (const file of [
      utf16(page, 'le', true),
      utf16(page, 'be', false),
      utf16(`<svg onload=alert(1)>`, 'le', false),
    ]) {
      expect(await upload('frontId', file, 'front.pdf')).toEqual(refusedAs(INVALID_FORMAT));
    }
    const inside = documentBytes('%PDF-1.4\n(', utf16(page, 'le', false), ')\n%%EOF\n');
    expect(await upload('bankDocument', inside, 'bank.pdf')).toEqual(refusedAs(INVALID_FORMAT));
    expect(await recorded()).toEqual({ rows: [], files: [] });
  });

  describe('served to staff', () => {
    /** The document as a signed-in manager's browser loads it, for `sec-fetch-dest`. */
    const view = async (documentType: string, destination: string) => {
      const staff = cookieJar();
      const login = await staff.fetch(served.service.url('backoffice'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'login', email: TEST_MANAGER.email, password: TEST_MANAGER.password }),
      });
      expect(login.status).toBe(200);
      const url = `backoffice/document?registrationId=${registrationId}&documentType=${documentType}`;
      const res = await staff.fetch(served.service.url(url), { headers: { 'sec-fetch-dest': destination } });
      return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const code = async () =>
      (await served.db.query<{ registration_code: string }>(sql`select registration_code from registrations`)).rows[0]
        ?.registration_code;

    it('an image: sandboxed, its stored type, never sniffed', async () => {
      await upload('frontId', await photoWithGpsAndMarkup(), 'dni.png');
      const image = await view('frontId', 'image');
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      expect(image.headers.get('content-security-policy')).toMatch(/^sandbox;/);
      expect(image.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(image.headers.get('content-disposition')).toBe(`inline; filename="${await code()}-frontId.jpg"`);
      expect(image.bytes.toString('latin1')).not.toContain('onerror');
      // Opened as a page of its own: the same sandbox.
      const page = await view('frontId', 'document');
      expect(page.headers.get('content-security-policy')).toMatch(/^sandbox;/);
    });

    it('a PDF: inline in the back-office frame, a sandboxed download opened as a page', async () => {
      await upload('bankDocument', PDF, 'bank.pdf');
      const framed = await view('bankDocument', 'iframe');
      expect(framed.status).toBe(200);
      expect(framed.bytes).toEqual(Buffer.from(PDF));
      expect(framed.headers.get('content-type')).toBe('application/pdf');
      expect(framed.headers.get('x-content-type-options')).toBe('nosniff');
      expect(framed.headers.get('content-disposition')).toBe(`inline; filename="${await code()}-bankDocument.pdf"`);
      // Browsers' PDF viewers do not run sandboxed: the frame gets the file the upload vetted.
      expect(framed.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
      for (const destination of ['document', 'empty']) {
        const opened = await view('bankDocument', destination);
        expect(opened.headers.get('content-disposition')).toBe(
          `attachment; filename="${await code()}-bankDocument.pdf"`,
        );
        expect(opened.headers.get('content-security-policy')).toMatch(/^sandbox;/);
        expect(opened.headers.get('x-content-type-options')).toBe('nosniff');
      }
    });
  });
});
