import { NOTICE_DAYS } from 'shared-api';
import type { Language } from 'shared-i18n';
import { tellTenant } from '../../adapters/tell-tenant';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { paragraph } from '../../platform/email/content';
import { HttpError, refusal } from '../../platform/http-error';
import type { JobHandler } from '../../platform/jobs/queue';
import { addDays, fromMadrid, madridDate, spanishDate } from '../../platform/madrid-time';
import type { MoveInContext } from './context';
import { endRental } from './end-rental';

/** The rental ends at the end of the move-out day (the tenant empties the unit that day). */
const MOVE_OUT_JOB = 'rental.move-out';
const MOVE_OUT_REMINDER_JOB = 'rental.move-out-reminder';
const REMINDER_DAYS_BEFORE = 3;
/** Notice is for a move-out within a year; further ahead is a mistyped date. */
const LATEST_DAYS = 365;

/** The first day a tenant giving notice today may move out (`YYYY-MM-DD`, the facility's calendar). */
export const earliestMoveOut = (today: string) => addDays(today, NOTICE_DAYS);
/** The last day they may choose today. */
export const latestMoveOut = (today: string) => addDays(today, LATEST_DAYS);

type NoticeContext = Pick<FunctionContext, 'clock' | 'mailer' | 'jobs'>;

interface TenantRow extends Record<string, unknown> {
  email: string;
  full_name: string;
  language: Language;
  registration_code: string;
  move_in_status: string | null;
}

async function tenancy(tx: Queryable, registrationId: string): Promise<TenantRow> {
  const { rows } = await tx.query<TenantRow>(sql`select email, full_name, language, registration_code, move_in_status
     from registrations where id = ${registrationId} for update`);
  const row = rows[0];
  if (row?.move_in_status !== 'allocated') throw refusal('rental_not_active');
  return row;
}

const dateIn = (day: string, language: Language) => (language === 'en' ? day : spanishDate(day));

/**
 * The tenant gives notice (or staff for them): the rental ends at the end of `moveOutOn`, no
 * earlier than the contract's notice allows. A reminder goes out three days before; on the day the
 * job queue ends the rental through the usual path. Giving notice again moves the date.
 */
export async function giveNotice(
  tx: Queryable,
  ctx: NoticeContext,
  input: { registrationId: string; moveOutOn: string },
): Promise<{ moveOutOn: string }> {
  const tenant = await tenancy(tx, input.registrationId);
  const today = madridDate(ctx.clock.now());
  const earliest = earliestMoveOut(today);
  if (input.moveOutOn < earliest) {
    throw new HttpError(400, `The earliest move-out with ${NOTICE_DAYS} days' notice is ${earliest}.`, {
      moveOutOn: `The earliest move-out is ${earliest}`,
    });
  }
  if (input.moveOutOn > latestMoveOut(today)) {
    throw new HttpError(400, 'Choose a move-out date within a year.', { moveOutOn: 'Choose a date within a year' });
  }
  await tx.query(sql`update registrations set move_out_on = ${input.moveOutOn}::date, notice_given_at = ${ctx.clock.now()},
       updated_at = now() where id = ${input.registrationId}`);
  await ctx.jobs.schedule(tx, {
    kind: MOVE_OUT_JOB,
    payload: { registrationId: input.registrationId, day: input.moveOutOn },
    runAt: fromMadrid(addDays(input.moveOutOn, 1), '00:00'),
    key: `move-out:${input.registrationId}:${input.moveOutOn}`,
  });
  const remindOn = addDays(input.moveOutOn, -REMINDER_DAYS_BEFORE);
  if (remindOn > today) {
    await ctx.jobs.schedule(tx, {
      kind: MOVE_OUT_REMINDER_JOB,
      payload: { registrationId: input.registrationId, day: input.moveOutOn },
      runAt: fromMadrid(remindOn, '09:00'),
      key: `move-out-reminder:${input.registrationId}:${input.moveOutOn}`,
    });
  }
  const day = { es: dateIn(input.moveOutOn, 'es'), en: dateIn(input.moveOutOn, 'en') };
  await tellTenant(tx, ctx, tenant, {
    en: {
      subject: `Notice received · ${tenant.registration_code}`,
      blocks: [
        paragraph(`We have your notice: your rental ends at the end of ${day.en}.`),
        paragraph('Please leave the unit empty and clean by then; your PIN works until that day ends.'),
      ],
    },
    es: {
      subject: `Aviso recibido · ${tenant.registration_code}`,
      blocks: [
        paragraph(`Hemos recibido tu aviso: tu alquiler termina al final del ${day.es}.`),
        paragraph('Deja el trastero vacío y limpio para entonces; tu PIN funciona hasta que acabe ese día.'),
      ],
    },
  });
  return { moveOutOn: input.moveOutOn };
}

