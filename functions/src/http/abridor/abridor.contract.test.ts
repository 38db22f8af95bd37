import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { databaseEngines } from '../../testing/databases';
import { servedOn, TEST_ADMIN } from '../../testing/service';

/** Every field any action may answer; each test reads the ones its action sends. */
interface Reply {
  error?: string;
  success?: boolean;
  valid?: boolean;
  message?: string;
  attemptsLeft?: number;
  lockedUntil: string;
  token: string;
  magic_token: string;
  user: { id: string; usuario: string; box: string | null; isAdmin: boolean };
  users: { id: string; usuario: string }[];
  entries: { usuario: string; action: string; result: string; ip: string }[];
}

const PHC_AT_TEST_COST = /^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

describe.each(databaseEngines())('abridor on $name', (engine) => {
  const served = servedOn(engine);
  const call = async (body: Record<string, unknown>) => {
    const res = await fetch(served.service.url('abridor'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Reply };
  };
  const login = async (usuario: string, contraseña: string) =>
    (await call({ action: 'login', usuario, contraseña })).body.token;
  const storedHash = async (userId: string, column: 'password_hash' | 'pin_hash') =>
    (
      await served.db.query<Record<string, string>>(
        sql`select ${sql.identifier(column)} from door_users where id = ${userId}`,
      )
    ).rows[0]?.[column];
  const valid = async (token: string) => (await call({ action: 'validate_token', token })).body.valid;
  let counter = 0;
  /** A fresh user with a unique name and PIN; returns its id, token and PIN. */
  const newUser = async (adminToken: string) => {
    counter += 1;
    const usuario = `user${counter}-${Date.now() % 100000}`;
    const pin = String(1000 + counter * 37).padStart(4, '0');
    const added = await call({
      action: 'add_user',
      token: adminToken,
      usuario,
      pin,
      contraseña: 'secreto-largo-1',
      box: 'A-12',
    });
    expect(added.status).toBe(200);
    // As if the user had chosen this password at the first sign-in (which has its own test).
    await served.db.query(sql`update door_users set password_change_required = false where id = ${added.body.user.id}`);
    return { id: added.body.user.id, usuario, pin, token: await login(usuario, 'secreto-largo-1') };
  };

  it('a password the admin chose is changed by its user at the first sign-in, before the door opens', async () => {
    const admin = await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña);
    const added = await call({
      action: 'add_user',
      token: admin,
      usuario: `nuevo-${Date.now() % 100000}`,
      pin: '4821',
      contraseña: 'elegida-por-admin-1',
    });
    expect(added.body.user).toMatchObject({ mustChangePassword: true });
    const usuario = String(added.body.user.usuario);
    const first = await call({ action: 'login', usuario, contraseña: 'elegida-por-admin-1' });
    expect(first.body.user).toMatchObject({ mustChangePassword: true });
    const token = String(first.body.token);
    // Nothing opens: not the door, not the PIN.
    expect((await call({ action: 'door_action', token, pin: '4821', door_action: 'ENTRADA' })).status).toBe(403);
    expect((await call({ action: 'change_pin', token, currentPin: '4821', newPin: '4822' })).status).toBe(403);
    expect((await call({ action: 'validate_token', token })).body.user).toMatchObject({ mustChangePassword: true });
    // The current one first, then a strong one of their own, not the same.
    const change = (contraseñaActual: string, contraseñaNueva: string) =>
      call({ action: 'change_password', token, contraseñaActual, contraseñaNueva });
    expect((await change('otra', 'mi-clave-propia-2026')).status).toBe(400);
    expect((await change('elegida-por-admin-1', 'corta')).status).toBe(400);
    expect((await change('elegida-por-admin-1', 'elegida-por-admin-1')).status).toBe(400);
    const changed = await change('elegida-por-admin-1', 'mi-clave-propia-2026');
    expect(changed.body).toMatchObject({ success: true, user: { mustChangePassword: false } });
    expect((await call({ action: 'door_action', token, pin: '4821', door_action: 'ENTRADA' })).body.success).toBe(true);
    // The admin setting it again puts the user back to choosing; the admin's own change does not.
    await call({
      action: 'update_user',
      token: admin,
      userId: added.body.user.id,
      usuario,
      contraseña: 'otra-de-admin-22',
    });
    expect((await call({ action: 'login', usuario, contraseña: 'otra-de-admin-22' })).body.user).toMatchObject({
      mustChangePassword: true,
    });
    // Guessing it: after five wrong ones in 15 minutes the session ends.
    const guesser = String((await call({ action: 'login', usuario, contraseña: 'otra-de-admin-22' })).body.token);
    for (let i = 0; i < 4; i++) {
      const wrong = { action: 'change_password', token: guesser, contraseñaActual: `mal-${i}`, contraseñaNueva: 'x' };
      expect((await call(wrong)).status).toBe(400);
    }
    const ended = { action: 'change_password', token: guesser, contraseñaActual: 'mal', contraseñaNueva: 'x' };
    expect((await call(ended)).status).toBe(401);
    expect(await valid(guesser)).toBe(false);
  });

  it('logs in with hashed credentials only, and refuses wrong or missing ones', async () => {
    expect(await call({ action: 'login', usuario: '', contraseña: '' })).toMatchObject({
      status: 400,
      body: { error: 'Por favor ingrese usuario y contraseña' },
    });
    expect(await call({ action: 'login', usuario: 'admin', contraseña: 'wrong' })).toMatchObject({
      status: 401,
      body: { error: 'Credenciales inválidas' },
    });
    const ok = await call({ action: 'login', usuario: TEST_ADMIN.usuario, contraseña: TEST_ADMIN.contraseña });
    expect(ok.body.user).toMatchObject({ usuario: 'admin', isAdmin: true });
    expect(ok.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await served.db.query<{ password_hash: string; pin_hash: string }>(
      sql`select password_hash, pin_hash from door_users where usuario = 'admin'`,
    );
    expect(rows[0]?.password_hash).not.toContain(TEST_ADMIN.contraseña);
    expect(rows[0]?.pin_hash).not.toBe(TEST_ADMIN.pin);
    const sessions = await served.db.query<{ token_hash: string }>(sql`select token_hash from door_sessions`);
    expect(sessions.rows.map((r) => r.token_hash)).not.toContain(ok.body.token);
  });

  it('stores hashes that name their parameters (scrypt, PHC format) and keeps the pepper out of the database', async () => {
    const admin = await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña);
    const user = await newUser(admin);
    const { rows } = await served.db.query<{ password_hash: string; pin_hash: string }>(
      sql`select password_hash, pin_hash from door_users where id = ${user.id}`,
    );
    // The test service runs at ln=10 (DOOR_HASH_COST_LOG2); production's default is 17.
    expect(rows[0]?.password_hash).toMatch(PHC_AT_TEST_COST);
    expect(rows[0]?.pin_hash).toMatch(PHC_AT_TEST_COST);
    const settings = await served.db.query<{ key: string; value: string }>(sql`select key, value from door_settings`);
    expect(settings.rows.map((r) => r.key)).toEqual(['pin_pepper_check']);
    expect(JSON.stringify(settings.rows)).not.toContain(served.service.ctx.config.DOOR_PIN_PEPPER);
  });

  it('upgrades a legacy password hash (salt:hash, Node default cost) at the next login', async () => {
    const admin = await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña);
    const user = await newUser(admin);
    const salt = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const legacy = `${salt}:${scryptSync('antigua-1', salt, 32).toString('hex')}`;
    await served.db.query(sql`update door_users set password_hash = ${legacy} where id = ${user.id}`);
    expect((await call({ action: 'login', usuario: user.usuario, contraseña: 'otra' })).status).toBe(401);
    expect(await storedHash(user.id, 'password_hash')).toBe(legacy); // a failure changes nothing
    expect(await login(user.usuario, 'antigua-1')).toBeTruthy();
    expect(await storedHash(user.id, 'password_hash')).toMatch(PHC_AT_TEST_COST);
    expect(await login(user.usuario, 'antigua-1')).toBeTruthy();
  });

  it('upgrades a legacy PIN hash (pepper as salt, no parameters) at the next right PIN', async () => {
    const admin = await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña);
    const user = await newUser(admin);
    const pepper = served.service.ctx.config.DOOR_PIN_PEPPER;
    const legacy = scryptSync(user.pin, `pin:${pepper}`, 32).toString('hex');
    await served.db.query(sql`update door_users set pin_hash = ${legacy} where id = ${user.id}`);
    const open = (pin: string) => call({ action: 'door_action', token: user.token, pin, door_action: 'ENTRADA' });
    expect((await open(user.pin === '0000' ? '1111' : '0000')).body.success).toBe(false);
    expect(await storedHash(user.id, 'pin_hash')).toBe(legacy);
    expect((await open(user.pin)).body.success).toBe(true);
    expect(await storedHash(user.id, 'pin_hash')).toMatch(PHC_AT_TEST_COST);
    expect((await open(user.pin)).body.success).toBe(true);
  });

  it('validates a session and revokes it on logout', async () => {
    const token = await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña);
    expect((await call({ action: 'validate_token', token })).body).toMatchObject({
      valid: true,
      user: { usuario: 'admin' },
    });
    await call({ action: 'logout', token });
    expect((await call({ action: 'validate_token', token })).body).toEqual({ valid: false, user: null });
    expect((await call({ action: 'list_users', token })).status).toBe(401);
  });

  it('opens the door with the right PIN and records the pulse and the audit', async () => {
    const admin = await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña);
    const user = await newUser(admin);
    const res = await call({ action: 'door_action', token: user.token, pin: user.pin, door_action: 'ENTRADA' });
    expect(res.body).toEqual({ success: true, message: 'Acceso Autorizado: ENTRADA' });
    const pulses = await served.db.query<{ door_action: string }>(
      sql`select door_action from door_relay_pulses where user_id = ${user.id}`,
    );
    expect(pulses.rows).toEqual([{ door_action: 'ENTRADA' }]);
    const audit = (await call({ action: 'list_audit', token: admin })).body.entries as {
      usuario: string;
      action: string;
      result: string;
      ip: string;
    }[];
    expect(audit.find((e) => e.usuario === user.usuario && e.action === 'ENTRADA')).toMatchObject({
      result: 'ok',
      ip: expect.any(String),
    });
  });

  it('lists the accesses newest first by time (not by id as text), a page at a time', async () => {
    const admin = await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña);
    await served.db.query(sql`delete from door_audit`);
    // Ids 9 and 17 side by side: as text "9" sorts above "17".
    await served.db.query(sql`select setval(pg_get_serial_sequence('door_audit', 'id'), 8)`);
    for (let minute = 0; minute < 12; minute++) {
      await served.db.query(sql`insert into door_audit (usuario, action, result, created_at)
         values (${`u${minute}`}, 'ENTRADA', 'ok', now() - make_interval(mins => ${60 - minute}))`);
    }
    const page = async (before?: string) =>
      (await call({ action: 'list_audit', token: admin, limit: 5, ...(before ? { before } : {}) })).body as unknown as {
        entries: { id: string; usuario: string }[];
        hasMore: boolean;
      };
    const seen: string[] = [];
    let next = await page();
    seen.push(...next.entries.map((e) => e.usuario));
    while (next.hasMore) {
      next = await page(next.entries.at(-1)?.id);
      seen.push(...next.entries.map((e) => e.usuario));
    }
    // The login of this test is the newest; then u11 … u0.
    expect(seen.filter((u) => u.startsWith('u'))).toEqual(Array.from({ length: 12 }, (_, i) => `u${11 - i}`));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('locks the keypad on the server after three wrong PINs, even for the right PIN, until 15 s pass', async () => {
    const admin = await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña);
    const user = await newUser(admin);
    const wrong = user.pin === '0000' ? '1111' : '0000';
    const attempt = (pin: string) => call({ action: 'door_action', token: user.token, pin, door_action: 'SALIDA' });
    expect((await attempt(wrong)).body).toEqual({ success: false, error: 'PIN inválido', attemptsLeft: 2 });
    expect((await attempt(wrong)).body).toEqual({ success: false, error: 'PIN inválido', attemptsLeft: 1 });
    const locked = (await attempt(wrong)).body;
    expect(locked).toMatchObject({
      success: false,
      error: 'Acceso Bloqueado: Demasiados intentos fallidos. Espere 15 segundos.',
      attemptsLeft: 0,
    });
    const until = new Date(locked.lockedUntil).getTime();
    expect(until - Date.now()).toBeGreaterThan(10_000);
    expect(until - Date.now()).toBeLessThanOrEqual(15_500);
    const stillLocked = (await attempt(user.pin)).body;
    expect(stillLocked.success).toBe(false);
    expect(stillLocked.error).toMatch(/^Espere \d+ segundos antes del próximo intento$/);
    // 15 s later (moved on in the database rather than waited for):
    await served.db.query(
      sql`update door_pin_failures set locked_until = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect((await attempt(user.pin)).body).toEqual({ success: true, message: 'Acceso Autorizado: SALIDA' });
    // The counter started again after the lockout.
    expect((await attempt(wrong)).body.attemptsLeft).toBe(2);
  });

  it('changes a PIN only with the current one', async () => {
    const admin = await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña);
    const user = await newUser(admin);
    const wrong = user.pin === '0001' ? '0002' : '0001';
    expect(await call({ action: 'change_pin', token: user.token, currentPin: wrong, newPin: '4321' })).toMatchObject({
      status: 200,
      body: { success: false, error: 'El PIN actual no es correcto', attemptsLeft: 2 },
    });
    expect((await call({ action: 'change_pin', token: user.token, currentPin: user.pin, newPin: '12a4' })).status).toBe(
      400,
    );
    expect(
      (await call({ action: 'change_pin', token: user.token, currentPin: user.pin, newPin: '4321' })).body,
    ).toEqual({ success: true });
    expect(
      (await call({ action: 'door_action', token: user.token, pin: '4321', door_action: 'ENTRADA' })).body.success,
    ).toBe(true);
  });

  it('counts change_pin toward the keypad lockout, and refuses either while locked', async () => {
    const admin = await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña);
    const user = await newUser(admin);
    const wrong = user.pin === '0000' ? '1111' : '0000';
    const open = (pin: string) => call({ action: 'door_action', token: user.token, pin, door_action: 'ENTRADA' });
    const change = (currentPin: string) =>
      call({ action: 'change_pin', token: user.token, currentPin, newPin: '4321' });
    const unlock = () =>
      served.db.query(
        sql`update door_pin_failures set locked_until = now() - interval '1 second' where user_id = ${user.id}`,
      );

    // Two on the keypad, the third through change_pin: one counter.
    expect((await open(wrong)).body.attemptsLeft).toBe(2);
    expect((await open(wrong)).body.attemptsLeft).toBe(1);
    const locked = await change(wrong);
    expect(locked).toMatchObject({
      status: 200,
      body: {
        success: false,
        error: 'Acceso Bloqueado: Demasiados intentos fallidos. Espere 15 segundos.',
        attemptsLeft: 0,
        lockedUntil: expect.any(String),
      },
    });
    // Locked: the right PIN is refused by both, with the time it opens again.
    for (const refused of [await change(user.pin), await open(user.pin)]) {
      expect(refused.body).toMatchObject({ success: false, lockedUntil: locked.body.lockedUntil });
      expect(refused.body.error).toMatch(/^Espere \d+ segundos antes del próximo intento$/);
    }
    expect(await storedHash(user.id, 'pin_hash')).toMatch(PHC_AT_TEST_COST);
    expect((await open('4321')).body.success).toBe(false); // the change did not happen

    // The other way round: three wrong current PINs lock the keypad.
    await unlock();
    expect((await change(wrong)).body.attemptsLeft).toBe(2);
    expect((await change(wrong)).body.attemptsLeft).toBe(1);
    expect((await change(wrong)).body.lockedUntil).toEqual(expect.any(String));
    expect((await open(user.pin)).body).toMatchObject({ success: false, lockedUntil: expect.any(String) });
    await unlock();
    expect((await open(user.pin)).body.success).toBe(true);
  });

  it('lets two users hold the same PIN: each opens with his own session, never with the other one', async () => {
    const admin = await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña);
    const ana = await newUser(admin);
    const ben = await newUser(admin);
    // Adding, editing and changing to a PIN someone else has all succeed and say nothing of it.
    const added = await call({
      action: 'add_user',
      token: admin,
      usuario: `${ana.usuario}-c`,
      pin: ana.pin,
      contraseña: 'clave-segura-x',
    });
    expect(added.status).toBe(200);
    expect(
      (await call({ action: 'update_user', token: admin, userId: ben.id, usuario: ben.usuario, pin: ana.pin })).status,
    ).toBe(200);
    const benToken = await login(ben.usuario, 'secreto-largo-1');
    expect(
      (await call({ action: 'change_pin', token: benToken, currentPin: ana.pin, newPin: TEST_ADMIN.pin })).body,
    ).toEqual({ success: true });
    expect(
      (await call({ action: 'change_pin', token: benToken, currentPin: TEST_ADMIN.pin, newPin: ana.pin })).body,
    ).toEqual({ success: true });
    for (const token of [ana.token, benToken]) {
      expect((await call({ action: 'door_action', token, pin: ana.pin, door_action: 'ENTRADA' })).body).toEqual({
        success: true,
        message: 'Acceso Autorizado: ENTRADA',
      });
    }
    // Another user's PIN is just a wrong PIN.
    expect(
      (await call({ action: 'door_action', token: ana.token, pin: TEST_ADMIN.pin, door_action: 'SALIDA' })).body,
    ).toEqual({
      success: false,
      error: 'PIN inválido',
      attemptsLeft: 2,
    });
  });

  it("ends a user's other sessions and unused sign-in links when his PIN or password changes", async () => {
    const admin = await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña);
    const user = await newUser(admin);
    const phone = await login(user.usuario, 'secreto-largo-1');
    const link = (await call({ action: 'generate_magic_token', token: admin, target_user: user.id })).body.magic_token;

    // His own PIN change: the session that made it stays, the others end.
    expect(
      (await call({ action: 'change_pin', token: user.token, currentPin: user.pin, newPin: '2468' })).body,
    ).toEqual({
      success: true,
    });
    expect(await valid(user.token)).toBe(true);
    expect(await valid(phone)).toBe(false);
    expect((await call({ action: 'door_action', token: phone, pin: '2468', door_action: 'ENTRADA' })).status).toBe(401);
    // The link issued before the change no longer signs in.
    expect(await valid(link)).toBe(false);

    const edit = (fields: Record<string, unknown>) =>
      call({ action: 'update_user', token: admin, userId: user.id, usuario: user.usuario, ...fields });
    // Box only: nothing to revoke.
    expect((await edit({ box: 'B-1', pin: '', contraseña: '' })).status).toBe(200);
    expect(await valid(user.token)).toBe(true);
    // A new PIN from the admin ends all of the user's sessions…
    expect((await edit({ pin: '1357' })).status).toBe(200);
    expect(await valid(user.token)).toBe(false);
    // …and so does a new password; the old token no longer opens the door.
    const again = await login(user.usuario, 'secreto-largo-1');
    expect((await edit({ contraseña: 'secreto-largo-2' })).status).toBe(200);
    expect(await valid(again)).toBe(false);
    expect((await call({ action: 'door_action', token: again, pin: '1357', door_action: 'ENTRADA' })).status).toBe(401);
    const fresh = await login(user.usuario, 'secreto-largo-2');
    // The admin chose it: the user chooses their own before the door opens.
    expect((await call({ action: 'door_action', token: fresh, pin: '1357', door_action: 'ENTRADA' })).status).toBe(403);
    const own = { action: 'change_password', token: fresh, contraseñaActual: 'secreto-largo-2' };
    expect((await call({ ...own, contraseñaNueva: 'una-propia-larga-3' })).status).toBe(200);
    expect(
      (await call({ action: 'door_action', token: fresh, pin: '1357', door_action: 'ENTRADA' })).body.success,
    ).toBe(true);

    // The admin editing himself keeps the session he edits from; his other ones end.
    const adminElsewhere = await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña);
    const adminId = (await call({ action: 'list_users', token: admin })).body.users.find(
      (u) => u.usuario === 'admin',
    )?.id;
    expect(
      (
        await call({
          action: 'update_user',
          token: admin,
          userId: adminId,
          usuario: 'admin',
          contraseña: TEST_ADMIN.contraseña,
          pin: TEST_ADMIN.pin,
        })
      ).status,
    ).toBe(200);
    expect(await valid(admin)).toBe(true);
    expect(await valid(adminElsewhere)).toBe(false);
  });

  it('keeps user management to the admin: 403 for anyone else', async () => {
    const admin = await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña);
    const user = await newUser(admin);
    for (const body of [
      { action: 'list_users', token: user.token },
      { action: 'add_user', token: user.token, usuario: 'x', pin: '5555', contraseña: 'y' },
      { action: 'update_user', token: user.token, userId: user.id, usuario: 'x' },
      { action: 'delete_user', token: user.token, userId: user.id },
      { action: 'generate_magic_token', token: user.token, target_user: user.id },
      { action: 'list_audit', token: user.token },
    ]) {
      expect(await call(body)).toMatchObject({
        status: 403,
        body: { error: 'Solo el administrador puede hacer esto' },
      });
    }
  });

  it('keeps a door session for 30 days after its last use, renewed by each use', async () => {
    const admin = await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña);
    const user = await newUser(admin);
    const days = async () =>
      (
        await served.db.query<{
          days: number;
        }>(sql`select round(extract(epoch from expires_at - now()) / 86400)::int as days from door_sessions
           where user_id = ${user.id} and revoked_at is null order by created_at desc limit 1`)
      ).rows[0]?.days;
    expect(await days()).toBe(30);
    await served.db.query(
      sql`update door_sessions set expires_at = now() + interval '3 days' where user_id = ${user.id}`,
    );
    expect((await call({ action: 'validate_token', token: user.token })).body.valid).toBe(true);
    expect(await days()).toBe(30);
    await served.db.query(
      sql`update door_sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect((await call({ action: 'validate_token', token: user.token })).body.valid).toBe(false);
  });

  it('adds, edits and deletes users with clear errors', async () => {
    const admin = await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña);
    expect(await call({ action: 'add_user', token: admin, usuario: 'ana', pin: '', contraseña: 'x' })).toMatchObject({
      status: 400,
      body: { error: 'Usuario, PIN y contraseña son obligatorios' },
    });
    const user = await newUser(admin);
    expect(
      (
        await call({
          action: 'add_user',
          token: admin,
          usuario: user.usuario,
          pin: '7777',
          contraseña: 'clave-segura-x',
        })
      ).body.error,
    ).toBe('El usuario ya existe');
    // A door password is held to the back-office's rule (ASVS 2.1), in the door's Spanish.
    const weak = (contraseña: string) =>
      call({ action: 'add_user', token: admin, usuario: `${user.usuario}-w`, pin: '7777', contraseña });
    expect((await weak('x')).body.error).toBe('La contraseña debe tener al menos 12 caracteres');
    expect((await weak('password12345')).body.error).toMatch(/^Contraseña demasiado fácil de adivinar/);
    expect((await weak(`${user.usuario}-2026!`)).status).toBe(400);
    expect(
      (
        await call({
          action: 'update_user',
          token: admin,
          userId: user.id,
          usuario: user.usuario,
          contraseña: '123456789012',
        })
      ).status,
    ).toBe(400);
    const edited = await call({
      action: 'update_user',
      token: admin,
      userId: user.id,
      usuario: `${user.usuario}-b`,
      pin: '',
      contraseña: '',
      box: 'B-3',
    });
    expect(edited.body.user).toMatchObject({ usuario: `${user.usuario}-b`, box: 'B-3' });
    expect(await login(`${user.usuario}-b`, 'secreto-largo-1')).toBeTruthy();
    const users = (await call({ action: 'list_users', token: admin })).body.users;
    const adminId = users.find((u) => u.usuario === 'admin')?.id;
    expect(await call({ action: 'delete_user', token: admin, userId: adminId })).toMatchObject({ status: 400 });
    expect((await call({ action: 'delete_user', token: admin, userId: user.id })).body).toEqual({ success: true });
    expect((await call({ action: 'delete_user', token: admin, userId: user.id })).status).toBe(404);
    expect((await call({ action: 'validate_token', token: user.token })).body.valid).toBe(false);
  });

  it('magic links are single-use and expire', async () => {
    const admin = await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña);
    const user = await newUser(admin);
    const { magic_token } = (await call({ action: 'generate_magic_token', token: admin, target_user: user.id })).body;
    const used = (await call({ action: 'validate_token', token: magic_token })).body;
    expect(used).toMatchObject({ valid: true, user: { usuario: user.usuario } });
    expect((await call({ action: 'validate_token', token: used.token })).body.valid).toBe(true);
    expect((await call({ action: 'validate_token', token: magic_token })).body).toEqual({ valid: false, user: null });
    const second = (await call({ action: 'generate_magic_token', token: admin, target_user: user.id })).body
      .magic_token;
    await served.db.query(
      sql`update door_magic_tokens set expires_at = now() - interval '1 minute' where used_at is null`,
    );
    expect((await call({ action: 'validate_token', token: second })).body.valid).toBe(false);
    expect(
      (
        await call({
          action: 'generate_magic_token',
          token: admin,
          target_user: '00000000-0000-0000-0000-000000000000',
        })
      ).body,
    ).toEqual({
      success: false,
      error: 'Usuario no encontrado',
    });
  });

  it('rate-limits failed logins', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await call({ action: 'login', usuario: 'nobody', contraseña: 'x' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
