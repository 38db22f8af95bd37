import type { VisitSlotsResponse } from 'shared-api';
import { describe, expect, it } from 'vitest';
import { sql } from '../../platform/db/sql';
import { madridDate, madridTime } from '../../platform/madrid-time';
import { cookieJar } from '../../testing/cookie-jar';
import { databaseEngines } from '../../testing/databases';
import { servedOn, TEST_MANAGER } from '../../testing/service';
import { inviteStaff, staffSession } from '../../testing/staff';

const visitor = (n: number) => ({
  fullName: `Visitante ${n}`,
  phone: `+34 600 111 ${String(100 + n)}`,
  email: `visitante${n}.${Date.now()}@example.com`,
  language: 'es' as const,
  privacyAccepted: true,
});

describe.each(databaseEngines())('visits on $name', (engine) => {
  const served = servedOn(engine);
  const slots = async () => (await served.service.post<VisitSlotsResponse>('visit-slots', {})).body;
  const book = (body: Record<string, unknown>) =>
    served.service.post<{ visitId: string; code?: string; error?: string }>('book-visit', body);
  const manager = () => staffSession(served);
  /** The code of the latest confirmation e-mail to `email`. */
  const codeFor = async (email: string) =>
    /código (\d{6})|code (\d{6})/
      .exec(
        (await served.service.sentTo(email)).filter((m) => /código|code/.test(m.subject ?? '')).at(-1)?.subject ?? '',
      )
      ?.slice(1)
      .find(Boolean) ?? '';
  const confirm = async (visitId: string, email: string) =>
    served.service.post<{ status?: string; code?: string }>('confirm-visit', { visitId, code: await codeFor(email) });
  /** Books and confirms from the e-mail's code, as the visitor does in the dialog. */
  const bookConfirmed = async (body: Record<string, unknown>) => {
    const booked = await book(body);
    if (booked.status === 200) expect((await confirm(booked.body.visitId, String(body.email))).status).toBe(200);
    return booked;
  };
  const available = async (startsAt: string) =>
    (await slots()).days.flatMap((day) => day.slots).find((s) => s.startsAt === startsAt)?.available ?? 0;
  const firstSlot = async () => {
    const { days } = await slots();
    const slot = days[0]?.slots[0];
    if (!slot) throw new Error('no slot offered');
    return slot;
  };

  it('offers slots on the facility clock, never sooner than the notice', async () => {
    const answer = await slots();
    expect(answer.timeZone).toBe('Europe/Madrid');
    expect(answer.slotMinutes).toBe(30);
    expect(answer.days.length).toBeGreaterThan(10);
    const earliest = Date.now() + 119 * 60_000;
    for (const day of answer.days) {
      for (const slot of day.slots) {
        expect(new Date(slot.startsAt).getTime()).toBeGreaterThan(earliest);
        expect(madridDate(new Date(slot.startsAt))).toBe(day.date);
        expect(madridTime(new Date(slot.startsAt))).toBe(slot.time);
        expect(slot.time >= '10:00' && slot.time <= '18:30').toBe(true);
        expect(slot.available).toBe(2);
      }
    }
  });

  it('books a slot: held until the e-mailed code confirms it; then the calendar file and a cancel link; the business is told', async () => {
    const slot = await firstSlot();
    const who = visitor(1);
    const businessBefore = (await served.service.sentTo('reservas@trasteros-demo.example')).length;
    const booked = await book({ ...who, startsAt: slot.startsAt });
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({ status: 'pending' });
    // The hold takes the place at once; the e-mail carries the code and nothing the booker typed.
    expect(await available(slot.startsAt)).toBe(1);
    const [held] = await served.service.sentTo(who.email);
    expect(held?.subject).toMatch(/^Confirma tu visita: código \d{6}$/);
    expect(held?.body).not.toContain(who.fullName);
    expect(held?.body).toContain('Guardamos la hora 15 minutos');
    expect((await served.service.sentTo('reservas@trasteros-demo.example')).length).toBe(businessBefore);
    // A wrong code counts and is refused; the right one confirms.
    const wrong = (await codeFor(who.email)) === '000000' ? '111111' : '000000';
    expect(await served.service.post('confirm-visit', { visitId: booked.body.visitId, code: wrong })).toMatchObject({
      status: 409,
      body: { code: 'visit_code_wrong' },
    });
    expect(await confirm(booked.body.visitId, who.email)).toEqual({ status: 200, body: { status: 'booked' } });
    expect((await confirm(booked.body.visitId, who.email)).status).toBe(200);
    const mail = (await served.service.sentTo(who.email)).at(-1);
    expect(mail?.subject).toBe(
      `Tu visita el ${slot.startsAt && madridDate(new Date(slot.startsAt)).split('-').reverse().join('/')} a las ${slot.time}`,
    );
    const cancel = /https?:\/\/\S+\/functions\/v1\/visit\?token=([A-Za-z0-9_-]{43})/.exec(mail?.body ?? '');
    expect(cancel).not.toBeNull();
    const { rows: files } = await served.db.query<{
      filename: string;
      content_type: string;
      content: Uint8Array;
    }>(sql`select a.filename, a.content_type, a.content from outbox_attachments a join outbox o on o.id = a.outbox_id
       where o.recipient = ${who.email}`);
    expect(files[0]?.filename).toBe('visita.ics');
    expect(files[0]?.content_type).toContain('text/calendar');
    const ics = Buffer.from(files[0]?.content ?? []).toString('utf8');
    const utc = slot.startsAt.replace(/[-:]/g, '').replace('.000', '');
    expect(ics).toContain(`DTSTART:${utc}`);
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics.replace(/\r?\n /g, '')).toContain(cancel?.[1]);
    const business = await served.service.sentTo('reservas@trasteros-demo.example');
    expect(business.length).toBe(businessBefore + 1);
    expect(business.at(-1)?.subject).toContain(who.fullName);

    // One place fewer in that slot.
    const after = (await slots()).days.flatMap((day) => day.slots).find((s) => s.startsAt === slot.startsAt);
    expect(after?.available).toBe(1);

    // The link's page, then cancelling: once.
    const pageRes = await fetch(served.service.url(`visit?token=${cancel?.[1]}`));
    const page = await pageRes.text();
    expect(page).not.toContain(who.fullName);
    expect(page).toContain('Cancelar la visita');
    expect(page).not.toContain('Confirmar la visita');
    const cancelled = await fetch(served.service.url('visit-cancel-submit'), {
      method: 'POST',
      body: new URLSearchParams({ token: cancel?.[1] ?? '' }),
    });
    expect(await cancelled.text()).toContain('Visita cancelada');
    const again = await fetch(served.service.url('visit-cancel-submit'), {
      method: 'POST',
      body: new URLSearchParams({ token: cancel?.[1] ?? '' }),
    });
    expect(await again.text()).toContain('Esta visita ya está cancelada.');
    const freed = (await slots()).days.flatMap((day) => day.slots).find((s) => s.startsAt === slot.startsAt);
    expect(freed?.available).toBe(2);
    expect((await fetch(served.service.url('visit-cancel?token=nope'))).status).toBe(404);
  });

  it('respects capacity when two book the last place at once', async () => {
    const call = await manager();
    const { body } = await call('get_visit_rules');
    const rules = body.rules as Record<string, unknown>;
    expect((await call('set_visit_rules', { rules: { ...rules, capacity: 1 } })).status).toBe(200);
    const slot = await firstSlot();
    const answers = await Promise.all([
      book({ ...visitor(2), startsAt: slot.startsAt }),
      book({ ...visitor(3), startsAt: slot.startsAt }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.code).toBe('visit_slot_full');
    await call('set_visit_rules', { rules });
  });

  it('refuses times that are not free slots, and a booking without consent', async () => {
    const slot = await firstSlot();
    const between = new Date(new Date(slot.startsAt).getTime() + 15 * 60_000).toISOString();
    expect((await book({ ...visitor(4), startsAt: between })).body.code).toBe('visit_slot_unavailable');
    expect((await book({ ...visitor(4), startsAt: new Date(Date.now() - 86_400_000).toISOString() })).body.code).toBe(
      'visit_slot_unavailable',
    );
    expect((await book({ ...visitor(4), startsAt: slot.startsAt, privacyAccepted: false })).status).toBe(400);
    expect((await book({ ...visitor(4), startsAt: 'mañana' })).status).toBe(400);
  });

  it('shows staff the calendar; a closed day is offered to nobody; staff cancel; only managers set the rules', async () => {
    const call = await manager();
    const slot = await firstSlot();
    const who = visitor(5);
    const { body: booked } = await bookConfirmed({ ...who, email: who.email, startsAt: slot.startsAt });
    const listed = await call('list_visits', { days: 30 });
    const visits = listed.body.visits as { visitId: string; fullName: string; status: string }[];
    expect(visits.find((v) => v.visitId === booked.visitId)).toMatchObject({
      fullName: who.fullName,
      status: 'booked',
    });
    const cancelled = await call('cancel_visit', { visitId: booked.visitId });
    expect(cancelled.body.visit).toMatchObject({ status: 'cancelled', cancelledBy: TEST_MANAGER.email });
    // The visitor is told, in their language, with the way to book another; once, however often pressed.
    await call('cancel_visit', { visitId: booked.visitId });
    const told = (await served.service.sentTo(who.email)).filter((m) => m.subject?.startsWith('Hemos cancelado'));
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain('Lo sentimos: hemos tenido que cancelar tu visita');
    expect(told[0]?.body).toContain('(botón «Reservar visita»)');
    expect(told[0]?.body).toContain('Reservar otra visita:\nhttp://localhost:8080/es');
    expect(told[0]?.html).toContain('href="http://localhost:8080/es"');
    const other = (await slots()).days[1]?.slots[0]?.startsAt;
    const abroad = { ...visitor(7), language: 'en' as const };
    const english = await bookConfirmed({ ...abroad, startsAt: other });
    expect(english.status).toBe(200);
    await call('cancel_visit', { visitId: english.body.visitId });
    const toldEnglish = (await served.service.sentTo(abroad.email)).at(-1);
    expect(toldEnglish?.subject).toMatch(/^We have cancelled your visit on \d{4}-\d{2}-\d{2} at \d{2}:\d{2}$/);
    expect(toldEnglish?.body).toContain('("Book a visit")');
    expect(toldEnglish?.body).toContain('Book another visit:\nhttp://localhost:8080/en');

    const day = madridDate(new Date(slot.startsAt));
    await call('set_closed_date', { date: day, closed: true, reason: 'Inventario' });
    expect((await slots()).days.map((d) => d.date)).not.toContain(day);
    expect((await book({ ...visitor(6), startsAt: slot.startsAt })).body.code).toBe('visit_slot_unavailable');
    for (const date of ['2026-13-45', '2026-02-30', '24/11/2026']) {
      expect((await call('set_closed_date', { date, closed: true })).status, date).toBe(400);
    }
    expect((await call('list_visits', { from: '2026-02-30' })).status).toBe(400);
    const reopened = await call('set_closed_date', { date: day, closed: false });
    expect(reopened.body.closedDates).toEqual([]);
    expect((await slots()).days.map((d) => d.date)).toContain(day);

    const staffEmail = `vis-${Date.now()}@example.com`;
    await inviteStaff(served, call, { email: staffEmail, name: 'Vis', role: 'staff' }, 'staff-pass-123').then(
      (invited) => invited.added,
    );
    const jar = cookieJar();
    await jar.fetch(served.service.url('backoffice'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'login', email: staffEmail, password: 'staff-pass-123' }),
    });
    const refused = await jar.fetch(served.service.url('backoffice'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'set_closed_date', date: day, closed: true }),
    });
    expect(refused.status).toBe(403);
  });

  it('a held place nobody confirms is free again after 15 minutes; five wrong codes release it too', async () => {
    // Tomorrow's: today's first time may pass out of the notice while the clock moves.
    const slot = (await slots()).days[1]?.slots[0];
    if (!slot) throw new Error('no slot offered tomorrow');
    const who = visitor(8);
    const before = await available(slot.startsAt);
    const held = await book({ ...who, startsAt: slot.startsAt });
    expect(held.status).toBe(200);
    expect(await available(slot.startsAt)).toBe(before - 1);
    served.service.ctx.adjustableClock?.advance(14 * 60_000);
    expect(await available(slot.startsAt)).toBe(before - 1);
    served.service.ctx.adjustableClock?.advance(60_000 + 1000);
    // Free again (with any earlier test's unconfirmed hold, too).
    expect(await available(slot.startsAt)).toBeGreaterThanOrEqual(before);
    expect(await confirm(held.body.visitId, who.email)).toMatchObject({
      status: 409,
      body: { code: 'visit_hold_lapsed' },
    });
    await served.service.ctx.jobs.runDue();
    const { rows } = await served.db.query<{ status: string }>(
      sql`select status from visits where id = ${held.body.visitId}`,
    );
    expect(rows[0]?.status).toBe('lapsed');

    const guesser = visitor(9);
    const second = await book({ ...guesser, startsAt: slot.startsAt });
    const right = await codeFor(guesser.email);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      expect(
        (await served.service.post<{ code?: string }>('confirm-visit', { visitId: second.body.visitId, code: wrong }))
          .body.code,
      ).toBe('visit_code_wrong');
    }
    expect(
      (await served.service.post<{ code?: string }>('confirm-visit', { visitId: second.body.visitId, code: wrong }))
        .body.code,
    ).toBe('visit_hold_lapsed');
    expect((await served.service.post('confirm-visit', { visitId: second.body.visitId, code: right })).status).toBe(
      409,
    );
  });

  it('the e-mailed link confirms a held place too (its page has Confirm and Cancel)', async () => {
    const slot = await firstSlot();
    const who = visitor(10);
    const held = await book({ ...who, startsAt: slot.startsAt });
    const link = /\/functions\/v1\/visit\?token=([A-Za-z0-9_-]{43})/.exec(
      (await served.service.sentTo(who.email)).at(-1)?.body ?? '',
    )?.[1];
    const page = await (await fetch(served.service.url(`visit?token=${link}`))).text();
    expect(page).toContain('Confirmar la visita');
    expect(page).not.toContain(who.fullName);
    const confirmed = await fetch(served.service.url('visit-confirm-submit'), {
      method: 'POST',
      body: new URLSearchParams({ token: link ?? '' }),
    });
    expect(await confirmed.text()).toContain('Visita confirmada');
    const { rows } = await served.db.query<{ status: string }>(
      sql`select status from visits where id = ${held.body.visitId}`,
    );
    expect(rows[0]?.status).toBe('booked');
    expect((await served.service.sentTo(who.email)).at(-1)?.subject).toMatch(/^Tu visita el /);
  });

  it('one e-mail and one phone hold at most two future visits; staff cancel many at once, each visitor told', async () => {
    const { days } = await slots();
    const times = days.flatMap((day) => day.slots).slice(0, 4);
    const who = { ...visitor(11), email: `limit.${Date.now()}@example.com` };
    expect((await bookConfirmed({ ...who, startsAt: times[0]?.startsAt })).status).toBe(200);
    const second = await book({ ...who, startsAt: times[1]?.startsAt });
    expect(second.status).toBe(200);
    expect((await book({ ...who, startsAt: times[2]?.startsAt })).body.code).toBe('visits_limit');
    // The same phone with another e-mail, typed otherwise.
    const samePhone = { ...who, email: `other.${Date.now()}@example.com`, phone: '600111111' };
    expect((await book({ ...samePhone, startsAt: times[2]?.startsAt })).body.code).toBe('visits_limit');
    // A phone that is no number is refused as such.
    expect((await book({ ...visitor(12), phone: '+999 123', startsAt: times[3]?.startsAt })).status).toBe(400);

    await confirm(second.body.visitId, who.email);
    const call = await manager();
    const listed = (await call('list_visits', { days: 30 })).body.visits as { visitId: string; email: string }[];
    const mine = listed.filter((v) => v.email === who.email).map((v) => v.visitId);
    expect(mine).toHaveLength(2);
    expect((await call('cancel_visits', { visitIds: mine })).body).toEqual({ cancelled: 2 });
    expect((await call('cancel_visits', { visitIds: mine })).body).toEqual({ cancelled: 0 });
    const told = (await served.service.sentTo(who.email)).filter((m) => m.subject?.startsWith('Hemos cancelado'));
    expect(told).toHaveLength(2);
    // Freed: the same person may book again.
    const again = await bookConfirmed({ ...who, startsAt: times[2]?.startsAt });
    expect(again.status).toBe(200);
    // Once it has begun, a visit is history: a bulk cancel leaves it alone and tells nobody.
    served.service.ctx.adjustableClock?.advance(30 * 24 * 3_600_000);
    expect((await call('cancel_visits', { visitIds: [again.body.visitId] })).body).toEqual({ cancelled: 0 });
  });
});
