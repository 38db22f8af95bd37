import type { LineEntry, OFFER_STATUSES } from 'shared-api/backoffice';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { toIso } from '../../platform/db/iso';
import { type SqlStatement, sql } from '../../platform/db/sql';
import { HttpError, refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { type Actor, recordAudit } from '../staff';
import type { EntryRow } from './line';
import { removedFromWaitlistEmail } from './messages';
import { leaveLine, makeOffer, withdrawOffers } from './offers';

interface LineRow extends EntryRow {
  product_name_en: string | null;
  position: number | null;
  offer_status: (typeof OFFER_STATUSES)[number] | null;
  offer_expires_at: Date | string | null;
  offer_units: string[] | null;
}

/** Entries with their place in their product's line and their latest offer. */
async function entriesWhere(q: Queryable, where: SqlStatement): Promise<LineEntry[]> {
  const { rows } = await q.query<LineRow>(
    sql`select w.id::text, w.full_name, w.email, w.phone, w.timeframe, w.product_pid, w.units_required,
       w.status, w.created_at,
       -- The catalogue's names (the entry keeps the name in the language the visitor joined in).
       coalesce((select p.name_es from products p where p.pid::text = w.product_pid), w.product_name) as product_name,
       (select p.name_en from products p where p.pid::text = w.product_pid) as product_name_en,
       case when w.status in ('waiting', 'offered') then (
         select count(*)::integer from waitlist_requests o
         where o.product_pid = w.product_pid and o.status in ('waiting', 'offered')
           and (o.created_at, o.id) <= (w.created_at, w.id)) end as position,
       f.status as offer_status, f.expires_at as offer_expires_at,
       (select array_agg(u.unit_number order by u.unit_number) from units u where u.offer_id = f.id) as offer_units
     from waitlist_requests w
     left join lateral (select * from waitlist_offers f where f.entry_id = w.id order by f.created_at desc limit 1) f on true
     where ${where}
     order by w.product_pid::integer, w.status in ('waiting', 'offered') desc, w.created_at, w.id`,
  );
  return rows.map((row) => ({
    entryId: row.id,
    productId: Number(row.product_pid),
    productName: row.product_name,
    productNameEn: row.product_name_en,
    position: row.position,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    unitsRequired: row.units_required,
    timeframe: row.timeframe,
    status: row.status,
    createdAt: toIso(row.created_at) ?? '',
    offer:
      row.offer_status && row.offer_expires_at
        ? { status: row.offer_status, expiresAt: toIso(row.offer_expires_at) ?? '', units: row.offer_units ?? [] }
        : null,
  }));
}

/** The line as staff see it: the entries still in it (waiting, offered, accepted), or every one ever. */
export function lineEntries(q: Queryable, which: 'open' | 'all'): Promise<LineEntry[]> {
  return entriesWhere(q, which === 'all' ? sql`true` : sql`w.status in ('waiting', 'offered', 'accepted')`);
}

async function entryById(q: Queryable, entryId: string): Promise<LineEntry> {
  const [entry] = await entriesWhere(q, sql`w.id = ${entryId}`);
  if (!entry) throw new HttpError(404, 'Waitlist entry not found');
  return entry;
}

async function lockEntry(tx: Queryable, entryId: string): Promise<EntryRow> {
  const { rows } =
    await tx.query<EntryRow>(sql`select id::text, full_name, email, phone, timeframe, product_pid, product_name, language, units_required, status,
       created_at
     from waitlist_requests where id = ${entryId} for update`);
  if (!rows[0]) throw new HttpError(404, 'Waitlist entry not found');
  return rows[0];
}

/** Staff offer free units to a waiting entry by hand (the line's order is theirs to break). */
export async function offerByHand(ctx: FunctionContext, actor: Actor, entryId: string) {
  return commitThenRun(ctx, async (tx) => {
    const entry = await lockEntry(tx, entryId);
    if (entry.status !== 'waiting') throw refusal('waitlist_not_waiting');
    const productId = Number(entry.product_pid);
    const { rows: free } = await tx.query<{
      unit_number: string;
    }>(sql`select unit_number from units where product_id = ${productId} and status = 'available'
       order by unit_number limit ${entry.units_required} for update skip locked`);
    if (free.length < entry.units_required) throw refusal('waitlist_no_free_unit');
    await makeOffer(
      tx,
      ctx,
      entry,
      productId,
      free.map((unit) => unit.unit_number),
    );
    const after = await entryById(tx, entryId);
    await recordAudit(tx, actor, {
      action: 'waitlist_offer',
      target: `waitlist:${entryId}:${entry.email}`,
      before: { status: entry.status },
      after: { status: after.status, units: after.offer?.units },
    });
    return { entry: after };
  });
}

/** Staff send an entry to the back of its line; its offer, if any, passes to whoever is first. */
export async function sendToBack(ctx: FunctionContext, actor: Actor, entryId: string) {
  return commitThenRun(ctx, async (tx) => {
    const entry = await lockEntry(tx, entryId);
    if (entry.status !== 'waiting' && entry.status !== 'offered') throw refusal('waitlist_not_waiting');
    const before = await entryById(tx, entryId);
    await tx.query(sql`select 1 from units where status = 'held'
         and offer_id in (select id from waitlist_offers where entry_id = ${entryId}) for update`);
    // Behind everyone in line now; its offer, if any, goes to whoever is first.
    await tx.query(
      sql`update waitlist_requests set status = 'waiting', created_at = ${ctx.clock.now()} where id = ${entryId}`,
    );
    await withdrawOffers(tx, ctx, entryId);
    const after = await entryById(tx, entryId);
    await recordAudit(tx, actor, {
      action: 'waitlist_skip',
      target: `waitlist:${entryId}:${entry.email}`,
      before: { position: before.position, status: before.status },
      after: { position: after.position, status: after.status },
    });
    return { entry: after };
  });
}

/** Staff take someone off the line; a confirmed entry is told, in its language. */
export async function removeFromLine(ctx: FunctionContext, actor: Actor, entryId: string) {
  return commitThenRun(ctx, async (tx) => {
    const entry = await lockEntry(tx, entryId);
    const before = await entryById(tx, entryId);
    // Removed twice (two tabs): once, one e-mail. A request never confirmed from its e-mail was
    // never in line, and its address is not proven: nothing is sent there.
    const confirmed = !['unconfirmed', 'lapsed'].includes(entry.status);
    if (await leaveLine(tx, ctx, entryId)) {
      if (confirmed)
        await ctx.mailer.send(
          {
            to: entry.email,
            versions: [
              removedFromWaitlistEmail(entry.language, {
                fullName: entry.full_name,
                product: entry.product_name,
                site: ctx.config.PUBLIC_SITE_URL,
              }),
            ],
          },
          tx,
        );
      await recordAudit(tx, actor, {
        action: 'waitlist_remove',
        target: `waitlist:${entryId}:${entry.email}`,
        before: { position: before.position, status: before.status },
        after: { status: 'left' },
      });
    }
    return { entry: await entryById(tx, entryId) };
  });
}
