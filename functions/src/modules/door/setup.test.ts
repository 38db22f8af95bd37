import { scryptSync } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Database } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { pinPepper } from '../../platform/security/pepper';
import { verifyPassword, verifyPin } from '../../platform/security/secrets';
import { databaseEngines } from '../../testing/databases';
import { claimLoginAttempt } from './login-throttle';
import { ADMIN_USUARIO, ensureDoorAdmin } from './setup';

const log = pino({ level: 'silent' });
const PIN_OF_ANA = '4321';

describe.each(databaseEngines())('door start-up on $name', (engine) => {
  let db: Database;
  let dir: string;
  beforeAll(async () => {
    db = await engine.openMigrated();
  });
  afterAll(async () => {
    await db.close();
  });
  // Each start-up story on an empty door tool (a new database each would be slow on PGlite).
  beforeEach(async () => {
    await db.query(sql`truncate door_users, door_settings, door_login_throttle, door_audit cascade`);
    dir = mkdtempSync(path.join(tmpdir(), 'door-pepper-'));
  });

  /** A configuration as a start would read it; the pepper file in this test's own folder. */
  const config = (env: Record<string, string> = {}) =>
    loadConfig({
      NODE_ENV: 'test',
      DOOR_HASH_COST_LOG2: '10',
      DOOR_ADMIN_PASSWORD: 'admin-pass-123',
      DOOR_ADMIN_PIN: '9999',
      DOOR_PIN_PEPPER_FILE: path.join(dir, 'secrets', 'door-pin-pepper'),
      ...env,
    });
  const pinHashOf = async (usuario: string) =>
    (await db.query<{ pin_hash: string }>(sql`select pin_hash from door_users where usuario = ${usuario}`)).rows[0]
      ?.pin_hash ?? '';
  const settings = async () =>
    (await db.query<{ key: string }>(sql`select key from door_settings order by key`)).rows.map((r) => r.key);
  const addAna = (pinHash: string) =>
    db.query(
      sql`insert into door_users (id, usuario, password_hash, pin_hash) values (gen_random_uuid(), 'ana', 'x:00', ${pinHash})`,
    );

  it('without DOOR_PIN_PEPPER, makes a private pepper file once and keeps using it', async () => {
    const first = config();
    await ensureDoorAdmin(db, first, log);
    const file = first.DOOR_PIN_PEPPER_FILE;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const pepper = readFileSync(file, 'utf8').trim();
    expect(pepper).toMatch(/^[0-9a-f]{64}$/);
    expect(await pinPepper(first)).toBe(pepper);
    expect(await verifyPin('9999', await pinHashOf(ADMIN_USUARIO), pepper)).toBe(true);
    expect(await settings()).toEqual(['pin_pepper_check']);

    const second = config();
    await ensureDoorAdmin(db, second, log);
    expect(await pinPepper(second)).toBe(pepper);
  });

  it('takes DOOR_PIN_PEPPER first and writes no file', async () => {
    const env = config({ DOOR_PIN_PEPPER: 'p'.repeat(40) });
    await ensureDoorAdmin(db, env, log);
    expect(await pinPepper(env)).toBe('p'.repeat(40));
    expect(() => statSync(env.DOOR_PIN_PEPPER_FILE)).toThrow();
    expect(() => config({ DOOR_PIN_PEPPER: 'too short' })).toThrow();
  });

  it('moves the pepper an older version kept in the database out of it, so its PINs keep working', async () => {
    const legacy = 'ab'.repeat(32);
    await db.query(sql`insert into door_settings (key, value) values ('pin_pepper', ${legacy})`);
    const legacyHash = scryptSync(PIN_OF_ANA, `pin:${legacy}`, 32).toString('hex');
    await addAna(legacyHash);

    // An explicit pepper that differs is refused, and says how to keep the old one.
    await expect(ensureDoorAdmin(db, config({ DOOR_PIN_PEPPER: 'n'.repeat(40) }), log)).rejects.toThrow(
      /not the one this database's PINs were hashed with.*start without DOOR_PIN_PEPPER/,
    );
    expect(await settings()).toEqual(['pin_pepper']);

    const env = config();
    await ensureDoorAdmin(db, env, log);
    expect(readFileSync(env.DOOR_PIN_PEPPER_FILE, 'utf8').trim()).toBe(legacy);
    expect(await settings()).toEqual(['pin_pepper_check']);
    expect(await verifyPin(PIN_OF_ANA, await pinHashOf('ana'), await pinPepper(env))).toBe(true);
  });

  it('refuses a changed pepper, and rotates on purpose only: every PIN voided, the admin given one again', async () => {
    await ensureDoorAdmin(db, config({ DOOR_PIN_PEPPER: 'a'.repeat(40) }), log);
    await addAna(await pinHashOf(ADMIN_USUARIO));
    const changed = { DOOR_PIN_PEPPER: 'b'.repeat(40), DOOR_ADMIN_PIN: '1111' };
    await expect(ensureDoorAdmin(db, config(changed), log)).rejects.toThrow(/DOOR_PIN_PEPPER_ROTATE=1/);
    // A lost pepper file is caught the same way, rather than every PIN failing.
    await expect(ensureDoorAdmin(db, config(), log)).rejects.toThrow(/door-pin-pepper is not the one/);

    const rotating = config({ ...changed, DOOR_PIN_PEPPER_ROTATE: '1' });
    await ensureDoorAdmin(db, rotating, log);
    expect(await pinHashOf('ana')).toBe('');
    expect(await verifyPin('1111', await pinHashOf(ADMIN_USUARIO), 'b'.repeat(40))).toBe(true);
    // Left set, the flag does nothing more at the next start.
    await ensureDoorAdmin(db, config({ ...changed, DOOR_PIN_PEPPER_ROTATE: '1' }), log);
    expect(await verifyPin('1111', await pinHashOf(ADMIN_USUARIO), 'b'.repeat(40))).toBe(true);
  });

  it('DOOR_ADMIN_RESET sets the admin again, ends his sessions and clears his throttles', async () => {
    const pepper = { DOOR_PIN_PEPPER: 'c'.repeat(40) };
    await ensureDoorAdmin(db, config(pepper), log);
    const { rows } = await db.query<{ id: string }>(sql`select id::text as id from door_users where usuario = 'admin'`);
    const adminId = rows[0]?.id;
    await db.query(
      sql`insert into door_sessions (token_hash, user_id, expires_at) values ('h', ${adminId}, now() + interval '1 day')`,
    );
    await db.query(
      sql`insert into door_pin_failures (user_id, failures, locked_until) values (${adminId}, 2, now() + interval '9 seconds')`,
    );
    // Strangers have throttled the admin from the address he is at, and everywhere else.
    for (let i = 0; i < 10; i++) {
      await db.query(
        sql`insert into door_audit (usuario, action, result, ip) values ('admin', 'login', 'failed', '192.0.2.9')`,
      );
    }
    await db.query(
      sql`insert into door_login_throttle (usuario, failures, last_failure_at, next_attempt_at)
       values ('admin', 30, now(), now() + interval '15 minutes')`,
    );
    const attempt = {
      usuario: 'admin',
      ip: '192.0.2.9',
      userId: adminId ?? null,
      knownForDays: 90,
      addressPerMinute: 1000,
    };
    expect(await claimLoginAttempt(db, attempt)).toBeNull();

    // Without the flag a later start leaves him alone.
    await ensureDoorAdmin(db, config({ ...pepper, DOOR_ADMIN_PASSWORD: 'nueva-clave-1' }), log);
    const hash = async () =>
      (await db.query<{ password_hash: string }>(sql`select password_hash from door_users where usuario = 'admin'`))
        .rows[0]?.password_hash ?? '';
    expect(await verifyPassword('admin-pass-123', await hash())).toBe(true);

    await ensureDoorAdmin(
      db,
      config({ ...pepper, DOOR_ADMIN_PASSWORD: 'nueva-clave-1', DOOR_ADMIN_PIN: '2222', DOOR_ADMIN_RESET: '1' }),
      log,
    );
    expect(await verifyPassword('nueva-clave-1', await hash())).toBe(true);
    expect(await verifyPin('2222', await pinHashOf(ADMIN_USUARIO), 'c'.repeat(40))).toBe(true);
    const live = await db.query(sql`select 1 from door_sessions where user_id = ${adminId} and revoked_at is null`);
    expect(live.rows).toEqual([]);
    expect((await db.query(sql`select 1 from door_pin_failures where user_id = ${adminId}`)).rows).toEqual([]);
    expect(await claimLoginAttempt(db, attempt)).toEqual(expect.any(String));
  });
});

describe('pepper file', () => {
  it('is refused when it holds too short a secret', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'door-pepper-')), 'pepper');
    writeFileSync(file, 'short\n');
    const env = loadConfig({ NODE_ENV: 'test', DOOR_PIN_PEPPER_FILE: file });
    await expect(pinPepper(env)).rejects.toThrow(/at least 32 characters/);
  });
});
