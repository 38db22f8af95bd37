import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { create as createTar, extract } from 'tar';
import { describe, expect, it } from 'vitest';
import { databaseEngines } from '../../testing/databases';
import { DOCUMENTS } from '../../testing/documents';
import { servedOn } from '../../testing/service';
import { sql } from '../db/sql';
import { createBackup } from './backup';
import { archiveName } from './manifest';
import { NIGHTLY_BACKUP_JOB, nextBackupAt, scheduleNightlyBackup } from './nightly';
import { type RestoreConfig, RestoreRefused, restoreBackup } from './restore';

const folder = (name: string) => mkdtempSync(path.join(tmpdir(), `${name}-`));
const HOUR = 3_600_000;

/** Empty places to restore into, with no pepper configured. */
const emptyTarget = (): RestoreConfig => ({
  DATABASE_URL: undefined,
  PGLITE_DATA_DIR: path.join(folder('restore'), 'pglite'),
  DOCUMENTS_DIR: path.join(folder('restore'), 'documents'),
  DOOR_PIN_PEPPER: undefined,
  DOOR_PIN_PEPPER_FILE: path.join(folder('restore'), 'pepper'),
  PG_BIN_DIR: undefined,
});
const untouched = (target: RestoreConfig) =>
  !existsSync(target.PGLITE_DATA_DIR) && !existsSync(target.DOCUMENTS_DIR) && !existsSync(target.DOOR_PIN_PEPPER_FILE);

