import { randomUUID } from 'node:crypto';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { madridDateTime } from '../../platform/madrid-time';
import { MAX_UNITS } from '../catalogue';
import { type EntryRow, productNameFor } from './line';
import { issuePrivateLink } from './links';
import { offerClosedEmail, offerEmail } from './messages';

export type WaitlistContext = Pick<FunctionContext, 'mailer' | 'sms' | 'config' | 'log' | 'clock' | 'jobs'>;

export const OFFER_ROUND_JOB = 'waitlist.offer-round';
export const OFFER_EXPIRY_JOB = 'waitlist.offer-expiry';

/** Units of a product became free (a rental ended, a unit came back, a hold ran out): offer them, soon. */
export async function unitsFreed(
  tx: Queryable,
  ctx: { jobs: Pick<WaitlistContext['jobs'], 'schedule'> },
  productIds: number[],
) {
  for (const productId of new Set(productIds)) {
    await ctx.jobs.schedule(tx, { kind: OFFER_ROUND_JOB, payload: { productId }, key: `offer-round:${productId}` });
  }
}

interface OfferRow extends Record<string, unknown> {
  id: string;
  entry_id: string;
  product_id: number;
  status: 'open' | 'accepted' | 'expired' | 'lapsed' | 'fulfilled' | 'withdrawn';
  expires_at: Date | string;
}

/**
 * An offer round for a product: while units are free, the first entry in line that they fit gets
 * an offer holding its units until the deadline, by e-mail and SMS. Held units are offered to
 * nobody else. Returns the offers made.
 */
export async function offerRound(tx: Queryable, ctx: WaitlistContext, productId: number): Promise<string[]> {
  const made: string[] = [];
  for (;;) {
    const { rows: free } = await tx.query<{
      unit_number: string;
    }>(sql`select unit_number from units where product_id = ${productId} and status = 'available'
       order by unit_number for update skip locked`);
    if (free.length === 0) break;
    const { rows: entries } =
      await tx.query<EntryRow>(sql`select id::text, full_name, email, phone, product_pid, product_name, language, units_required from waitlist_requests
       where product_pid = ${String(productId)} and status = 'waiting' and units_required <= least(${free.length}::integer, ${MAX_UNITS}::integer)
       order by created_at, id limit 1 for update skip locked`);
    const entry = entries[0];
    if (!entry) break;
    const offerId = await makeOffer(
      tx,
      ctx,
      entry,
      productId,
      free.map((unit) => unit.unit_number),
    );
    made.push(offerId);
  }
  return made;
}

/**
 * Holds the first `entry.units_required` of `free` (locked by the caller) for the entry until the
 * deadline, and tells them by e-mail and SMS. The entry is locked by the caller too.
 */
export async function makeOffer(
  tx: Queryable,
  ctx: WaitlistContext,
  entry: EntryRow,
  productId: number,
  free: string[],
): Promise<string> {
  const offerId = randomUUID();
  const now = ctx.clock.now();
  // Held for the short window until its page is opened (then the full one): an offer to an
  // entry nobody reads must not keep stock off the market for two days.
  const expiresAt = unopenedUntil(ctx, now);
  await tx.query(
    sql`insert into waitlist_offers (id, entry_id, product_id, created_at, expires_at) values (${offerId}, ${entry.id}, ${productId}, ${now}, ${expiresAt})`,
  );
  const held = free.slice(0, entry.units_required);
  await tx.query(
    sql`update units set status = 'held', offer_id = ${offerId}, updated_at = now() where unit_number = any(${held}::text[])`,
  );
  await tx.query(sql`update waitlist_requests set status = 'offered' where id = ${entry.id}`);
  await scheduleExpiry(tx, ctx, offerId, expiresAt);
  await tellOffer(tx, ctx, entry, held, expiresAt);
  ctx.log.info({ offerId, entryId: entry.id, productId, held }, 'waitlist offer made');
  return offerId;
}

/**
 * An entry leaves the line (by its link, or removed by staff): an offer it held or took without
 * a sign-up yet is withdrawn and its units go to the next in line. The entry is locked first.
 * False when it had left already.
 */
