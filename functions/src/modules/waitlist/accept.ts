import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import type { Clock } from '../../platform/jobs/clock';
import { holdUntil, scheduleExpiry, type WaitlistContext } from './offers';

const NO_LIVE_OFFER = 'There is no offer to accept, or it has expired.';

/**
 * The entry's holder takes the offer from the private page: the entry leaves the line and the
 * sign-up starts with that product. The hold starts again from now: taking it at hour 47 must
 * not leave one hour for the whole sign-up.
 */
export async function acceptOffer(
  tx: Queryable,
  ctx: Pick<WaitlistContext, 'clock' | 'config' | 'jobs'>,
  entryId: string,
) {
  const { clock } = ctx;
  const { rows } = await tx.query<{
    id: string;
    status: string;
    expires_at: Date | string;
  }>(sql`select id::text, status, expires_at from waitlist_offers
     where entry_id = ${entryId} and status in ('open', 'accepted') for update`);
  const offer = rows[0];
  if (!offer || new Date(offer.expires_at) <= clock.now()) throw new HttpError(409, NO_LIVE_OFFER);
  if (offer.status === 'accepted') return { offerId: offer.id, expiresAt: new Date(offer.expires_at) };
  const expiresAt = holdUntil(ctx);
  await tx.query(
    sql`update waitlist_offers set status = 'accepted', accepted_at = ${clock.now()}, expires_at = ${expiresAt} where id = ${offer.id}`,
  );
  await tx.query(sql`update waitlist_requests set status = 'accepted' where id = ${entryId}`);
  await scheduleExpiry(tx, ctx, offer.id, expiresAt);
  return { offerId: offer.id, expiresAt };
}

/**
 * A registration whose e-mail is now verified takes the units held by an accepted offer made to
 * that e-mail: the verified address proves it is the person the offer was for.
 */
export async function claimHeldUnits(tx: Queryable, clock: Clock, registrationId: string, email: string) {
  const { rows } = await tx.query<{ id: string }>(sql`update waitlist_offers o set registration_id = ${registrationId}
     from waitlist_requests w
     where o.entry_id = w.id and o.status = 'accepted' and o.registration_id is null
       and lower(w.email) = lower(${email}) and o.expires_at > ${clock.now()}
     returning o.id::text`);
  if (rows.length === 0) return 0;
  const { rows: units } = await tx.query(sql`update units set registration_id = ${registrationId}, updated_at = now()
     where offer_id = any(${rows.map((row) => row.id)}::uuid[]) and status = 'held' returning unit_number`);
  return units.length;
}

/** The same, for a registration whose e-mail was verified earlier (a sign-up already under way). */
export async function claimForRegistration(tx: Queryable, clock: Clock, registrationId: string) {
  const { rows } = await tx.query<{ email: string; email_verified: boolean }>(
    sql`select email, email_verified from registrations where id = ${registrationId}`,
  );
  const row = rows[0];
  return row?.email_verified ? claimHeldUnits(tx, clock, registrationId, row.email) : 0;
}
