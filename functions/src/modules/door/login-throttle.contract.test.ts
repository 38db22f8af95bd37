import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { type CookieJar, cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { servedOn, TEST_ADMIN } from '../../testing/service';

const TOO_MANY = { error: 'Demasiados intentos de inicio de sesión. Inténtelo más tarde.' };
const INVALID = { error: 'Credenciales inválidas' };

describe.each(databaseEngines())('abridor login throttling on $name', (engine) => {
  const served = servedOn(engine);
  /**
   * A login from `ip` (the service trusts the loopback gateway's X-Forwarded-For), by a browser
   * that keeps its cookies when `browser` is given, else by one that has none.
   */
  const login = async (usuario: string, contraseña: string, ip: string, browser?: CookieJar) => {
    const res = await (browser?.fetch ?? fetch)(served.service.url('abridor'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ action: 'login', usuario, contraseña }),
    });
    return { status: res.status, body: (await res.json()) as { error?: string; token?: string } };
  };
  let counter = 0;
  const newUser = async () => {
    counter += 1;
    const admin = (await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña, '127.0.0.1')).body.token;
    const usuario = `t${counter}-${Date.now() % 100000}`;
    const res = await fetch(served.service.url('abridor'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'add_user', token: admin, usuario, pin: '1234', contraseña: 'secreto-largo-1' }),
    });
    expect(res.status).toBe(200);
    return usuario;
  };
  const throttle = async (usuario: string) =>
    (
      await served.db.query<{
        failures: number;
        wait: number | null;
      }>(sql`select failures, extract(epoch from next_attempt_at - now())::float8 as wait
         from door_login_throttle where usuario = ${usuario}`)
    ).rows[0];
  /** Moves the back-off's deadline into the past (rather than waiting for it). */
  const waitOut = (usuario: string) =>
    served.db.query(
      sql`update door_login_throttle set next_attempt_at = now() - interval '1 second' where usuario = ${usuario}`,
    );

  it('does not lock the admin out when strangers guess at his name from ten addresses', async () => {
    for (let i = 1; i <= 10; i++) {
      expect(await login('admin', `guess-${i}`, `198.51.100.${i}`)).toMatchObject({ status: 401, body: INVALID });
    }
    const ok = await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña, '203.0.113.7');
    expect(ok.status).toBe(200);
    expect(ok.body.token).toBeTruthy();
  });

  it('throttles a (user, address) pair after ten failures, for that pair only', async () => {
    const usuario = await newUser();
    for (let i = 0; i < 10; i++) expect((await login(usuario, 'mala', '198.51.100.50')).status).toBe(401);
    // Even the right password waits at that address…
    expect(await login(usuario, 'secreto-largo-1', '198.51.100.50')).toMatchObject({ status: 429, body: TOO_MANY });
    // …not at another one.
    expect((await login(usuario, 'secreto-largo-1', '198.51.100.51')).status).toBe(200);
    // After the window the pair may try again (moved on in the database rather than waited for).
    await served.db.query(
      sql`update door_audit set created_at = created_at - interval '16 minutes' where usuario = ${usuario} and ip = '198.51.100.50'`,
    );
    expect((await login(usuario, 'secreto-largo-1', '198.51.100.50')).status).toBe(200);
  });

  it('backs off exponentially per user across addresses after 20 failures, except where the user signed in before', async () => {
    const usuario = await newUser();
    expect((await login(usuario, 'secreto-largo-1', '192.0.2.1')).status).toBe(200); // his home address
    for (let i = 1; i <= 20; i++) expect((await login(usuario, 'mala', `198.51.100.${100 + i}`)).status).toBe(401);
    expect(await throttle(usuario)).toMatchObject({ failures: 20 });
    expect((await throttle(usuario))?.wait).toBeGreaterThan(1);
    expect((await throttle(usuario))?.wait).toBeLessThanOrEqual(2);
    // A new address waits, even with the right password; home does not.
    expect(await login(usuario, 'secreto-largo-1', '203.0.113.20')).toMatchObject({ status: 429, body: TOO_MANY });
    expect((await login(usuario, 'secreto-largo-1', '192.0.2.1')).status).toBe(200);
    // Each further failure doubles the wait: 4 s after the 21st …
    await waitOut(usuario);
    expect((await login(usuario, 'mala', '198.51.100.200')).status).toBe(401);
    expect((await throttle(usuario))?.wait).toBeGreaterThan(3);
    expect((await throttle(usuario))?.wait).toBeLessThanOrEqual(4);
    // … and never more than 15 minutes.
    await served.db.query(sql`update door_login_throttle set failures = 40 where usuario = ${usuario}`);
    await waitOut(usuario);
    expect((await login(usuario, 'mala', '198.51.100.201')).status).toBe(401);
    expect((await throttle(usuario))?.wait).toBeGreaterThan(890);
    expect((await throttle(usuario))?.wait).toBeLessThanOrEqual(900);
    // Once it has passed, a new address gets in with the right password.
    await waitOut(usuario);
    expect((await login(usuario, 'secreto-largo-1', '203.0.113.21')).status).toBe(200);
  });

  /** Twenty strangers' failures at `usuario`, each from its own address: the name is held back everywhere. */
  const lockOut = async (usuario: string, net: string) => {
    for (let i = 1; i <= 20; i++) expect((await login(usuario, 'mala', `${net}.${i}`)).status).toBe(401);
    expect(await throttle(usuario)).toMatchObject({ failures: 20 });
  };
  const devices = async (usuario: string) =>
    (
      await served.db.query<{
        token_hash: string;
        failures: number;
      }>(sql`select d.token_hash, d.failures from door_devices d join door_users u on u.id = d.user_id
         where u.usuario = ${usuario} order by d.last_used_at`)
    ).rows;

  it("lets the owner's own browser (its device cookie) in when strangers have locked his name out; nobody else", async () => {
    const usuario = await newUser();
    const neighbour = await newUser();
    // The owner's phone signed in once, at home: it is his from now on.
    const phone = cookieJar();
    expect((await login(usuario, 'secreto-largo-1', '192.0.2.60', phone)).status).toBe(200);
    expect(phone.cookie('door_device')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Another user's browser has a device cookie too, for its own user.
    const theirs = cookieJar();
    expect((await login(neighbour, 'secreto-largo-1', '192.0.2.61', theirs)).status).toBe(200);
    await lockOut(usuario, '198.18.0');
    // Away from home (an address he never signed in from): a new browser of his waits …
    expect(await login(usuario, 'secreto-largo-1', '198.18.1.1', cookieJar())).toMatchObject({
      status: 429,
      body: TOO_MANY,
    });
    // … so does the neighbour's, whose cookie is for another name …
    expect(await login(usuario, 'secreto-largo-1', '198.18.1.2', theirs)).toMatchObject({
      status: 429,
      body: TOO_MANY,
    });
    // … and a made-up cookie.
    const forged = await fetch(served.service.url('abridor'), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '198.18.1.3',
        cookie: `door_device=${randomBytes(32).toString('base64url')}`,
      },
      body: JSON.stringify({ action: 'login', usuario, contraseña: 'secreto-largo-1' }),
    });
    expect(forged.status).toBe(429);
    // His phone is not held back; its typo counts for the phone, not toward the name's back-off.
    expect(await login(usuario, 'mala', '198.18.1.4', phone)).toMatchObject({ status: 401, body: INVALID });
    const ok = await login(usuario, 'secreto-largo-1', '198.18.1.4', phone);
    expect(ok.status).toBe(200);
    expect(ok.body.token).toBeTruthy();
    expect(await throttle(usuario)).toMatchObject({ failures: 20 });
    // Strangers' view of the name is unchanged: a new browser at yet another address still waits.
    expect((await login(usuario, 'secreto-largo-1', '198.18.1.5')).status).toBe(429);
  });

  it('voids a device cookie at its tenth wrong password since its last sign-in', async () => {
    const usuario = await newUser();
    const phone = cookieJar();
    expect((await login(usuario, 'secreto-largo-1', '192.0.2.70', phone)).status).toBe(200);
    await lockOut(usuario, '198.18.2');
    // Nine typos from one address (past any address's or pair's limit for a stranger), then in:
    // a sign-in forgets them.
    for (let i = 0; i < 9; i++) expect((await login(usuario, 'mala', '198.18.3.1', phone)).status).toBe(401);
    expect(await devices(usuario)).toEqual([expect.objectContaining({ failures: 9 })]);
    expect((await login(usuario, 'secreto-largo-1', '198.18.3.1', phone)).status).toBe(200);
    expect(await devices(usuario)).toEqual([expect.objectContaining({ failures: 0 })]);
    // Ten in a row: the tenth voids the device, and the phone is a stranger's again.
    for (let i = 0; i < 10; i++) expect((await login(usuario, 'mala', '198.18.3.1', phone)).status).toBe(401);
    expect(await devices(usuario)).toEqual([]);
    expect(await login(usuario, 'secreto-largo-1', '198.18.3.2', phone)).toMatchObject({ status: 429, body: TOO_MANY });
    // None of the phone's failures fed the name's back-off.
    expect(await throttle(usuario)).toMatchObject({ failures: 20 });
  });

  it("counts a sign-in by magic link: that browser is the user's too", async () => {
    const usuario = await newUser();
    const admin = (await login(TEST_ADMIN.usuario, TEST_ADMIN.contraseña, '127.0.0.1')).body.token;
    const { rows } = await served.db.query<{ id: string }>(
      sql`select id::text as id from door_users where usuario = ${usuario}`,
    );
    const link = await fetch(served.service.url('abridor'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'generate_magic_token', token: admin, target_user: rows[0]?.id }),
    });
    const { magic_token } = (await link.json()) as { magic_token: string };
    const phone = cookieJar();
    const opened = await phone.fetch(served.service.url('abridor'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.90' },
      body: JSON.stringify({ action: 'validate_token', token: magic_token }),
    });
    expect(await opened.json()).toMatchObject({ valid: true });
    expect(phone.cookie('door_device')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await lockOut(usuario, '198.18.4');
    expect((await login(usuario, 'secreto-largo-1', '198.18.5.1', phone)).status).toBe(200);
  });

  it('sets the device cookie httpOnly and SameSite=Strict for the door function, stores its hash only, keeps ten per user', async () => {
    const usuario = await newUser();
    const res = await fetch(served.service.url('abridor'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.80' },
      body: JSON.stringify({ action: 'login', usuario, contraseña: 'secreto-largo-1' }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith('door_device=')) ?? '';
    expect(cookie).toMatch(/^door_device=[A-Za-z0-9_-]{43}; Max-Age=7776000; Path=\/functions\/v1\/abridor; /);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const token = cookie.slice('door_device='.length, cookie.indexOf(';'));
    expect(await devices(usuario)).toEqual([
      expect.objectContaining({ token_hash: createHash('sha256').update(token).digest('hex') }),
    ]);
    // Signing in again from the same browser renews its cookie, not a second one.
    const phone = cookieJar();
    for (let i = 0; i < 2; i++) expect((await login(usuario, 'secreto-largo-1', '192.0.2.81', phone)).status).toBe(200);
    expect(await devices(usuario)).toHaveLength(2);
    // The eleventh browser replaces the one least recently used.
    for (let i = 0; i < 9; i++) expect((await login(usuario, 'secreto-largo-1', '192.0.2.82')).status).toBe(200);
    const kept = await devices(usuario);
    expect(kept).toHaveLength(10);
    expect(kept.map((d) => d.token_hash)).not.toContain(createHash('sha256').update(token).digest('hex'));
  });

  it('gets a burst in parallel no more than ten tries: one at a time per address, attempts counted while checked', async () => {
    const usuario = await newUser();
    const statuses = await Promise.all(Array.from({ length: 25 }, () => login(usuario, 'mala', '198.51.100.60')));
    const tried = statuses.filter((r) => r.status === 401).length;
    expect(tried).toBeGreaterThanOrEqual(1);
    expect(tried).toBeLessThanOrEqual(10);
    expect(statuses.filter((r) => r.status === 429)).toHaveLength(25 - tried);
    expect(statuses.filter((r) => r.status === 429).every((r) => r.body.error === TOO_MANY.error)).toBe(true);
  });

  it('forgets the counts of names nobody tried for a day', async () => {
    await served.db.query(
      sql`insert into door_login_throttle (usuario, failures, last_failure_at) values ('olvidado', 30, now() - interval '25 hours')`,
    );
    expect((await login('otro-nombre', 'mala', '198.51.100.61')).status).toBe(401);
    expect(await throttle('olvidado')).toBeUndefined();
  });

  it('answers alike whether the user exists or not', async () => {
    const usuario = await newUser();
    const ghost = `${usuario}-ghost`;
    for (const name of [usuario, ghost]) {
      for (let i = 0; i < 10; i++)
        expect(await login(name, 'mala', '198.51.100.77')).toEqual({ status: 401, body: INVALID });
      expect(await login(name, 'mala', '198.51.100.77')).toEqual({ status: 429, body: TOO_MANY });
    }
    for (const name of [usuario, ghost]) {
      for (let i = 0; i < 10; i++) await login(name, 'mala', `198.51.100.${150 + i}`);
      expect(await throttle(name)).toMatchObject({ failures: 20 });
      expect(await login(name, 'mala', '198.51.100.99')).toEqual({ status: 429, body: TOO_MANY });
    }
  });
});
