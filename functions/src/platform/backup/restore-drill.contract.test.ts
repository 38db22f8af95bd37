import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { extract } from 'tar';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { TEST_APPLICANT } from '../../testing/applicant';
import { databaseEngines } from '../../testing/databases';
import { DOCUMENTS } from '../../testing/documents';
import { serveFunctions, TEST_ADMIN, TEST_MANAGER } from '../../testing/service';
import { signUpToContract } from '../../testing/sign-up';
import { staffSession } from '../../testing/staff';
import type { Database } from '../db';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import { openPostgres } from '../db/postgres';
import { sql } from '../db/sql';
import { checkValue } from '../security/pepper';
import { createBackup, documentPaths, sha256Of } from './backup';
import { restoreBackup } from './restore';

interface Reply {
  success?: boolean;
  valid?: boolean;
  token?: string;
}

const folder = (name: string) => mkdtempSync(path.join(tmpdir(), `${name}-`));

/**
 * Everything an archive holds, as bytes a search can read: its files, PGlite's copy ungzipped and
 * untarred, pg_dump's as the SQL pg_restore writes from it.
 */
async function unpackedText(archive: string): Promise<Buffer> {
  const dir = folder('unpacked');
  await extract({ file: archive, cwd: dir });
  const parts: Buffer[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (file.endsWith('.tar.gz')) parts.push(gunzipSync(readFileSync(file)));
    else if (file.endsWith('.dump')) parts.push(execFileSync('pg_restore', ['--file=-', file]));
    else parts.push(readFileSync(file));
  }
  rmSync(dir, { recursive: true, force: true });
  return Buffer.concat(parts);
}

/** Every row of every table, as text, table by table: what "every row restored" compares. */
async function everyRow(db: Database): Promise<Map<string, Set<string>>> {
  const { rows: tables } = await db.query<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const all = new Map<string, Set<string>>();
  for (const { name } of tables) {
    // The name comes from the catalogue, not from input; quoted as an identifier.
    const { rows } = await db.query<{ row: string }>({ text: `select t::text as row from "${name}" t`, values: [] });
    all.set(name, new Set(rows.map((r) => r.row)));
  }
  return all;
}

const hashes = async (root: string) =>
  Object.fromEntries(
    await Promise.all((await documentPaths(root)).map(async (p) => [p, await sha256Of(path.join(root, p))])),
  );

/**
 * The restore drill: a suite with tenants (contracts, invoices, door PINs) and their documents is
 * backed up while sign-ups keep arriving, restored into empty places, and a service started on
 * the copy finds every row committed before the backup, every document byte for byte, and opens
 * the door with the PINs the tenants were sent.
 */
