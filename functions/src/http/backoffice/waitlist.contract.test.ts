import type { LineEntry } from 'shared-api/backoffice';
import { describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { servedOn, TEST_MANAGER } from '../../testing/service';
import { setAvailableUnits } from '../../testing/units';
import { confirmWaitlistFromMail } from '../../testing/waitlist';

/** Trastero 18 m³, its one free unit out of service at first: people wait. */
const PRODUCT = 209;

describe.each(databaseEngines())('the waitlist in the back-office on $name', (engine) => {
  const served = servedOn(engine);
  let person = 0;
  const join = async () => {
    person += 1;
    const email = `cola${person}.${Date.now()}@example.com`;
    const joined = await served.service.post('send-waitlist-email', {
      fullName: `Persona ${person}`,
      phone: `+3460100${String(person).padStart(4, '0')}`,
      email,
      timeframe: 'asap',
      product: { pid: String(PRODUCT), name: 'Trastero 18 m³', numberProductsRequired: 1 },
      volumeRequested: 16,
    });
    expect(joined.status).toBe(200);
    await confirmWaitlistFromMail(served.service, email);
    return email;
  };
  const staff = async () => {
    const jar = cookieJar();
    const call = async <T = Record<string, unknown>>(action: string, payload: Record<string, unknown> = {}) => {
      const res = await jar.fetch(served.service.url('backoffice'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ action, ...payload }),
      });
      return { status: res.status, body: (await res.json()) as T & { code?: string } };
    };
    await call('login', { email: TEST_MANAGER.email, password: TEST_MANAGER.password });
    return call;
  };
  const lineOf = async (call: Awaited<ReturnType<typeof staff>>) =>
    (await call<{ entries: LineEntry[] }>('list_waitlist')).body.entries.filter((e) => e.productId === PRODUCT);

  it('shows the line in order, offers a unit by hand, skips to the back, removes with an e-mail', async () => {
    await setAvailableUnits(served.db, PRODUCT, 0);
    const call = await staff();
    const [first, second, third] = [await join(), await join(), await join()];
    let line = await lineOf(call);
    expect(line.map((e) => [e.email, e.position, e.status])).toEqual([
      [first, 1, 'waiting'],
      [second, 2, 'waiting'],
      [third, 3, 'waiting'],
    ]);

    // No unit free: nothing to offer.
    const secondId = line[1]?.entryId ?? '';
    expect((await call('waitlist_offer', { entryId: secondId })).body.code).toBe('waitlist_no_free_unit');

    // One unit free (held for nobody yet): staff offer it to the second, ahead of the first.
    await setAvailableUnits(served.db, PRODUCT, 1);
    const offered = await call<{ entry: LineEntry }>('waitlist_offer', { entryId: secondId });
    expect(offered.body.entry).toMatchObject({
      email: second,
      status: 'offered',
      offer: { status: 'open', units: [expect.any(String)] },
    });
    expect((await served.service.sentTo(second)).at(-1)?.subject).toContain('disponible');
    expect((await call('waitlist_offer', { entryId: secondId })).body.code).toBe('waitlist_not_waiting');

    // Skipped: to the back, and its held unit passes to the first in line at the next round.
    const skipped = await call<{ entry: LineEntry }>('waitlist_skip', { entryId: secondId });
    expect(skipped.body.entry).toMatchObject({ status: 'waiting', position: 3 });
    await served.service.ctx.jobs.runDue();
    line = await lineOf(call);
    expect(line.map((e) => [e.email, e.position, e.status])).toEqual([
      [first, 1, 'offered'],
      [third, 2, 'waiting'],
      [second, 3, 'waiting'],
    ]);

    // Removed: out of the line, told once, and the first's unit goes on to the next.
    const firstId = line[0]?.entryId ?? '';
    const [a, b] = await Promise.all([
      call<{ entry: LineEntry }>('waitlist_remove', { entryId: firstId }),
      call<{ entry: LineEntry }>('waitlist_remove', { entryId: firstId }),
    ]);
    expect([a.body.entry.status, b.body.entry.status]).toEqual(['left', 'left']);
    const told = (await served.service.sentTo(first)).filter((m) => m.body.includes('Te hemos quitado'));
    expect(told).toHaveLength(1);
    await served.service.ctx.jobs.runDue();
    line = await lineOf(call);
    expect(line.map((e) => [e.email, e.position, e.status])).toEqual([
      [third, 1, 'offered'],
      [second, 2, 'waiting'],
    ]);
    const { rows } = await served.db.query<{ action: string }>(
      sql`select action from staff_audit where action like 'waitlist_%' order by id`,
    );
    expect(rows.map((r) => r.action)).toEqual(['waitlist_offer', 'waitlist_skip', 'waitlist_remove']);
    expect(
      (await call<{ entries: LineEntry[] }>('list_waitlist', { history: true })).body.entries.some(
        (e) => e.email === first && e.status === 'left',
      ),
    ).toBe(true);
  });
});
