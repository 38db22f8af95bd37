import { randomUUID } from 'node:crypto';
import { createEvent } from 'ics';
import type { BookVisitRequest } from 'shared-api';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { toIso } from '../../platform/db/iso';
import { sql } from '../../platform/db/sql';
import { HttpError, refusal } from '../../platform/http-error';
import type { JobHandler } from '../../platform/jobs/queue';
import { callableNumber, phoneDigits } from '../../platform/phone-numbers';
import { newToken, sha256 } from '../../platform/security/secrets';
import { claimMessage } from '../notifications';
import { generateVerificationCode, sameHash } from '../sign-up';
import { confirmVisitEmail, visitBookedEmail, visitBookedNotice, visitCancelledEmail } from './messages';
import { bookedCounts, closedDates, loadRules, takesPlace } from './records';
import { isSlotStart } from './slots';

type BookingContext = Pick<FunctionContext, 'mailer' | 'config' | 'clock' | 'jobs'>;

/** The calendar file of a visit: UTC times, the facility's address, the cancel link. */
function visitCalendar(
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

const HOLD_CODE_TRIES = 5;

/** The code of a held visit, bound to it (a hash from one row is useless in another). */
const hashVisitCode = (visitId: string, code: string) => sha256(`visit:${visitId}:${code}`);

/** The visit's own page (confirm or cancel), reached only from the e-mail to the visitor. */
function visitPageUrl(siteUrl: string, token: string): URL {
  const url = new URL('/functions/v1/visit', siteUrl);
  url.searchParams.set('token', token);
  return url;
}

/**
 * Holds a place at a slot start for VISIT_HOLD_MINUTES, under the rules' row lock, so two
 * bookings of the last place cannot both succeed; the visitor confirms it with the code (or the
 * link) e-mailed to them, and only then is it a visit (and the business hears of it). One e-mail
 * and one phone have at most VISITS_PER_CONTACT future visits, held or booked. The e-mail carries
 * nothing the visitor typed: the address is not proven theirs yet.
 */
export async function bookVisit(tx: Queryable, ctx: BookingContext, request: BookVisitRequest) {
  if (!callableNumber(request.phone)) throw new HttpError(400, 'Invalid phone', { phone: 'Invalid phone' });
  const rules = await loadRules(tx, true);
  const startsAt = new Date(request.startsAt);
  const now = ctx.clock.now();
  const closed = new Set((await closedDates(tx)).map((day) => day.date));
  if (!isSlotStart(rules, closed, startsAt, now)) {
    throw refusal('visit_slot_unavailable');
  }
  const booked = (await bookedCounts(tx, startsAt, now)).get(startsAt.toISOString()) ?? 0;
  if (booked >= rules.capacity) throw refusal('visit_slot_full');
  const email = request.email.trim();
  const phoneTail = phoneDigits(request.phone);
  const upcoming = sql`select count(*)::int as n from visits
    where (lower(email) = lower(${email}) or right(regexp_replace(phone, '\\D', '', 'g'), 9) = ${phoneTail})
      and starts_at > ${now} and ${takesPlace(now)}`;
  const { rows: future } = await tx.query<{ n: number }>(upcoming);
  if ((future[0]?.n ?? 0) >= ctx.config.VISITS_PER_CONTACT) throw refusal('visits_limit');
  await claimMessage(tx, ctx, 'email', email);
  const id = randomUUID();
  const endsAt = new Date(startsAt.getTime() + rules.slotMinutes * 60_000);
  const holdUntil = new Date(now.getTime() + ctx.config.VISIT_HOLD_MINUTES * 60_000);
  const link = newToken();
  const code = generateVerificationCode();
  await tx.query(sql`insert into visits (id, starts_at, ends_at, full_name, phone, email, language, cancel_token_hash,
       status, hold_until, confirm_code_hash, created_at, page_token_hash)
     values (${id}, ${startsAt.toISOString()}, ${endsAt.toISOString()}, ${request.fullName}, ${request.phone}, ${email}, ${request.language}, ${
       // The cancel link is made at confirmation; until then only the page link opens the visit.
       newToken().hash
     }, 'pending', ${holdUntil}, ${hashVisitCode(id, code)}, ${now}, ${link.hash})`);
  await ctx.jobs.schedule(tx, {
    kind: VISIT_HOLD_JOB,
    payload: { visitId: id },
    runAt: holdUntil,
    key: `${VISIT_HOLD_JOB}:${id}`,
  });
  const language = request.language;
  await ctx.mailer.send(
    {
      to: email,
      versions: [
        confirmVisitEmail(language, {
          confirmationCode: code,
          start: startsAt,
          holdMinutes: ctx.config.VISIT_HOLD_MINUTES,
          pageUrl: visitPageUrl(ctx.config.PUBLIC_SITE_URL, link.token).toString(),
          business: { name: ctx.config.BUSINESS_NAME },
        }),
      ],
    },
    tx,
  );
  return {
    visitId: id,
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    status: 'pending' as const,
    holdUntil: holdUntil.toISOString(),
  };
}

interface HeldVisit extends Record<string, unknown> {
  id: string;
  status: 'pending' | 'booked' | 'cancelled' | 'lapsed';
  hold_until: Date | string | null;
  confirm_code_hash: string | null;
  confirm_attempts: number;
}

export type ConfirmOutcome = 'confirmed' | 'wrong_code' | 'lapsed';

/** When a visit is, and until when its place is held: for the booker's page (nothing they typed). */
export async function visitTimes(
  q: Queryable,
  visitId: string,
): Promise<{ startsAt: string; holdUntil: string | null } | null> {
  const { rows } = await q.query<{ starts_at: Date | string; hold_until: Date | string | null }>(
    sql`select starts_at, hold_until from visits where id = ${visitId}`,
  );
  const row = rows[0];
  return row ? { startsAt: toIso(row.starts_at) ?? '', holdUntil: toIso(row.hold_until) } : null;
}

/**
 * Confirms a held visit, by its code (`code`) or its e-mailed link (`code` null: the link is the
 * proof). A wrong code counts; the fifth releases the hold. Confirmed: the visitor gets the
 * calendar file and the cancel link, the business is told. Confirming again changes nothing.
 */
export async function confirmVisit(
  tx: Queryable,
  ctx: BookingContext,
  visitId: string,
  code: string | null,
): Promise<ConfirmOutcome> {
  // The rules' row lock, as bookVisit takes it: a hold confirmed as it lapses and a booking of
  // its place just freed cannot both count.
  await loadRules(tx, true);
  const { rows } = await tx.query<HeldVisit>(
    sql`select id::text, status, hold_until, confirm_code_hash, confirm_attempts from visits where id = ${visitId} for update`,
  );
  const visit = rows[0];
  if (!visit) return 'lapsed';
  if (visit.status === 'booked') return 'confirmed';
  const now = ctx.clock.now();
  if (visit.status !== 'pending' || !visit.hold_until || new Date(visit.hold_until) <= now) return 'lapsed';
  if (code !== null) {
    const right = /^\d{6}$/.test(code) && sameHash(visit.confirm_code_hash ?? '', hashVisitCode(visit.id, code));
    if (!right) {
      const tries = visit.confirm_attempts + 1;
      await tx.query(sql`update visits set confirm_attempts = ${tries}::integer,
           status = case when ${tries}::integer >= ${HOLD_CODE_TRIES}::integer then 'lapsed' else status end where id = ${visit.id}`);
      return tries >= HOLD_CODE_TRIES ? 'lapsed' : 'wrong_code';
    }
  }
  await tx.query(
    sql`update visits set status = 'booked', confirmed_at = ${now}, confirm_code_hash = null, hold_until = null where id = ${visit.id}`,
  );
  await tellVisitBooked(tx, ctx, visit.id);
  return 'confirmed';
}

/** The hold's deadline: a visit still unconfirmed lapses (its place was free again already). */
async function lapseVisitHold(tx: Queryable, ctx: Pick<BookingContext, 'clock'>, visitId: string) {
  await tx.query(
    sql`update visits set status = 'lapsed' where id = ${visitId} and status = 'pending' and hold_until <= ${ctx.clock.now()}`,
  );
}

const VISIT_HOLD_JOB = 'visits.hold-lapse';

/** The visits' timed work, by job kind. */
export function visitJobs(ctx: Pick<BookingContext, 'clock'>): Record<string, JobHandler> {
  return { [VISIT_HOLD_JOB]: (tx, payload) => lapseVisitHold(tx, ctx, String(payload.visitId)) };
}

/** A confirmed visit's e-mails: the calendar file and a new cancel link to the visitor, a note to the business. */
async function tellVisitBooked(tx: Queryable, ctx: BookingContext, visitId: string) {
  const { rows } = await tx.query<{
    full_name: string;
    phone: string;
    email: string;
    language: 'es' | 'en';
    starts_at: Date | string;
    ends_at: Date | string;
  }>(sql`select full_name, phone, email, language, starts_at, ends_at from visits where id = ${visitId}`);
  const visit = rows[0];
  if (!visit) return;
  const startsAt = new Date(visit.starts_at);
  const endsAt = new Date(visit.ends_at);
  // The cancel link's token (only its hash is kept); the held visit's page link keeps working too.
  const link = newToken();
  await tx.query(sql`update visits set cancel_token_hash = ${link.hash} where id = ${visitId}`);
  const site = new URL(ctx.config.PUBLIC_SITE_URL);
  const cancelUrl = visitPageUrl(ctx.config.PUBLIC_SITE_URL, link.token);
  const language = visit.language;
  const calendar = visitCalendar(
    { id: visitId, startsAt, endsAt, cancelUrl: cancelUrl.toString() },
    { name: ctx.config.BUSINESS_NAME, address: ctx.config.BUSINESS_ADDRESS, host: site.hostname },
    language,
  );
  await ctx.mailer.send(
    {
      to: visit.email,
      versions: [
        visitBookedEmail(language, {
          start: startsAt,
          cancelUrl: cancelUrl.toString(),
          business: { address: ctx.config.BUSINESS_ADDRESS },
        }),
      ],
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
  await ctx.mailer.send(
    {
      to: ctx.config.BUSINESS_EMAIL,
      versions: [
        visitBookedNotice({ fullName: visit.full_name, phone: visit.phone, email: visit.email, start: startsAt }),
      ],
    },
    tx,
  );
}

/**
 * Cancels a booked visit (its own link, or staff), or a held one by its own link (`held`); false
 * when it was not any more.
 */
export async function cancelVisit(tx: Queryable, visitId: string, by: string, { held = false } = {}): Promise<boolean> {
  const { rows } = await tx.query(sql`update visits set status = 'cancelled', cancelled_at = now(), cancelled_by = ${by}
     where id = ${visitId} and (status = 'booked' or (${held} and status = 'pending')) returning id`);
  return rows.length > 0;
}

/**
 * Staff cancelled a booked visit: the visitor hears it from us, in their language, with the way
 * to book another (the home page's Book a visit), instead of finding a closed door.
 */
export async function tellVisitCancelledByStaff(tx: Queryable, ctx: BookingContext, visitId: string): Promise<void> {
  const { rows } = await tx.query<{ full_name: string; email: string; language: 'es' | 'en'; starts_at: Date }>(
    sql`select full_name, email, language, starts_at from visits where id = ${visitId}`,
  );
  const visit = rows[0];
  if (!visit) return;
  const start = new Date(visit.starts_at);
  const { BUSINESS_NAME: name, BUSINESS_PHONE: phone, BUSINESS_ADDRESS: address } = ctx.config;
  await ctx.mailer.send(
    {
      to: visit.email,
      versions: [
        visitCancelledEmail(visit.language, {
          fullName: visit.full_name,
          start,
          homeUrl: new URL(`/${visit.language}`, ctx.config.PUBLIC_SITE_URL).toString(),
          business: { name, phone, address },
        }),
      ],
    },
    tx,
  );
}
