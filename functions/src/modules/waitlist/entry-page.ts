import type { WaitlistEntry } from 'shared-api';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { toIso } from '../../platform/db/iso';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { acceptOffer } from './accept';
import { confirmBy, confirmEntry } from './confirmation';
import { type EntryRow, entryByTokenHash, positionOf } from './line';
import { hashLinkToken } from './links';
import { leaveLine, markOfferOpened } from './offers';

const ENTRY_NOT_FOUND = 'This waitlist link is not valid.';

async function requireEntry(q: Queryable, token: string, options?: { forUpdate?: boolean }) {
  const entry = await entryByTokenHash(q, hashLinkToken(token), options);
  if (!entry) throw new HttpError(404, ENTRY_NOT_FOUND);
  return entry;
}

async function entryView(q: Queryable, ctx: Pick<FunctionContext, 'config'>, entry: EntryRow): Promise<WaitlistEntry> {
  const { rows: offers } = await q.query<{
    status: 'open' | 'accepted';
    expires_at: Date | string;
    units: string[] | null;
  }>(sql`select o.status, o.expires_at,
       (select array_agg(u.unit_number order by u.unit_number) from units u where u.offer_id = o.id and u.status = 'held')
         as units
     from waitlist_offers o where o.entry_id = ${entry.id} and o.status in ('open', 'accepted')`);
  const offer = offers[0];
  return {
    status: entry.status,
    position: await positionOf(q, entry.id),
    productId: entry.product_pid,
    productName: entry.product_name,
    unitsRequired: entry.units_required,
    volumeRequested: Number(entry.volume_requested),
    timeframe: entry.timeframe as WaitlistEntry['timeframe'],
    joinedAt: toIso(entry.created_at) ?? '',
    ...(entry.status === 'unconfirmed' ? { confirmBy: confirmBy(ctx, new Date(entry.created_at)).toISOString() } : {}),
    offer: offer
      ? { status: offer.status, unitNumbers: offer.units ?? [], expiresAt: toIso(offer.expires_at) ?? '' }
      : null,
  };
}

/**
 * The private page's data, for whoever holds the link. Opening the page while an offer is open is
 * what keeps its units held for the full window (an offer nobody opens passes on sooner).
 */
export async function openEntryPage(ctx: FunctionContext, token: string): Promise<WaitlistEntry> {
  return ctx.db.transaction(async (tx) => {
    const entry = await requireEntry(tx, token, { forUpdate: true });
    await markOfferOpened(tx, ctx, entry.id);
    return entryView(tx, ctx, entry);
  });
}

/** The entry's e-mail confirms it: it enters the line. */
export async function confirmEntryByLink(ctx: FunctionContext, token: string): Promise<WaitlistEntry> {
  return commitThenRun(ctx, async (tx) => {
    const entry = await requireEntry(tx, token, { forUpdate: true });
    await confirmEntry(tx, ctx, entry);
    return entryView(tx, ctx, await requireEntry(tx, token));
  });
}

/** Out of the line; an offer it held passes to the next in line. */
export async function leaveByLink(ctx: FunctionContext, token: string): Promise<void> {
  await commitThenRun(ctx, async (tx) => {
    const entry = await requireEntry(tx, token, { forUpdate: true });
    await leaveLine(tx, ctx, entry.id);
  });
}

/** Takes the open offer: what the sign-up it starts needs, and until when the units are held. */
export async function acceptOfferByLink(ctx: FunctionContext, token: string) {
  const { entry, expiresAt } = await commitThenRun(ctx, async (tx) => {
    const found = await requireEntry(tx, token, { forUpdate: true });
    return { entry: found, ...(await acceptOffer(tx, ctx, found.id)) };
  });
  return {
    handoff: {
      productId: entry.product_pid,
      productName: entry.product_name,
      unitsRequired: entry.units_required,
      volumeRequested: Number(entry.volume_requested),
    },
    expiresAt,
  };
}
