import { createHash } from 'node:crypto';
import type { WaitlistRequest } from 'shared-api';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError, refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { callableNumber, phoneDigits } from '../../platform/phone-numbers';
import { claimMessage } from '../notifications';
import { scheduleConfirmationLapse } from './confirmation';
import { issuePrivateLink } from './links';
import { joinConfirmationEmail } from './messages';

const HOUR = 3_600_000;

/** Identity of a request for de-duplication: what the visitor typed, normalised. */
function requestHash(request: WaitlistRequest): string {
  const canonical = JSON.stringify([
    request.fullName.trim().toLowerCase(),
    request.phone.replace(/\s+/g, ''),
    request.email.trim().toLowerCase(),
    request.timeframe,
    String(request.product.pid),
    request.product.numberProductsRequired,
    request.volumeRequested.toFixed(3),
    request.procesoParam ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * The catalogue's own id and name for the requested product, when it is one: the line is kept by
 * that id (so "07" and "7" are one line) and offers name the product as the catalogue does, never
 * with text a visitor typed.
 */
async function catalogueProduct(
  tx: Queryable,
  { pid }: { pid: string | number },
): Promise<{ pid: string; name: string; names: { es: string; en: string } } | null> {
  const id = Number(String(pid).trim());
  if (!Number.isInteger(id) || id <= 0) return null;
  const { rows } = await tx.query<{ name_es: string; name_en: string }>(
    sql`select name_es, name_en from products where pid = ${id}`,
  );
  const row = rows[0];
  // Kept by its Spanish name (staff's); each message names it in its reader's language.
  return row ? { pid: String(id), name: row.name_es, names: { es: row.name_es, en: row.name_en } } : null;
}

/**
 * A visitor asks to join a product's line: stored once, unconfirmed, and the link that confirms it
 * e-mailed to the address typed. Only a confirmed entry is in line (and can be offered a unit); the
 * business hears of it then. One e-mail and one phone have at most WAITLIST_ENTRIES_PER_CONTACT
 * live entries; unconfirmed ones lapse after WAITLIST_CONFIRM_HOURS.
 */
export async function joinWaitlist(ctx: FunctionContext, request: WaitlistRequest): Promise<void> {
  // A person can be called on it (the form's rule is the format; this is the numbering plan).
  if (!callableNumber(request.phone)) throw new HttpError(400, 'Invalid phone', { phone: 'Invalid phone' });
  const hash = requestHash(request);
  const now = ctx.clock.now();
  await commitThenRun(ctx, async (tx) => {
    // Two identical requests at the same moment are serialised, then the second is a no-op.
    await tx.query(sql`select pg_advisory_xact_lock(hashtext(${hash}))`);
    const { rows } = await tx.query(
      sql`select 1 from waitlist_requests where request_hash = ${hash} and created_at > ${new Date(now.getTime() - 60_000)}`,
    );
    if (rows.length) return [];
    // Only a product of the catalogue has a line: an unknown id is refused, not stored.
    const known = await catalogueProduct(tx, request.product);
    if (!known) throw refusal('product_not_found');
    const email = request.email.trim();
    const phoneTail = phoneDigits(request.phone);
    // Serialised per contact, so parallel joins cannot all pass the count.
    await tx.query(sql`select pg_advisory_xact_lock(hashtext(${`waitlist-contact:${email.toLowerCase()}`}))`);
    await tx.query(sql`select pg_advisory_xact_lock(hashtext(${`waitlist-contact:${phoneTail}`}))`);
    const { rows: live } = await tx.query<{ n: number }>(sql`select count(*)::int as n from waitlist_requests
       where (lower(email) = lower(${email}) or right(regexp_replace(phone, '\\D', '', 'g'), 9) = ${phoneTail})
         and (status in ('waiting', 'offered') or (status = 'unconfirmed' and created_at > ${new Date(now.getTime() - ctx.config.WAITLIST_CONFIRM_HOURS * HOUR)})
           -- A taken offer counts while it still holds units, not once the tenant moved in.
           or (status = 'accepted' and exists (select 1 from waitlist_offers o
                 where o.entry_id = waitlist_requests.id and o.status in ('open', 'accepted'))))`);
    if ((live[0]?.n ?? 0) >= ctx.config.WAITLIST_ENTRIES_PER_CONTACT) throw refusal('waitlist_entries_limit');
    // The address's share of messages strangers may cause (429 past it).
    await claimMessage(tx, ctx, 'email', email);
    const language = request.language ?? 'es';
    const { rows: inserted } = await tx.query<{
      id: string;
    }>(sql`insert into waitlist_requests (full_name, phone, email, timeframe, product_pid, product_name,
         units_required, volume_requested, proceso, request_hash, language, status, created_at)
       values (${request.fullName.trim()}, ${request.phone.trim()}, ${email}, ${request.timeframe}, ${known.pid}, ${known.name}, ${request.product.numberProductsRequired}, ${request.volumeRequested}, ${request.procesoParam ?? null}, ${hash}, ${language}, 'unconfirmed', ${now}) returning id::text`);
    const entryId = inserted[0]?.id ?? '';
    await scheduleConfirmationLapse(tx, ctx, entryId, now);
    const links = await issuePrivateLink(tx, entryId, ctx.config.PUBLIC_SITE_URL);
    // No offer round here: joining never holds a unit (a unit that is free now can simply be
    // signed up for), so a stream of joins cannot take a product's stock off the market.
    await ctx.mailer.send(
      {
        to: email,
        versions: [
          joinConfirmationEmail(language, {
            product: known.names[language],
            pageUrl: links[language],
            hours: ctx.config.WAITLIST_CONFIRM_HOURS,
          }),
        ],
      },
      tx,
    );
  });
}