/** What a restore refuses before writing anything, and the nightly backup with its retention (PGlite). */
describe.each(databaseEngines().filter((engine) => engine.name === 'pglite'))('backups on $name', (engine) => {
  const backupDir = folder('backups');
  const secrets = folder('secrets');
  const served = servedOn(engine, {
    NODE_ENV: 'test',
    DEV_OUTBOX: '1',
    DOOR_PIN_PEPPER: undefined,
    DOOR_PIN_PEPPER_FILE: path.join(secrets, 'door-pin-pepper'),
    BACKUP_DIR: backupDir,
    BACKUP_KEEP: '2',
    BACKUP_NIGHTLY: '1',
  } as NodeJS.ProcessEnv);
  const backUp = async () => {
    const { ctx } = served.service;
    await ctx.documents.put('0b7c6f3e-1111-4c5e-9a5b-3f0e6c1d2a4b/photo.png', DOCUMENTS.png);
    return createBackup(served.db, ctx.config, ctx.clock.now());
  };

  // Archives are written, unpacked and hashed many times: seconds each on a slow machine.
  it('refuses a damaged archive, a folder that is not empty and a pepper that is not the backup’s, writing nothing', {
    timeout: 120_000,
  }, async () => {
    const { archive } = await backUp();

    const damaged = path.join(folder('damaged'), 'damaged.tar');
    const bytes = readFileSync(archive);
    const at = bytes.indexOf(Buffer.from(DOCUMENTS.png));
    expect(at).toBeGreaterThan(0);
    bytes[at + 20] = (bytes[at + 20] ?? 0) ^ 0xff;
    writeFileSync(damaged, bytes);
    const target = emptyTarget();
    await expect(restoreBackup(target, { archive: damaged })).rejects.toThrow(
      new RestoreRefused('The document 0b7c6f3e-1111-4c5e-9a5b-3f0e6c1d2a4b/photo.png in the archive is damaged'),
    );
    expect(untouched(target)).toBe(true);

    const full = { ...emptyTarget(), DOCUMENTS_DIR: path.dirname(archive) };
    await expect(restoreBackup(full, { archive })).rejects.toThrow(/is not empty: restore into a new folder/);

    const otherPepper = { ...emptyTarget(), DOOR_PIN_PEPPER: 'another-pepper-0123456789abcdef0123456789' };
    await expect(restoreBackup(otherPepper, { archive })).rejects.toThrow(
      /is not the one this backup's PINs were made with/,
    );
    expect(untouched({ ...otherPepper, DOOR_PIN_PEPPER_FILE: '/nonexistent' })).toBe(true);

    const pepperFile = path.join(secrets, 'door-pin-pepper');
    const noPepper = emptyTarget();
    await expect(restoreBackup(noPepper, { archive })).rejects.toThrow(/--pepper <file>/);
    const wrongFile = path.join(folder('wrong'), 'pepper');
    writeFileSync(wrongFile, 'another-pepper-0123456789abcdef0123456789\n');
    await expect(restoreBackup(noPepper, { archive, pepperFile: wrongFile })).rejects.toThrow(
      /is not the door PIN pepper this backup's PINs were made with/,
    );
    expect(untouched(noPepper)).toBe(true);

    // An archive of a newer release (a migration this one does not have) is refused too.
    const newer = path.join(folder('newer'), 'newer.tar');
    const unpacked = folder('unpacked');
    await extract({ file: archive, cwd: unpacked });
    const manifest = JSON.parse(readFileSync(path.join(unpacked, 'backup.json'), 'utf8'));
    writeFileSync(
      path.join(unpacked, 'backup.json'),
      JSON.stringify({ ...manifest, schema: '9999_from_the_future.sql' }),
    );
    await createTar({ file: newer, cwd: unpacked, portable: true }, ['backup.json', 'database', 'documents']);
    await expect(restoreBackup(noPepper, { archive: newer, pepperFile })).rejects.toThrow(/comes from a newer release/);
    expect(untouched(noPepper)).toBe(true);

    const withoutPepper = emptyTarget();
    // The drill restores with the pepper; without it, on purpose, nothing of it is written.
    await expect(restoreBackup(withoutPepper, { archive, withoutPepper: true })).resolves.toMatchObject({
      pepper: 'missing',
      documents: 1,
    });
    expect(existsSync(withoutPepper.DOOR_PIN_PEPPER_FILE)).toBe(false);
  });

  it('backs up every night at BACKUP_AT on the service clock, keeping the newest BACKUP_KEEP archives', {
    timeout: 120_000,
  }, async () => {
    const { ctx } = served.service;
    const archives = () => readdirSync(backupDir).filter((name) => name.endsWith('.tar'));
    for (const name of archives()) rmSync(path.join(backupDir, name));
    await scheduleNightlyBackup(ctx);
    const first = nextBackupAt(ctx.clock.now(), '03:30');
    expect(await ctx.jobs.runDue()).toBe(0);

    const written: string[] = [];
    for (let night = 1; night <= 3; night++) {
      const at = new Date(first.getTime() + (night - 1) * 24 * HOUR + 60_000);
      ctx.adjustableClock?.advance(at.getTime() - ctx.clock.now().getTime());
      await ctx.jobs.runDue();
      // Each night's own archive, named by when it ran (to the minute); only the newest two are kept.
      written.push(archiveName(at).slice(0, 'trasteros-20261127T0331'.length));
      expect(archives().map((name) => name.slice(0, 'trasteros-20261127T0331'.length))).toEqual(written.slice(-2));
    }
    // The next night is waiting, one job for it.
    const { rows } = await served.db.query<{ n: number }>(
      sql`select count(*)::int as n from jobs where kind = ${NIGHTLY_BACKUP_JOB} and done_at is null`,
    );
    expect(rows[0]?.n).toBe(1);
  });
});

describe('nextBackupAt', () => {
  it('is today at the facility when still ahead, otherwise tomorrow, across a change of time', () => {
    expect(nextBackupAt(new Date('2026-11-27T01:00:00Z'), '03:30').toISOString()).toBe('2026-11-27T02:30:00.000Z');
    expect(nextBackupAt(new Date('2026-11-27T02:30:00Z'), '03:30').toISOString()).toBe('2026-11-28T02:30:00.000Z');
    // Summer time starts on 29 March 2026 at 02:00 (Madrid): 03:30 is then UTC+2.
    expect(nextBackupAt(new Date('2026-03-28T12:00:00Z'), '03:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });
});
