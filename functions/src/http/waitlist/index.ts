import { postFunctions, type WaitlistEntry } from 'shared-api';
import type { FunctionContext } from '../../context';
import {
  acceptOffer,
  confirmBy,
  confirmEntry,
  type EntryRow,
  entryByTokenHash,
  hashLinkToken,
  leaveLine,
  markOfferOpened,
  positionOf,
} from '../../modules/waitlist';
import type { Queryable } from '../../platform/db';
import { toIso } from '../../platform/db/iso';
import { HttpError } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { jsonFunction } from '../router';

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
  }>(
    `select o.status, o.expires_at,
       (select array_agg(u.unit_number order by u.unit_number) from units u where u.offer_id = o.id and u.status = 'held')
         as units
     from waitlist_offers o where o.entry_id = $1 and o.status in ('open', 'accepted')`,
    [entry.id],
  );
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
 * POST get-waitlist-entry: the private page's data, for whoever holds the link. Opening the page
 * while an offer is open is what keeps its units held for the full window (an offer nobody
 * opens passes on after WAITLIST_UNOPENED_OFFER_HOURS).
 */
export const getWaitlistEntryFunction = jsonFunction(
  'get-waitlist-entry',
  postFunctions['get-waitlist-entry'],
  async ({ token }, ctx) =>
    ctx.db.transaction(async (tx) => {
      const entry = await requireEntry(tx, token, { forUpdate: true });
      await markOfferOpened(tx, ctx, entry.id);
      return entryView(tx, ctx, entry);
    }),
);

/** POST confirm-waitlist-entry: the entry's e-mail confirms it; it enters the line. */
export const confirmWaitlistEntryFunction = jsonFunction(
  'confirm-waitlist-entry',
  postFunctions['confirm-waitlist-entry'],
  async ({ token }, ctx) =>
    commitThenRun(ctx, async (tx) => {
      const entry = await requireEntry(tx, token, { forUpdate: true });
      await confirmEntry(tx, ctx, entry);
      return entryView(tx, ctx, await requireEntry(tx, token));
    }),
);

/** POST leave-waitlist: out of the line; an offer it held passes to the next in line. */
export const leaveWaitlistFunction = jsonFunction(
  'leave-waitlist',
  postFunctions['leave-waitlist'],
  async ({ token }, ctx) => {
    await commitThenRun(ctx, async (tx) => {
      const entry = await requireEntry(tx, token, { forUpdate: true });
      await leaveLine(tx, ctx, entry.id);
    });
    return { success: true as const };
  },
);

/** POST accept-waitlist-offer: takes the open offer; the page then starts the sign-up with the product. */
export const acceptWaitlistOfferFunction = jsonFunction(
  'accept-waitlist-offer',
  postFunctions['accept-waitlist-offer'],
  async ({ token }, ctx) => {
    const accepted = await commitThenRun(ctx, async (tx) => {
      const entry = await requireEntry(tx, token, { forUpdate: true });
      const { expiresAt } = await acceptOffer(tx, ctx, entry.id);
      return { entry, expiresAt };
    });
    const { entry, expiresAt } = accepted;
    return {
      success: true as const,
      handoff: {
        productId: entry.product_pid,
        productName: entry.product_name,
        unitsRequired: entry.units_required,
        volumeRequested: Number(entry.volume_requested),
      },
      expiresAt: expiresAt.toISOString(),
    };
  },
);
