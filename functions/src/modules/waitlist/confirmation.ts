import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { refusal } from '../../platform/http-error';
import type { EntryRow } from './line';
import { waitlistEntryNotice } from './messages';
import type { WaitlistContext } from './offers';

export const CONFIRMATION_LAPSE_JOB = 'waitlist.confirmation-lapse';
const HOUR = 3_600_000;

/** An unconfirmed entry's deadline on the service clock. */
export const confirmBy = (ctx: Pick<WaitlistContext, 'config'>, joinedAt: Date) =>
  new Date(joinedAt.getTime() + ctx.config.WAITLIST_CONFIRM_HOURS * HOUR);

/** The job that lapses the entry if nobody confirmed it by then. */
export async function scheduleConfirmationLapse(
  tx: Queryable,
  ctx: Pick<WaitlistContext, 'jobs' | 'config'>,
  entryId: string,
  joinedAt: Date,
): Promise<void> {
  await ctx.jobs.schedule(tx, {
    kind: CONFIRMATION_LAPSE_JOB,
    payload: { entryId },
    runAt: confirmBy(ctx, joinedAt),
    key: `${CONFIRMATION_LAPSE_JOB}:${entryId}`,
  });
}

/** Run at the deadline: an entry still unconfirmed lapses (it was never in line, nothing else changes). */
export async function lapseUnconfirmed(tx: Queryable, ctx: Pick<WaitlistContext, 'clock'>, entryId: string) {
  await tx.query(
    sql`update waitlist_requests set status = 'lapsed', left_at = ${ctx.clock.now()} where id = ${entryId} and status = 'unconfirmed'`,
  );
}

/**
 * The entry's own e-mail confirmed it (its private link travels only there): it enters the line
 * now, at the back, and the business hears of it. Confirming twice is harmless; after the
 * deadline the visitor must join again (refused). The entry is locked by the caller.
 */
export async function confirmEntry(tx: Queryable, ctx: WaitlistContext, entry: EntryRow): Promise<void> {
  if (entry.status === 'lapsed') throw refusal('waitlist_confirmation_lapsed');
  if (entry.status !== 'unconfirmed') return;
  const now = ctx.clock.now();
  if (confirmBy(ctx, new Date(entry.created_at)) <= now) throw refusal('waitlist_confirmation_lapsed');
  // The line is kept by `created_at` (staff's "to the back" moves it too): in line from now.
  await tx.query(
    sql`update waitlist_requests set status = 'waiting', confirmed_at = ${now}, created_at = ${now} where id = ${entry.id}`,
  );
  await ctx.mailer.send(
    {
      to: ctx.config.BUSINESS_EMAIL,
      versions: [
        waitlistEntryNotice({
          fullName: entry.full_name,
          phone: entry.phone,
          email: entry.email,
          timeframe: entry.timeframe,
          productName: entry.product_name,
          productPid: entry.product_pid,
          unitsRequired: entry.units_required,
          volumeRequested: Number(entry.volume_requested),
          proceso: entry.proceso,
        }),
      ],
    },
    tx,
  );
}
