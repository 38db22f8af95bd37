import { describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { databaseEngines } from '../../testing/databases';
import { servedOn } from '../../testing/service';

/** What a browser without scripts sends: a form. */
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe.each(databaseEngines())('booking a visit without scripts, on $name', (engine) => {
  const served = servedOn(engine);
  const get = async (path: string) => {
    const res = await fetch(served.service.url(path));
    return { status: res.status, html: await res.text(), type: res.headers.get('content-type') };
  };
  const post = async (name: string, fields: Record<string, string>) => {
    const res = await fetch(served.service.url(name), form(fields));
    return { status: res.status, html: await res.text() };
  };
  const firstTime = (html: string) => /name="startsAt" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const codeFor = async (email: string) =>
    /(\d{6})/.exec(
      (await served.service.sentTo(email)).filter((m) => /código|code/.test(m.subject ?? '')).at(-1)?.subject ?? '',
    )?.[1] ?? '';

  it('shows the free times and the fields in the visitor’s language, uncached', async () => {
    const es = await get('visit-booking?lang=es');
    expect(es.status).toBe(200);
    expect(es.type).toMatch(/^text\/html/);
    expect(es.html).toContain('<html lang="es">');
    expect(es.html).toContain('<h1>Reservar una visita</h1>');
    expect(es.html).toContain('action="/functions/v1/visit-booking-submit"');
    expect(firstTime(es.html)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const en = await get('visit-booking?lang=en');
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).toContain('<label for="fullName">Full name</label>');
    expect(en.html).toContain('href="/en/privacy"');
  });

  it('gives the form back with what to fix, keeping what was typed and escaping it', async () => {
    const answer = await post('visit-booking-submit', {
      language: 'es',
      fullName: '<b>Ana</b>',
      phone: 'abc',
      email: 'no-es-un-email',
    });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('Elige una hora.');
    expect(answer.html).toContain('Escribe un teléfono válido');
    expect(answer.html).toContain('Escribe un correo válido.');
    expect(answer.html).toContain('Acepta la política de privacidad para reservar.');
    expect(answer.html).toContain('value="&#60;b&#62;Ana&#60;/b&#62;"');
    expect(answer.html).not.toContain('<b>Ana</b>');
    expect(answer.html).toContain(
      'id="phone" name="phone" type="tel" autocomplete="tel" maxlength="21" value="abc" aria-invalid="true"',
    );
    // Longer than the server allows: refused with the field's limit, nothing written.
    const long = await post('visit-booking-submit', { language: 'en', fullName: 'A'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.html).toContain('Enter your name (up to 200 characters).');
    const { rows } = await served.db.query(sql`select 1 from visits where full_name = ${'<b>Ana</b>'}`);
    expect(rows).toEqual([]);
  });

  it('holds the chosen time, e-mails the code, and the code from the page confirms it; a wrong one says so', async () => {
    const startsAt = firstTime((await get('visit-booking?lang=en')).html);
    const email = `sin.scripts.${Date.now()}@example.com`;
    const held = await post('visit-booking-submit', {
      language: 'en',
      startsAt,
      fullName: 'Ana Pérez',
      phone: '+34 600 123 456',
      email,
      privacyAccepted: 'on',
    });
    expect(held.status).toBe(200);
    expect(held.html).toContain('We have e-mailed you a code');
    const visitId = /name="visitId" value="([^"]+)"/.exec(held.html)?.[1] ?? '';
    const { rows } = await served.db.query<{ status: string; email: string }>(
      sql`select status, email from visits where id = ${visitId}`,
    );
    expect(rows).toEqual([{ status: 'pending', email }]);

    const wrong = await post('visit-booking-code', {
      language: 'en',
      visitId,
      code: '000000' === (await codeFor(email)) ? '111111' : '000000',
    });
    expect(wrong.status).toBe(409);
    expect(wrong.html).toContain('That code is not right');
    const malformed = await post('visit-booking-code', { language: 'en', visitId, code: '12' });
    expect(malformed.status).toBe(400);
    expect(malformed.html).toContain('The code is 6 digits.');

    const done = await post('visit-booking-code', { language: 'en', visitId, code: await codeFor(email) });
    expect(done.status).toBe(200);
    expect(done.html).toContain('Visit confirmed');
    const after = await served.db.query<{ status: string }>(sql`select status from visits where id = ${visitId}`);
    expect(after.rows).toEqual([{ status: 'booked' }]);
  });

  it('answers 404 for a visit that does not exist, without touching the database for a malformed id', async () => {
    expect((await post('visit-booking-code', { language: 'es', visitId: 'x', code: '123456' })).status).toBe(404);
    expect(
      (await post('visit-booking-code', { language: 'es', visitId: crypto.randomUUID(), code: '123456' })).status,
    ).toBe(404);
  });

  it('refuses a form another site posts as JSON or with another body type', async () => {
    const res = await fetch(served.service.url('visit-booking-submit'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(415);
  });
});
