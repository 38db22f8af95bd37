import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { TEST_APPLICANT } from '../../testing/applicant';
import { cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { servedOn } from '../../testing/service';

/**
 * A real small disk for the documents (a 256 KB tmpfs), filled up and then made read-only: the
 * faults a documents disk has. Mounting takes root (as CI runs here); elsewhere the test says why
 * it is skipped.
 */
function smallDisk(): { dir: string; run(...options: string[]): void; unmount(): void } | { skipped: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k,mode=0700', 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return {
      skipped: `cannot mount a small disk here: ${String((error as { stderr?: Buffer }).stderr ?? error).trim()}`,
    };
  }
  return {
    dir,
    run: (...options) => execFileSync('mount', ['-o', `remount,${options.join(',')}`, dir], { stdio: 'pipe' }),
    unmount() {
      execFileSync('umount', [dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const disk = smallDisk();
const documentsDir = 'dir' in disk ? disk.dir : mkdtempSync(path.join(tmpdir(), 'documents-'));

describe.each(databaseEngines().filter((engine) => engine.name === 'pglite'))(
  'a documents disk that fails, on $name',
  (engine) => {
    const served = servedOn(engine, { NODE_ENV: 'test', DEV_OUTBOX: '1', DOCUMENTS_DIR: documentsDir });
    const browser = cookieJar();
    let registrationId = '';
    /** A photo of random pixels: about 50 KB however it is encoded again. */
    let photo: Buffer;
    beforeAll(async () => {
      photo = await sharp(randomBytes(128 * 128 * 3), { raw: { width: 128, height: 128, channels: 3 } })
        .png()
        .toBuffer();
      const res = await browser.fetch(served.service.url('registration-handler'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'create_registration', ...TEST_APPLICANT }),
      });
      registrationId = ((await res.json()) as { registrationId: string }).registrationId;
    });
    afterAll(() => {
      if ('unmount' in disk) disk.unmount();
    });

    const upload = async (documentType: string) => {
      const form = new FormData();
      form.set('registrationId', registrationId);
      form.set('documentType', documentType);
      form.set('file', new Blob([photo]), 'photo.png');
      const res = await browser.fetch(served.service.url('upload-document'), { method: 'POST', body: form });
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
    };
    const recorded = async () =>
      (
        await served.db.query<{ document_type: string }>(
          sql`select document_type from registration_documents where registration_id = ${registrationId} order by 1`,
        )
      ).rows.map((row) => row.document_type);
    const files = () => readdirSync(documentsDir, { recursive: true }).map(String).sort();
    const health = async () =>
      (await (await fetch(`${served.service.base}/healthz`)).json()) as { status: string; problems: string[] };

    it('answers a clear 503 when the disk is full or read-only, keeps nothing half-written, and takes the file once it can', async (context) => {
      if ('skipped' in disk) return context.skip(disk.skipped);
      const refused = {
        status: 503,
        retryAfter: '60',
        body: { error: 'Documents cannot be stored right now: try again later' },
      };

      // Full: room for part of the photo only, so the write starts and fails half-way.
      writeFileSync(path.join(documentsDir, 'filler'), Buffer.alloc(256 * 1024 - 24 * 1024));
      expect(await upload('frontId')).toEqual(refused);
      expect(await recorded()).toEqual([]);
      expect(files()).toEqual(['filler', registrationId].sort());

      // Read-only (a disk remounted after errors): the same answer, and the health check says so.
      rmSync(path.join(documentsDir, 'filler'));
      disk.run('ro');
      expect(await upload('frontId')).toEqual(refused);
      expect(await recorded()).toEqual([]);
      expect(await health()).toMatchObject({
        status: 'degraded',
        problems: ['the documents folder cannot be written: uploads are refused'],
      });

      // Mended: the same upload is stored and recorded.
      disk.run('rw');
      expect((await upload('frontId')).status).toBe(200);
      expect(await recorded()).toEqual(['frontId']);
      expect(files()).toEqual([registrationId, `${registrationId}/${registrationId}_frontId.png`]);
      expect((await health()).status).toBe('ok');
    });
  },
);
