import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import type { JobHandler } from '../../platform/jobs/queue';
import { fromMadrid, madridDate } from '../../platform/madrid-time';
import { readMetadata } from '../sign-up';
import type { MoveInContext } from './context';
import { type MoveInOutcome, moveIn } from './move-in';
import { heldFor } from './reservation/holds';

const MOVE_IN_JOB = 'rental.move_in';

/**
 * Both have signed: the tenant moves in now, or, when the day they chose is still ahead, on that
 * day (their units stay held for them until then; the door opens at 08:00 that day).
 */
export async function moveInWhenChosen(
  tx: Queryable,
  ctx: MoveInContext,
  registrationId: string,
): Promise<MoveInOutcome | { status: 'scheduled'; unitNumbers: string[]; moveInDate: string }> {
  const { rows } = await tx.query<{ metadata: unknown }>(
    sql`select metadata from registrations where id = ${registrationId} for update`,
  );
  const moveInDate = readMetadata(rows[0]?.metadata).serviceDetails?.moveInDate;
  if (!moveInDate || moveInDate <= madridDate(ctx.clock.now())) return moveIn(tx, ctx, registrationId);
  await tx.query(
    sql`update registrations set move_in_status = 'scheduled', updated_at = now() where id = ${registrationId}`,
  );
  await ctx.jobs.schedule(tx, {
    kind: MOVE_IN_JOB,
    payload: { registrationId },
    // Early that day, not at midnight: the PIN's SMS should not wake anyone.
    runAt: fromMadrid(moveInDate, '08:00'),
    key: `move-in:${registrationId}`,
  });
  return { status: 'scheduled', unitNumbers: await heldFor(tx, registrationId), moveInDate };
}

/** The chosen day has come: the move-in a signature left waiting, once (ended meanwhile, nothing). */
export function scheduledMoveInJobs(ctx: MoveInContext): Record<string, JobHandler> {
  return {
    [MOVE_IN_JOB]: async (tx, payload) => {
      const registrationId = String(payload.registrationId);
      const { rows } = await tx.query<{ move_in_status: string | null }>(
        sql`select move_in_status from registrations where id = ${registrationId} for update`,
      );
      if (rows[0]?.move_in_status === 'scheduled') await moveIn(tx, ctx, registrationId);
    },
  };
}
