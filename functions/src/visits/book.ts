import { randomUUID } from 'node:crypto';
import { createEvent } from 'ics';
import type { BookVisitRequest } from 'shared-api';
import type { FunctionContext } from '../context';
import type { Queryable } from '../db';
import { newToken } from '../functions/abridor/secrets';
import { refusal } from '../http-error';
import { madridDate, madridTime } from '../madrid-time';
import { bookedCounts, closedDates, loadRules } from './records';
import { isSlotStart } from './slots';

type BookingContext = Pick<FunctionContext, 'mailer' | 'config' | 'clock'>;

const WHEN = {
  es: (start: Date) => `el ${madridDate(start).split('-').reverse().join('/')} a las ${madridTime(start)}`,
  en: (start: Date) => `on ${madridDate(start)} at ${madridTime(start)}`,
};

/** The calendar file of a visit: UTC times, the facility's address, the cancel link. */
export function visitCalendar(
  visit: { id: string; startsAt: Date; endsAt: Date; cancelUrl: string },
  business: { name: string; address: string; host: string },
  language: 'es' | 'en',
): string {
  const { error, value } = createEvent({
    uid: `${visit.id}@${business.host}`,
    method: 'PUBLISH',
    start: visit.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: visit.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: language === 'es' ? `Visita a ${business.name}` : `Visit to ${business.name}`,
    location: business.address,
    description: `${language === 'es' ? 'Para cancelar la visita' : 'To cancel the visit'}: ${visit.cancelUrl}`,
    status: 'CONFIRMED',
  });
  if (error || !value) throw error ?? new Error('calendar event not made');
  return value;
}

/**
 * Books a visit at a slot start: under the rules' row lock, so two bookings of the last place
 * cannot both succeed. E-mails the visitor (with the calendar file and a cancel link) and the
 * business, in the same transaction.
 */
export async function bookVisit(tx: Queryable, ctx: BookingContext, request: BookVisitRequest) {
  const rules = await loadRules(tx, true);
  const startsAt = new Date(request.startsAt);
  const now = ctx.clock.now();
  const closed = new Set((await closedDates(tx)).map((day) => day.date));
  if (!isSlotStart(rules, closed, startsAt, now)) {
    throw refusal('visit_slot_unavailable');
  }
  const booked = (await bookedCounts(tx, startsAt)).get(startsAt.toISOString()) ?? 0;
  if (booked >= rules.capacity) throw refusal('visit_slot_full');
  const id = randomUUID();
  const endsAt = new Date(startsAt.getTime() + rules.slotMinutes * 60_000);
  const link = newToken();
  await tx.query(
    `insert into visits (id, starts_at, ends_at, full_name, phone, email, language, cancel_token_hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      id,
      startsAt.toISOString(),
      endsAt.toISOString(),
      request.fullName,
      request.phone,
      request.email,
      request.language,
      link.hash,
    ],
  );
  const site = new URL(ctx.config.PUBLIC_SITE_URL);
  const cancelUrl = new URL('/functions/v1/visit-cancel', site);
  cancelUrl.searchParams.set('token', link.token);
  const language = request.language;
  const when = WHEN[language](startsAt);
  const calendar = visitCalendar(
    { id, startsAt, endsAt, cancelUrl: cancelUrl.toString() },
    { name: ctx.config.BUSINESS_NAME, address: ctx.config.BUSINESS_ADDRESS, host: site.hostname },
    language,
  );
  await ctx.mailer.queue(
    {
      to: request.email,
      subject: language === 'es' ? `Tu visita ${when}` : `Your visit ${when}`,
      text: (language === 'es'
        ? [
            `Hola ${request.fullName}:`,
            '',
            `Te esperamos ${when} (hora de España peninsular) en ${ctx.config.BUSINESS_ADDRESS}.`,
            'Añade la visita a tu calendario con el archivo adjunto.',
            '',
            `Si no puedes venir, cancélala aquí: ${cancelUrl}`,
          ]
        : [
            `Hello ${request.fullName},`,
            '',
            `We expect you ${when} (Spanish mainland time) at ${ctx.config.BUSINESS_ADDRESS}.`,
            'Add the visit to your calendar with the attached file.',
            '',
            `If you cannot come, cancel it here: ${cancelUrl}`,
          ]
      ).join('\n'),
      attachments: [
        {
          filename: 'visita.ics',
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: Buffer.from(calendar),
        },
      ],
    },
    tx,
  );
  await ctx.mailer.queue(
    {
      to: ctx.config.BUSINESS_EMAIL,
      subject: `Visita reservada ${WHEN.es(startsAt)} · ${request.fullName}`,
      text: [`${request.fullName} · ${request.phone} · ${request.email}`, `Visita ${WHEN.es(startsAt)}.`].join('\n'),
    },
    tx,
  );
  return { visitId: id, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() };
}

/** Cancels a booked visit (its own link, or staff); false when it was not booked any more. */
export async function cancelVisit(tx: Queryable, visitId: string, by: string): Promise<boolean> {
  const { rows } = await tx.query(
    `update visits set status = 'cancelled', cancelled_at = now(), cancelled_by = $2
     where id = $1 and status = 'booked' returning id`,
    [visitId, by],
  );
  return rows.length > 0;
}

/**
 * Staff cancelled a booked visit: the visitor hears it from us, in their language, with the way
 * to book another (the home page's Book a visit), instead of finding a closed door.
 */
export async function tellVisitCancelledByStaff(tx: Queryable, ctx: BookingContext, visitId: string): Promise<void> {
  const { rows } = await tx.query<{ full_name: string; email: string; language: 'es' | 'en'; starts_at: Date }>(
    'select full_name, email, language, starts_at from visits where id = $1',
    [visitId],
  );
  const visit = rows[0];
  if (!visit) return;
  const start = new Date(visit.starts_at);
  const when = WHEN[visit.language](start);
  const home = new URL(`/${visit.language}`, ctx.config.PUBLIC_SITE_URL).toString();
  const { BUSINESS_NAME: name, BUSINESS_PHONE: phone } = ctx.config;
  await ctx.mailer.queue(
    {
      to: visit.email,
      subject: visit.language === 'es' ? `Hemos cancelado tu visita ${when}` : `We have cancelled your visit ${when}`,
      text: (visit.language === 'es'
        ? [
            `Hola ${visit.full_name}:`,
            '',
            `Lo sentimos: hemos tenido que cancelar tu visita a ${name} ${when}.`,
            `Puedes reservar otra cuando quieras desde ${home} (botón «Reservar visita»), o llamarnos al ${phone}.`,
          ]
        : [
            `Hello ${visit.full_name},`,
            '',
            `We are sorry: we have had to cancel your visit to ${name} ${when}.`,
            `You can book another whenever you like at ${home} ("Book a visit"), or call us on ${phone}.`,
          ]
      ).join('\n'),
    },
    tx,
  );
}
