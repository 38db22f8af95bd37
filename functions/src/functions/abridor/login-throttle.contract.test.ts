import { describe, expect, it } from 'vitest';
import { databaseEngines } from '../../testing/databases';
import { servedOn, TEST_ADMIN } from '../../testing/service';

const TOO_MANY = { error: 'Demasiados intentos de inicio de sesión. Inténtelo más tarde.' };
const INVALID = { error: 'Credenciales inválidas' };

describe.each(databaseEngines())('abridor login throttling on $name', (engine) => {
  const served = servedOn(engine);
  /** A login from `ip` (the service trusts the loopback gateway's X-Forwarded-For). */
  const login = async (usuario: string, contraseña: string, ip: string) => {
    const res = await fetch(served.service.url('abridor'), {
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
      await served.db.query<{ failures: number; wait: number | null }>(
        `select failures, extract(epoch from next_attempt_at - now())::float8 as wait
         from door_login_throttle where usuario = $1`,
        [usuario],
      )
    ).rows[0];
  /** Moves the back-off's deadline into the past (rather than waiting for it). */
  const waitOut = (usuario: string) =>
    served.db.query(`update door_login_throttle set next_attempt_at = now() - interval '1 second' where usuario = $1`, [
      usuario,
    ]);

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
      `update door_audit set created_at = created_at - interval '16 minutes' where usuario = $1 and ip = '198.51.100.50'`,
      [usuario],
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
    await served.db.query('update door_login_throttle set failures = 40 where usuario = $1', [usuario]);
    await waitOut(usuario);
    expect((await login(usuario, 'mala', '198.51.100.201')).status).toBe(401);
    expect((await throttle(usuario))?.wait).toBeGreaterThan(890);
    expect((await throttle(usuario))?.wait).toBeLessThanOrEqual(900);
    // Once it has passed, a new address gets in with the right password.
    await waitOut(usuario);
    expect((await login(usuario, 'secreto-largo-1', '203.0.113.21')).status).toBe(200);
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
      `insert into door_login_throttle (usuario, failures, last_failure_at) values ('olvidado', 30, now() - interval '25 hours')`,
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
