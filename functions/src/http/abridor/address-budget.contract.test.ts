import { describe, expect, it } from 'vitest';
import { cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { servedOn, TEST_ADMIN, TEST_MANAGER } from '../../testing/service';

/**
 * A flood of sign-ins with made-up names from one address (each name under its own limits) is
 * refused before any hashing once the address has used its minute's budget (9 here; a third of
 * it once the address has failed); other addresses and their owners are not.
 */
describe.each(databaseEngines())('sign-in budget per address on $name', (engine) => {
  const served = servedOn(engine, { NODE_ENV: 'test', DEV_OUTBOX: '1', LOGIN_ATTEMPTS_PER_ADDRESS_MINUTE: '9' });
  const from = (ip: string, name: string, body: Record<string, unknown>) =>
    fetch(served.service.url(name), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });

  it('at the door', async () => {
    for (let i = 0; i < 3; i += 1) {
      const guess = await from('198.51.100.7', 'abridor', { action: 'login', usuario: `nadie${i}`, contraseña: 'x' });
      expect(guess.status).toBe(401);
    }
    const refused = await from('198.51.100.7', 'abridor', { action: 'login', usuario: 'nadie9', contraseña: 'x' });
    expect(refused.status).toBe(429);
    // The real admin, anywhere else, signs in.
    const admin = await from('203.0.113.50', 'abridor', {
      action: 'login',
      usuario: TEST_ADMIN.usuario,
      contraseña: TEST_ADMIN.contraseña,
    });
    expect(admin.status).toBe(200);
  });

  it("lets a door user's own browser in from an address strangers have used up", async () => {
    const own = cookieJar();
    const ownLogin = () =>
      own.fetch(served.service.url('abridor'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.21' },
        body: JSON.stringify({ action: 'login', usuario: TEST_ADMIN.usuario, contraseña: TEST_ADMIN.contraseña }),
      });
    // Signed in once from here: this browser is his from now on.
    expect((await ownLogin()).status).toBe(200);
    expect(own.cookie('door_device')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (let i = 0; i < 3; i += 1) {
      await from('198.51.100.21', 'abridor', { action: 'login', usuario: `otro${i}`, contraseña: 'x' });
    }
    const stranger = await from('198.51.100.21', 'abridor', {
      action: 'login',
      usuario: TEST_ADMIN.usuario,
      contraseña: TEST_ADMIN.contraseña,
    });
    expect(stranger.status).toBe(429);
    const again = await ownLogin();
    expect(again.status, await again.clone().text()).toBe(200);
  });

  it('at the back-office', async () => {
    for (let i = 0; i < 3; i += 1) {
      const guess = await from('198.51.100.8', 'backoffice', {
        action: 'login',
        email: `nadie${i}@example.com`,
        password: 'x',
      });
      expect(guess.status).toBe(401);
    }
    const refused = await from('198.51.100.8', 'backoffice', {
      action: 'login',
      email: TEST_MANAGER.email,
      password: TEST_MANAGER.password,
    });
    expect(refused.status).toBe(429);
    const elsewhere = await from('203.0.113.51', 'backoffice', {
      action: 'login',
      email: TEST_MANAGER.email,
      password: TEST_MANAGER.password,
    });
    expect(elsewhere.status).toBe(200);
  });

  it("lets a member's own browser in from an address strangers have used up, ahead of them", async () => {
    const own = cookieJar();
    const ownLogin = () =>
      own.fetch(served.service.url('backoffice'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.20' },
        body: JSON.stringify({ action: 'login', email: TEST_MANAGER.email, password: TEST_MANAGER.password }),
      });
    // Signed in once from home: this browser is hers from now on.
    expect((await ownLogin()).status).toBe(200);
    expect(own.cookie('staff_device')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (let i = 0; i < 3; i += 1) {
      await from('198.51.100.20', 'backoffice', { action: 'login', email: `otro${i}@example.com`, password: 'x' });
    }
    const stranger = await from('198.51.100.20', 'backoffice', {
      action: 'login',
      email: TEST_MANAGER.email,
      password: TEST_MANAGER.password,
    });
    expect(stranger.status).toBe(429);
    const again = await ownLogin();
    expect(again.status, await again.clone().text()).toBe(200);
  });
});