/** The tenant stays after all: the notice is withdrawn (its jobs find no notice on their day). */
export async function withdrawNotice(
  tx: Queryable,
  ctx: Pick<FunctionContext, 'mailer'>,
  registrationId: string,
): Promise<void> {
  const tenant = await tenancy(tx, registrationId);
  const { rows } = await tx.query(sql`update registrations set move_out_on = null, notice_given_at = null,
       updated_at = now() where id = ${registrationId} and move_out_on is not null returning id`);
  // Nothing to withdraw (already withdrawn, or never given): said, not recorded as done.
  if (!rows.length) throw refusal('no_notice');
  // Told, so a notice withdrawn by staff (on the phone) is not a surprise.
  await tellTenant(tx, ctx, tenant, {
    en: {
      subject: `Notice withdrawn · ${tenant.registration_code}`,
      blocks: [paragraph('Your notice to move out is withdrawn: your rental goes on as before.')],
    },
    es: {
      subject: `Aviso retirado · ${tenant.registration_code}`,
      blocks: [paragraph('Tu aviso de baja está retirado: el alquiler sigue como hasta ahora.')],
    },
  });
}

/** The notice's timed work: the reminder, and the end of the rental on its day (if still so). */
export function noticeJobs(ctx: MoveInContext): Record<string, JobHandler> {
  const stillDue = async (tx: Queryable, payload: Record<string, unknown>) => {
    const { rows } = await tx.query<TenantRow & { move_out_on: string | null }>(sql`select email, full_name, language,
         registration_code, move_in_status, to_char(move_out_on, 'YYYY-MM-DD') as move_out_on
       from registrations where id = ${String(payload.registrationId)} for update`);
    const row = rows[0];
    return row?.move_in_status === 'allocated' && row.move_out_on === String(payload.day) ? row : null;
  };
  return {
    [MOVE_OUT_REMINDER_JOB]: async (tx, payload) => {
      const tenant = await stillDue(tx, payload);
      if (!tenant) return;
      const day = String(payload.day);
      await tellTenant(tx, ctx, tenant, {
        en: {
          subject: `Your rental ends on ${day}`,
          blocks: [
            paragraph(`A reminder: your rental ends at the end of ${day}. Please leave the unit empty and clean.`),
          ],
        },
        es: {
          subject: `Tu alquiler termina el ${spanishDate(day)}`,
          blocks: [
            paragraph(
              `Te recordamos que tu alquiler termina al final del ${spanishDate(day)}. Deja el trastero vacío y limpio.`,
            ),
          ],
        },
      });
    },
    [MOVE_OUT_JOB]: async (tx, payload) => {
      if (!(await stillDue(tx, payload))) return;
      // The move-out day was the last one let: a period beginning the day after is not owed.
      await endRental(
        tx,
        ctx,
        String(payload.registrationId),
        { userId: null, usuario: 'aviso-del-inquilino', ip: null },
        { lastDay: String(payload.day) },
      );
    },
  };
}