export async function leaveLine(
  tx: Queryable,
  ctx: { jobs: Pick<WaitlistContext['jobs'], 'schedule'> },
  entryId: string,
): Promise<boolean> {
  const { rows: entry } = await tx.query<{ status: string }>(
    sql`select status from waitlist_requests where id = ${entryId} for update`,
  );
  if (!entry[0] || entry[0].status === 'left') return false;
  // Entry, units, offer: the lock order of the offer's deadline.
  await tx.query(sql`select 1 from units where status = 'held'
       and offer_id in (select id from waitlist_offers where entry_id = ${entryId}) for update`);
  await tx.query(sql`update waitlist_requests set status = 'left', left_at = now() where id = ${entryId}`);
  await withdrawOffers(tx, ctx, entryId);
  return true;
}

/** The entry's live offers (open, or taken without a sign-up yet) end; their units go to the line. */
export async function withdrawOffers(
  tx: Queryable,
  ctx: { jobs: Pick<WaitlistContext['jobs'], 'schedule'> },
  entryId: string,
): Promise<void> {
  const { rows } = await tx.query<{
    product_id: number;
  }>(sql`update waitlist_offers set status = 'withdrawn', closed_at = now()
     where entry_id = ${entryId} and (status = 'open' or (status = 'accepted' and registration_id is null))
     returning product_id`);
  if (!rows.length) return;
  await tx.query(sql`update units set status = 'available', offer_id = null, registration_id = null, updated_at = now()
     where status = 'held' and offer_id in (select id from waitlist_offers where entry_id = ${entryId})`);
  await unitsFreed(
    tx,
    ctx,
    rows.map((row) => row.product_id),
  );
}

/** The offer's deadline as a job; a new deadline is a new job (the earlier one finds it not due and does nothing). */
export async function scheduleExpiry(
  tx: Queryable,
  ctx: Pick<WaitlistContext, 'jobs'>,
  offerId: string,
  expiresAt: Date,
): Promise<void> {
  await ctx.jobs.schedule(tx, {
    kind: OFFER_EXPIRY_JOB,
    payload: { offerId },
    runAt: expiresAt,
    key: `offer-expiry:${offerId}:${expiresAt.toISOString()}`,
  });
}

/** How long an offer made at `madeAt` holds while its page was never opened. */
const unopenedUntil = (ctx: Pick<WaitlistContext, 'config'>, madeAt: Date) =>
  new Date(
    madeAt.getTime() + Math.min(ctx.config.WAITLIST_UNOPENED_OFFER_HOURS, ctx.config.WAITLIST_OFFER_HOURS) * 3_600_000,
  );

/**
 * The entry's page was opened while its offer was open: the offer holds for the full
 * WAITLIST_OFFER_HOURS from when it was made. Once per offer; the entry is locked by the caller.
 */
export async function markOfferOpened(
  tx: Queryable,
  ctx: Pick<WaitlistContext, 'clock' | 'config' | 'jobs'>,
  entryId: string,
): Promise<void> {
  const now = ctx.clock.now();
  const { rows } = await tx.query<{ id: string; expires_at: Date | string }>(sql`update waitlist_offers
     set opened_at = ${now},
       expires_at = greatest(expires_at, created_at + make_interval(secs => ${ctx.config.WAITLIST_OFFER_HOURS * 3600}))
     where entry_id = ${entryId} and status = 'open' and opened_at is null and expires_at > ${now}
     returning id::text, expires_at`);
  for (const offer of rows) await scheduleExpiry(tx, ctx, offer.id, new Date(offer.expires_at));
}

/** A fresh hold window from now on the service's clock. */
export const holdUntil = (ctx: Pick<WaitlistContext, 'clock' | 'config'>) =>
  new Date(ctx.clock.now().getTime() + ctx.config.WAITLIST_OFFER_HOURS * 3_600_000);