describe.each(databaseEngines())('the restore drill on $name', (engine) => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('backs up under load and restores every row, every document and every door PIN', {
    timeout: 120_000,
  }, async () => {
    const db = await engine.openMigrated();
    cleanup.push(() => db.close());
    const backupDir = folder('backups');
    const env = {
      NODE_ENV: 'test',
      DEV_OUTBOX: '1',
      DOOR_PIN_PEPPER: undefined,
      DOOR_PIN_PEPPER_FILE: path.join(folder('secrets'), 'door-pin-pepper'),
      BACKUP_DIR: backupDir,
    } as NodeJS.ProcessEnv;
    const service = await serveFunctions(db, env);
    cleanup.push(() => service.close());
    const served = { db, service };
    const documentsDir = service.ctx.config.DOCUMENTS_DIR;

    // Two tenants moved in: contracts signed, first invoices issued, a PIN each by SMS.
    const tenants = [
      { ...TEST_APPLICANT, email: 'ana@example.com', phone: '+34600123456' },
      { ...TEST_APPLICANT, email: 'luis@example.com', phone: '+34600654321', documentNumber: '87654321X' },
    ];
    const credentials: { pin: string; magic: string }[] = [];
    for (const applicant of tenants) {
      const signUp = await signUpToContract(served, { applicant });
      // The helper records the documents as rows: their files, with real bytes, go where the rows say.
      const { rows } = await db.query<{ file_path: string }>(
        sql`select file_path from registration_documents where registration_id = ${signUp.registrationId}`,
      );
      for (const [i, row] of rows.entries()) {
        await service.ctx.documents.put(row.file_path, i % 2 ? DOCUMENTS.png : DOCUMENTS.pdf);
      }
      await signUp.sign('Cliente');
      await signUp.sign('Empresa');
      await service.ctx.jobs.runDue();
      const sms = (await service.sentTo(applicant.phone)).find((m) => m.channel === 'sms' && m.body.includes('PIN'));
      const mail = (await service.sentTo(applicant.email)).find((m) => m.subject?.startsWith('Tu acceso a la puerta'));
      credentials.push({
        pin: /PIN[^:]*: (\d{4})\./.exec(sms?.body ?? '')?.[1] ?? '',
        magic: /abridor-login\?token=([\w-]+)/.exec(mail?.body ?? '')?.[1] ?? '',
      });
    }
    expect(credentials.every((c) => /^\d{4}$/.test(c.pin) && c.magic)).toBe(true);
    const { rows: invoices } = await db.query<{ n: number }>(sql`select count(*)::int as n from invoices`);
    expect(invoices[0]?.n).toBe(2);

    const before = await everyRow(db);
    const documentsBefore = await hashes(documentsDir);
    expect(Object.keys(documentsBefore)).toHaveLength(6);

    // Sign-ups keep arriving while the copy is taken.
    let loading = true;
    let arrived = 0;
    const load = async (worker: number) => {
      while (loading) {
        const answer = await service.post('registration-handler', {
          action: 'create_registration',
          ...TEST_APPLICANT,
          email: `carga-${worker}-${arrived}-${randomUUID().slice(0, 8)}@example.com`,
        });
        expect(answer.status).toBe(200);
        arrived++;
      }
    };
    const workers = [0, 1].map(load);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const backup = await createBackup(db, service.ctx.config, service.ctx.clock.now());
    loading = false;
    await Promise.all(workers);
    expect(arrived).toBeGreaterThan(0);
    expect(backup.documents).toBe(6);
    // The pepper is never inside the archive, not even in the database's copy once unpacked.
    const pepperFile = env.DOOR_PIN_PEPPER_FILE as string;
    expect(backup.pepper).toBe(pepperFile);
    const unpacked = await unpackedText(backup.archive);
    const pepper = readFileSync(pepperFile, 'utf8').trim();
    expect(unpacked.includes(pepper)).toBe(false);
    // The search does see into the database's copy: the pepper's check value is there.
    expect(unpacked.includes(checkValue(pepper))).toBe(true);

    // Restored elsewhere: an empty folder or database, empty documents, no pepper yet.
    const target = {
      DOCUMENTS_DIR: path.join(folder('restored'), 'documents'),
      DOOR_PIN_PEPPER_FILE: path.join(folder('restored-secrets'), 'door-pin-pepper'),
      DOOR_PIN_PEPPER: undefined,
      PG_BIN_DIR: undefined,
      PGLITE_DATA_DIR: path.join(folder('restored'), 'pglite'),
      DATABASE_URL: undefined as string | undefined,
    };
    if (engine.name === 'postgres') {
      const url = inject('postgresUrl') as string;
      const admin = await openPostgres(url);
      const name = `restored_${randomUUID().replace(/-/g, '')}`;
      await admin.exec(`create database ${name}`);
      await admin.close();
      target.DATABASE_URL = url.replace(/\/postgres$/, `/${name}`);
    }
    // Without the operator's copy of the pepper the restore refuses, writing nothing.
    await expect(restoreBackup(target, { archive: backup.archive })).rejects.toThrow(/--pepper <file>/);
    const restored = await restoreBackup(target, { archive: backup.archive, pepperFile });
    expect(restored).toMatchObject({ engine: engine.name, documents: 6, pepper: target.DOOR_PIN_PEPPER_FILE });

    const copy = target.DATABASE_URL
      ? await openPostgres(target.DATABASE_URL)
      : await openPglite(target.PGLITE_DATA_DIR);
    cleanup.push(() => copy.close());
    expect(await migrate(copy)).toEqual([]);
    const after = await everyRow(copy);
    for (const [table, rows] of before) {
      const missing = [...rows].filter((row) => !after.get(table)?.has(row));
      expect({ table, missing }).toEqual({ table, missing: [] });
    }
    expect(await hashes(target.DOCUMENTS_DIR)).toEqual(documentsBefore);

    // A service on the copy: the tenants' PINs open the door, staff sign in.
    const again = await serveFunctions(copy, {
      ...env,
      DOCUMENTS_DIR: target.DOCUMENTS_DIR,
      DOOR_PIN_PEPPER_FILE: target.DOOR_PIN_PEPPER_FILE,
    });
    cleanup.push(() => again.close());
    for (const { pin, magic } of credentials) {
      const signedIn = await again.post<Reply>('abridor', { action: 'validate_token', token: magic });
      expect(signedIn.body.valid).toBe(true);
      const opened = await again.post<Reply>('abridor', {
        action: 'door_action',
        token: signedIn.body.token,
        pin,
        door_action: 'ENTRADA',
      });
      expect(opened.body.success).toBe(true);
    }
    const admin = await again.post<Reply>('abridor', {
      action: 'login',
      usuario: TEST_ADMIN.usuario,
      contraseña: TEST_ADMIN.contraseña,
    });
    expect(admin.body.token).toBeTruthy();
    const staff = await staffSession({ service: again }, TEST_MANAGER);
    expect((await staff('list_units')).status).toBe(200);

    for (const dir of [backupDir, target.DOCUMENTS_DIR])
      cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  });
});
