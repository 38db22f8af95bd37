import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { toIso } from '../../platform/db/iso';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { sha256 } from '../../platform/security/secrets';
import { cancelVisit, confirmVisit } from './book';
import { visitCancelledNotice } from './messages';

/** A visit as its e-mail's link shows it. */
export interface LinkedVisit extends Record<string, unknown> {
  id: string;
  starts_at: Date | string;
  language: 'es' | 'en';
  status: 'pending' | 'booked' | 'cancelled' | 'lapsed';
  hold_until: Date | string | null;
}

const COLUMNS = sql`id::text, starts_at, language, status, hold_until`;
const NOT_FOUND = 'Visit not found';

async function visitByToken(q: Queryable, token: string): Promise<LinkedVisit | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const hash = sha256(token);
  const found = sql`select ${COLUMNS} from visits where cancel_token_hash = ${hash} or page_token_hash = ${hash}`;
  const { rows } = await q.query<LinkedVisit>(found);
  return rows[0] ?? null;
}

/** The visit of an e-mail's link (its held page's or its cancel link). */
export async function visitOfLink(ctx: Pick<FunctionContext, 'db'>, token: string): Promise<LinkedVisit> {
  const visit = await visitByToken(ctx.db, token);
  if (!visit) throw new HttpError(404, NOT_FOUND);
  return visit;
}

/** The e-mailed link confirms the held place (the link is the proof, no code needed). */
export async function confirmByLink(
  ctx: FunctionContext,
  token: string,
): Promise<{ visit: LinkedVisit; confirmed: boolean }> {
  return commitThenRun(ctx, async (tx) => {
    const visit = await visitByToken(tx, token);
    if (!visit) throw new HttpError(404, NOT_FOUND);
    const outcome = await confirmVisit(tx, ctx, visit.id, null);
    const after = sql`select ${COLUMNS} from visits where id = ${visit.id}`;
    const { rows } = await tx.query<LinkedVisit>(after);
    return { visit: rows[0] ?? visit, confirmed: outcome === 'confirmed' };
  });
}

/**
 * The link cancels its visit, booked or still held, once and before it starts; a booked one the
 * business hears of (a held place released is nothing it was told of).
 */
export async function cancelByLink(
  ctx: FunctionContext,
  token: string,
): Promise<{ visit: LinkedVisit; cancelled: boolean }> {
  return commitThenRun(ctx, async (tx) => {
    const visit = await visitByToken(tx, token);
    if (!visit) throw new HttpError(404, NOT_FOUND);
    const start = new Date(toIso(visit.starts_at) ?? '');
    const now = ctx.clock.now();
    const held = visit.status === 'pending' && visit.hold_until && new Date(visit.hold_until) > now;
    if ((visit.status !== 'booked' && !held) || start.getTime() <= now.getTime()) return { visit, cancelled: false };
    await cancelVisit(tx, visit.id, 'visitor', { held: true });
    if (visit.status === 'booked') {
      const named = sql`select full_name from visits where id = ${visit.id}`;
      const { rows } = await tx.query<{ full_name: string }>(named);
      await ctx.mailer.send(
        {
          to: ctx.config.BUSINESS_EMAIL,
          versions: [visitCancelledNotice({ fullName: rows[0]?.full_name ?? '', start })],
        },
        tx,
      );
    }
    return { visit: { ...visit, status: 'cancelled' }, cancelled: true };
  });
}
