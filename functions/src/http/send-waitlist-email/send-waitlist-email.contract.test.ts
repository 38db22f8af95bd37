import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { databaseEngines } from '../../testing/databases';
import { servedOn } from '../../testing/service';
import { confirmWaitlistFromMail } from '../../testing/waitlist';

const valid = {
  fullName: 'Ana García',
  phone: '+34 600 123 456',
  email: 'ana@example.com',
  timeframe: 'next_month',
  product: { pid: '206', name: 'Trastero 10 m³', numberProductsRequired: 1 },
  volumeRequested: 9.5,
  procesoParam: null,
};

describe.each(databaseEngines())('send-waitlist-email on $name', (engine) => {
  const served = servedOn(engine);
  beforeEach(async () => {
    await served.db.query(sql`delete from waitlist_requests`);
    await served.db.query(sql`delete from outbox`);
  });

  const post = async (body: unknown) => {
    const res = await fetch(served.service.url('send-waitlist-email'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const count = async (table: string) =>
    Number(
      (await served.db.query<{ n: string }>(sql`select count(*)::text as n from ${sql.identifier(table)}`)).rows[0]?.n,
    );

  it('stores the request unconfirmed and e-mails the applicant its link; confirmed, the business hears of it', async () => {
    expect(await post(valid)).toEqual({ status: 200, body: { success: true } });
    const { rows } = await served.db.query<{ email: string; product_pid: string; volume_requested: string }>(
      sql`select email, product_pid, volume_requested::text from waitlist_requests`,
    );
    expect(rows).toEqual([{ email: 'ana@example.com', product_pid: '206', volume_requested: '9.500' }]);
    const outbox = () =>
      served.db.query<{ recipient: string; body: string }>(sql`select recipient, body from outbox order by id`);
    const mail = await outbox();
    expect(mail.rows.map((m) => m.recipient)).toEqual(['ana@example.com']);
    // Spanish by default, and Spanish alone; nothing the visitor typed.
    expect(mail.rows[0]?.body).toContain('confírmalo en las próximas 24 horas');
    expect(mail.rows[0]?.body).not.toContain('Someone');
    expect(mail.rows[0]?.body).not.toContain('Ana García');
    await confirmWaitlistFromMail(served.service, 'ana@example.com');
    const after = await outbox();
    expect(after.rows.map((m) => m.recipient)).toEqual(['ana@example.com', 'reservas@trasteros-demo.example']);
    expect(after.rows[1]?.body).toContain('Cuándo lo necesita: El próximo mes');
    expect(after.rows[1]?.body).toContain('Ana García');
  });

  it('does not duplicate the same request within a minute, even sent twice at once', async () => {
    const [a, b] = await Promise.all([post(valid), post(valid)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await post({ ...valid, email: 'ANA@example.com ' });
    expect(await count('waitlist_requests')).toBe(1);
    expect(await count('outbox')).toBe(1);
    await post({ ...valid, timeframe: 'asap' });
    expect(await count('waitlist_requests')).toBe(2);
  });

  it.each([
    [{ ...valid, email: 'not-an-email' }, 'email', 'Invalid email'],
    [{ ...valid, fullName: '   ' }, 'fullName', 'Full name is required'],
    [{ ...valid, phone: 'call me' }, 'phone', 'Invalid phone'],
    [{ ...valid, timeframe: 'someday' }, 'timeframe', 'Timeframe is required'],
    [{ ...valid, product: undefined }, 'product', 'Product is required'],
    [{ ...valid, volumeRequested: -1 }, 'volumeRequested', undefined],
    [{ ...valid, procesoParam: 'x'.repeat(101) }, 'procesoParam', undefined],
  ])('refuses a bad body with a 400 naming the field, and stores nothing (%#)', async (body, field, message) => {
    const { status, body: error } = await post(body);
    expect(status).toBe(400);
    expect(Object.keys(error.fields as object)).toContain(field);
    if (message) expect(error.error).toBe(message);
    expect(await count('waitlist_requests')).toBe(0);
    expect(await count('outbox')).toBe(0);
  });
});