async function tellOffer(tx: Queryable, ctx: WaitlistContext, entry: EntryRow, held: string[], expiresAt: Date) {
  // The private page is the way in (a new link: only hashes of the earlier ones are kept).
  const links = await issuePrivateLink(tx, entry.id, ctx.config.PUBLIC_SITE_URL);
  const units = held.join(', ');
  // In the language the visitor joined in, the product named in it.
  const language = entry.language ?? 'es';
  const product = await productNameFor(tx, entry);
  const until = madridDateTime(expiresAt, language);
  const full = madridDateTime(
    new Date(ctx.clock.now().getTime() + ctx.config.WAITLIST_OFFER_HOURS * 3_600_000),
    language,
  );
  const link = links[language];
  await ctx.mailer.send(
    {
      to: entry.email,
      versions: [
        offerEmail(language, { fullName: entry.full_name, product, units, until, fullHold: full, pageUrl: link }),
      ],
    },
    tx,
  );
  await ctx.sms.queue(
    {
      to: entry.phone.replace(/\s+/g, ''),
      text:
        language === 'es'
          ? `Trasteros: ${product} disponible para ti hasta ${until}. Empieza el alta: ${link}`
          : `Storage: ${product} is available for you until ${until}. Start your sign-up: ${link}`,
    },
    tx,
  );
}

/**
 * An offer's deadline: its units still held go back to the line (the next round offers them),
 * an offer not taken expires, and an accepted one whose sign-up did not complete lapses (an
 * abandoned sign-up). Completed sign-ups occupied their units already: nothing to do.
 */
export async function expireOffer(tx: Queryable, ctx: WaitlistContext, offerId: string): Promise<boolean> {
  // Lock order everywhere: entry, units, offer (accept and leave take the entry first too).
  const { rows: owner } = await tx.query<{ entry_id: string }>(
    sql`select entry_id::text from waitlist_offers where id = ${offerId}`,
  );
  if (!owner[0]) return false;
  await tx.query(sql`select 1 from waitlist_requests where id = ${owner[0].entry_id} for update`);
  await tx.query(sql`select 1 from units where offer_id = ${offerId} for update`);
  const { rows } = await tx.query<
    OfferRow & { paid: boolean }
  >(sql`select o.id::text, o.entry_id::text, o.product_id, o.status, o.expires_at,
       exists (select 1 from payments p where p.registration_id = o.registration_id and p.status = 'completed' and p.purpose = 'deposit') as paid
     from waitlist_offers o where o.id = ${offerId} for update`);
  const offer = rows[0];
  if (!offer || (offer.status !== 'open' && offer.status !== 'accepted')) return false;
  if (new Date(offer.expires_at) > ctx.clock.now()) return false;
  if (offer.status === 'accepted' && offer.paid) {
    // The deposit is paid: this is a tenant about to sign, not an abandoned sign-up. The unit
    // stays theirs for another window instead of being taken away after they paid.
    const later = holdUntil(ctx);
    await tx.query(sql`update waitlist_offers set expires_at = ${later} where id = ${offerId}`);
    await scheduleExpiry(tx, ctx, offerId, later);
    return false;
  }
  await tx.query(sql`update units set status = 'available', offer_id = null, registration_id = null, updated_at = now()
     where offer_id = ${offerId} and status = 'held'`);
  const closed = offer.status === 'open' ? 'expired' : 'lapsed';
  await tx.query(
    sql`update waitlist_offers set status = ${closed}, closed_at = ${ctx.clock.now()} where id = ${offerId}`,
  );
  const { rows: entries } =
    await tx.query<EntryRow>(sql`update waitlist_requests set status = case when status = 'offered' then 'offer_expired' else status end
     where id = ${offer.entry_id} returning id::text, full_name, email, product_pid, product_name, language`);
  const entry = entries[0];
  if (entry) {
    const language = entry.language ?? 'es';
    const product = await productNameFor(tx, entry);
    await ctx.mailer.send(
      {
        to: entry.email,
        versions: [
          offerClosedEmail(language, { fullName: entry.full_name, product, closed, site: ctx.config.PUBLIC_SITE_URL }),
        ],
      },
      tx,
    );
  }
  await unitsFreed(tx, ctx, [offer.product_id]);
  return true;
}
