import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError, refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { restoreAccess, scheduleArrearsCheck, suspendAccess } from '../billing';
import { REGISTRATION_NOT_FOUND } from '../sign-up';
import { type Actor, recordAudit } from '../staff';
import { endRental } from './end-rental';
import { giveNotice, withdrawNotice } from './notice';
import { assignUnits, refundDeposit } from './remedy';

const codeOf = async (q: Queryable, registrationId: string) =>
  (
    await q.query<{ registration_code: string }>(
      sql`select registration_code from registrations where id = ${registrationId}`,
    )
  ).rows[0]?.registration_code;

/** Staff let units to a tenant who paid and signed but found none free. */
export async function assignUnitsByStaff(
  ctx: FunctionContext,
  actor: Actor,
  { registrationId, unitNumbers }: { registrationId: string; unitNumbers: string[] },
): Promise<string[]> {
  return commitThenRun(ctx, async (tx) => {
    const assigned = await assignUnits(tx, ctx, registrationId, unitNumbers);
    await recordAudit(tx, actor, {
      action: 'assign_units',
      target: `registration:${await codeOf(tx, registrationId)}`,
      before: { moveInStatus: 'awaiting_unit' },
      after: { moveInStatus: 'allocated', units: assigned },
    });
    return assigned;
  });
}

/** Staff end a tenant's rental from its page: the units are free again, the key and the rent stop. */
export async function endRentalByStaff(ctx: FunctionContext, actor: Actor, registrationId: string) {
  return commitThenRun(ctx, async (tx) => {
    const { rows } = await tx.query<{ move_in_status: string | null }>(
      sql`select move_in_status from registrations where id = ${registrationId} for update`,
    );
    if (!rows[0]) throw new HttpError(404, REGISTRATION_NOT_FOUND);
    const before = rows[0].move_in_status;
    if (before !== 'allocated' && before !== 'scheduled') throw refusal('rental_not_active');
    const result = await endRental(tx, ctx, registrationId, {
      userId: null,
      usuario: `gestión: ${actor.email}`,
      ip: actor.ip,
    });
    await recordAudit(tx, actor, {
      action: 'end_rental',
      target: `registration:${result.registrationCode}`,
      before: { moveInStatus: before },
      after: { moveInStatus: 'ended', freedUnits: result.units.map((unit) => unit.unitNumber) },
    });
    return result;
  });
}

/** The code of a registration that exists (for the activity log), or 404. */
async function registrationCodeOf(tx: Queryable, registrationId: string): Promise<string> {
  const { rows } = await tx.query<{ registration_code: string }>(
    sql`select registration_code from registrations where id = ${registrationId}`,
  );
  if (!rows[0]) throw new HttpError(404, REGISTRATION_NOT_FOUND);
  return rows[0].registration_code;
}

/** Staff record a tenant's notice for them (on the phone, at the desk): the account's rule and e-mail. */
export async function giveNoticeByStaff(
  ctx: FunctionContext,
  actor: Actor,
  input: { registrationId: string; moveOutOn: string },
) {
  return commitThenRun(ctx, async (tx) => {
    const code = await registrationCodeOf(tx, input.registrationId);
    const given = await giveNotice(tx, ctx, input);
    await recordAudit(tx, actor, { action: 'give_notice', target: `registration:${code}`, after: given });
    return given;
  });
}

/** Staff withdraw a tenant's notice (they stay after all); the tenant is told. */
export async function withdrawNoticeByStaff(ctx: FunctionContext, actor: Actor, registrationId: string) {
  await commitThenRun(ctx, async (tx) => {
    const code = await registrationCodeOf(tx, registrationId);
    await withdrawNotice(tx, ctx, registrationId);
    await recordAudit(tx, actor, { action: 'withdraw_notice', target: `registration:${code}` });
  });
}

/** A manager gives back the deposit of a tenant no unit could be found for (money leaves: a manager's). */
export async function refundDepositByStaff(
  ctx: FunctionContext,
  actor: Actor,
  { registrationId, reason }: { registrationId: string; reason: string },
) {
  return commitThenRun(ctx, async (tx) => {
    const result = await refundDeposit(tx, ctx, registrationId, reason);
    await recordAudit(tx, actor, {
      action: 'refund_deposit',
      target: `registration:${await codeOf(tx, registrationId)}`,
      before: { moveInStatus: 'awaiting_unit' },
      after: { moveInStatus: 'ended', refunded: result.amount, reason },
    });
    return result;
  });
}

/**
 * Staff suspend a tenant's door access, or restore it, by hand with a reason (audited). Refused
 * when nothing would change: the rental is not active, or access is already so.
 */
export async function setAccessByStaff(
  ctx: FunctionContext,
  actor: Actor,
  { registrationId, reason, suspended }: { registrationId: string; reason: string; suspended: boolean },
): Promise<void> {
  await commitThenRun(ctx, async (tx) => {
    const changed = suspended
      ? await suspendAccess(tx, ctx, registrationId, { by: 'staff', reason })
      : await restoreAccess(tx, ctx, registrationId);
    if (!changed && !suspended) {
      const { rows } = await tx.query(sql`select 1 from registrations
         where id = ${registrationId} and access_suspended_at is not null`);
      // Still shut, for a document to be accepted: approving it opens the door.
      if (rows.length) throw refusal('access_waits_for_document');
    }
    if (!changed) throw refusal('access_not_changed');
    // Restored by hand: the arrears rules (if rent is unpaid) take it from here.
    if (!suspended) await scheduleArrearsCheck(tx, ctx, registrationId);
    await recordAudit(tx, actor, {
      action: suspended ? 'suspend_access' : 'restore_access',
      target: `registration:${await codeOf(tx, registrationId)}`,
      after: { reason },
    });
  });
}
