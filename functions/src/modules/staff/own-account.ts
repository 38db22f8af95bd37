import qrcode from 'qrcode';
import type { StaffMember } from 'shared-api/backoffice';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError, refusal } from '../../platform/http-error';
import type { RequestMeta } from '../../platform/request-meta';
import { addressGuards, HashBusyError, type HashWork, hashSlots } from '../../platform/security/hash-slots';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../platform/security/secrets';
import { recordAudit } from './audit';
import { isTrustedDevice, rememberDevice } from './devices';
import { claimStaffLogin, recordStaffLoginSuccess, releaseStaffLogin, staffAddressStanding } from './login-throttle';
import { recoveryCodeUsedEmails } from './messages';
import { assertStrongPassword } from './new-password';
import { dropRecoveryCodes, issueRecoveryCodes, recoveryCodesLeft, spendRecoveryCode } from './recovery-codes';
import type { Actor } from './staff-session';
import {
  openStaffSession,
  revokeStaffSessions,
  SIGN_IN_REQUIRED,
  type StaffRow,
  secondFactorDue,
  staffColumns,
  toStaffMember,
} from './staff-session';
import { acceptedStep, newTotpSecret, totpUri } from './totp';

const INVALID_LOGIN = 'Invalid e-mail, password or code';
const TOO_MANY_LOGINS = 'Too many sign-in attempts. Try again in 15 minutes.';
const WRONG_CODE = 'The code is not correct';
const SAME_PASSWORD = 'The new password must differ from the current one';
/** Wrong app codes asking for new recovery codes, in 15 minutes, before the member's sessions end. */
const WRONG_CODES_FOR_NEW_RECOVERY_CODES = 5;

const lastStep = (row: StaffRow) => (row.totp_last_step === null ? null : Number(row.totp_last_step));

/** The signed-in member as their own pages see them: whether the second factor is due, codes left. */
export async function signedInMember(q: Queryable, ctx: Pick<FunctionContext, 'config'>, row: StaffRow) {
  return {
    ...toStaffMember(row),
    secondFactorDue: secondFactorDue(row, ctx),
    passwordChangeDue: row.password_change_required,
    ...(row.totp_enabled ? { recoveryCodesLeft: await recoveryCodesLeft(q, row.id) } : {}),
  };
}

/** Sign-in by password (and code), inside a hashing slot. */
async function signIn(
  email: string,
  password: string,
  totpCode: string | undefined,
  line: HashWork,
  trustedDevice: boolean,
  ctx: FunctionContext,
  meta: RequestMeta,
): Promise<{ staff?: StaffMember; totpRequired?: boolean }> {
  const attempt = await claimStaffLogin(ctx.db, email, meta.ip, ctx.config.LOGIN_ATTEMPTS_PER_ADDRESS_MINUTE, {
    trustedDevice,
  });
  if (!attempt) throw new HttpError(429, TOO_MANY_LOGINS);
  const { rows } = await ctx.db.query<StaffRow>(
    sql`select ${staffColumns()} from staff_users where lower(email) = ${email} and disabled_at is null`,
  );
  const row = rows[0];
  const cost = ctx.config.DOOR_HASH_COST_LOG2;
  // An unknown e-mail costs the same hash as a known one: timing does not tell which exist.
  let right = false;
  try {
    const stored = row?.password_hash ?? (await dummyPasswordHash(cost));
    right = (await hashSlots.run(line, () => verifyPassword(password, stored))) && row !== undefined;
  } catch (error) {
    // Turned away for a busy service: the attempt counts against no e-mail's limits.
    if (error instanceof HashBusyError) await releaseStaffLogin(ctx.db, attempt);
    throw error;
  }
  if (!row || !right) throw new HttpError(401, INVALID_LOGIN);
  // The second factor is asked only of whoever knows the password; the attempt stays counted.
  if (row.totp_enabled && !totpCode) return { totpRequired: true };
  return ctx.db.transaction(async (tx) => {
    const { rows: locked } = await tx.query<StaffRow>(
      sql`select ${staffColumns()} from staff_users where id = ${row.id} and password_hash = ${row.password_hash} and disabled_at is null for update`,
    );
    const current = locked[0];
    if (!current) throw new HttpError(401, INVALID_LOGIN);
    let recoveryCodeUsed = false;
    if (current.totp_enabled) {
      const step = acceptedStep(current.totp_secret ?? '', totpCode ?? '', lastStep(current));
      if (step !== null) {
        await tx.query(sql`update staff_users set totp_last_step = ${step} where id = ${current.id}`);
      } else if (await spendRecoveryCode(tx, current.id, totpCode ?? '')) {
        // The phone is lost or not at hand: a one-time code instead, which the member hears of.
        recoveryCodeUsed = true;
      } else throw new HttpError(401, INVALID_LOGIN);
    }
    if (needsRehash(current.password_hash, cost)) {
      await tx.query(
        sql`update staff_users set password_hash = ${await hashPassword(password, cost)} where id = ${current.id}`,
      );
    }
    await recordStaffLoginSuccess(tx, attempt);
    await openStaffSession(tx, ctx, meta, current);
    await rememberDevice(tx, meta, current.id);
    const actor = { id: current.id, email: current.email, ip: meta.ip };
    await recordAudit(tx, actor, { action: 'login' });
    if (recoveryCodeUsed) {
      const left = await recoveryCodesLeft(tx, current.id);
      await recordAudit(tx, actor, { action: 'recovery_code_used', target: `staff:${current.email}`, after: { left } });
      await ctx.mailer.send(
        { to: current.email, versions: recoveryCodeUsedEmails({ left, business: ctx.config.BUSINESS_NAME }) },
        tx,
      );
    }
    return { staff: await signedInMember(tx, ctx, current) };
  });
}

/** Sign-in with e-mail, password and (a manager's) code; a known browser goes ahead of strangers. */
export async function logIn(
  ctx: FunctionContext,
  { email, password, totpCode }: { email: string; password: string; totpCode?: string | undefined },
  meta: RequestMeta,
) {
  // A browser the member signed in from before is theirs: strangers' guesses at this e-mail or
  // from this address do not hold it back, and it goes ahead of them for a hashing slot.
  const trusted = await isTrustedDevice(ctx.db, meta, email);
  if (trusted) return signIn(email, password, totpCode, 'known', true, ctx, meta);
  // An address past its minute's budget is turned away before it waits for a hashing slot; a
  // refusal for a busy service then counts against nobody's limits.
  const budget = ctx.config.LOGIN_ATTEMPTS_PER_ADDRESS_MINUTE;
  const { refused, onePerAddress } = addressGuards(ctx.db);
  if (refused.has(meta.ip)) throw new HttpError(429, TOO_MANY_LOGINS);
  const standing = await staffAddressStanding(ctx.db, meta.ip, budget, { lock: false });
  if (standing.overBudget) {
    refused.add(meta.ip);
    throw new HttpError(429, TOO_MANY_LOGINS);
  }
  const line = standing.failing ? 'suspect' : 'sign-in';
  return onePerAddress(meta.ip, () => signIn(email, password, totpCode, line, false, ctx, meta));
}

/** The signed-in member changes their own password; every other session of theirs ends. */
export async function changeOwnPassword(
  ctx: FunctionContext,
  actor: Actor,
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
  keepSession: string | undefined,
) {
  if (!(await verifyPassword(currentPassword, actor.row.password_hash))) {
    throw new HttpError(400, 'The current password is not correct', {
      currentPassword: 'The current password is not correct',
    });
  }
  assertStrongPassword(newPassword, 'newPassword', actor.row, ctx.config);
  // A generated password must really be replaced, not typed again.
  if (newPassword === currentPassword) {
    throw new HttpError(400, SAME_PASSWORD, { newPassword: SAME_PASSWORD });
  }
  const hash = await hashPassword(newPassword, ctx.config.DOOR_HASH_COST_LOG2);
  await ctx.db.transaction(async (tx) => {
    await tx.query(
      sql`update staff_users set password_hash = ${hash}, password_change_required = false, updated_at = now() where id = ${actor.id}`,
    );
    // Whoever knew the old password is signed out everywhere else.
    await revokeStaffSessions(tx, actor.id, keepSession);
    await recordAudit(tx, actor, { action: 'change_password', target: `staff:${actor.email}` });
  });
  return { success: true as const };
}

/** A manager's new second-factor secret, as a QR code and text. */
export async function setUpSecondFactor(ctx: FunctionContext, actor: Actor) {
  if (actor.row.totp_enabled) throw new HttpError(409, 'The second factor is already on');
  const secret = newTotpSecret();
  await ctx.db.query(sql`update staff_users set totp_secret = ${secret}, totp_last_step = null where id = ${actor.id}`);
  const uri = totpUri(secret, actor.email, ctx.config.BUSINESS_NAME);
  const qrSvg = await qrcode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/** The first code from the app turns the second factor on, with ten recovery codes shown once. */
export async function enableSecondFactor(ctx: FunctionContext, actor: Actor, { totpCode }: { totpCode: string }) {
  const secret = actor.row.totp_secret;
  if (!secret || actor.row.totp_enabled)
    throw new HttpError(409, 'Set up the second factor first', undefined, 'totp_not_set_up');
  const step = acceptedStep(secret, totpCode, null);
  if (step === null) throw new HttpError(400, WRONG_CODE, { totpCode: WRONG_CODE });
  return ctx.db.transaction(async (tx) => {
    const { rows } =
      await tx.query<StaffRow>(sql`update staff_users set totp_enabled = true, totp_last_step = ${step}, updated_at = now() where id = ${actor.id}
       returning ${staffColumns()}`);
    // Shown once, for a lost phone; the session whose factor was due is a full one from now.
    const recoveryCodes = await issueRecoveryCodes(tx, actor.id);
    await recordAudit(tx, actor, {
      action: 'totp_enable',
      target: `staff:${actor.email}`,
      before: { totpEnabled: false },
      after: { totpEnabled: true },
    });
    return { staff: await signedInMember(tx, ctx, rows[0] as StaffRow), recoveryCodes };
  });
}

/** New recovery codes for a code from the app; a session guessing codes for them ends. */
export async function regenerateRecoveryCodes(ctx: FunctionContext, actor: Actor, { totpCode }: { totpCode: string }) {
  if (!actor.row.totp_enabled || !actor.row.totp_secret)
    throw new HttpError(409, 'The second factor is off', undefined, 'totp_not_set_up');
  // New codes outlive the session that made them: a stolen session guessing app codes for them
  // gets a few tries in 15 minutes, then every session of the member ends.
  const { rows: tries } = await ctx.db.query<{ n: number }>(sql`select count(*)::int as n from staff_audit
     where staff_email = ${actor.email} and action = 'recovery_codes_wrong_code' and created_at > now() - interval '15 minutes'`);
  if ((tries[0]?.n ?? 0) >= WRONG_CODES_FOR_NEW_RECOVERY_CODES) {
    await revokeStaffSessions(ctx.db, actor.id);
    throw new HttpError(401, SIGN_IN_REQUIRED);
  }
  const step = acceptedStep(actor.row.totp_secret, totpCode, lastStep(actor.row));
  if (step === null) {
    await recordAudit(ctx.db, actor, { action: 'recovery_codes_wrong_code', target: `staff:${actor.email}` });
    throw new HttpError(400, WRONG_CODE, { totpCode: WRONG_CODE });
  }
  return ctx.db.transaction(async (tx) => {
    await tx.query(sql`update staff_users set totp_last_step = ${step} where id = ${actor.id}`);
    const recoveryCodes = await issueRecoveryCodes(tx, actor.id);
    await recordAudit(tx, actor, { action: 'regenerate_recovery_codes', target: `staff:${actor.email}` });
    return { recoveryCodes };
  });
}

/** A manager turns their second factor off (not where it is mandatory). */
export async function disableSecondFactor(ctx: FunctionContext, actor: Actor, { totpCode }: { totpCode: string }) {
  if (!actor.row.totp_enabled || !actor.row.totp_secret)
    throw new HttpError(409, 'The second factor is off', undefined, 'totp_not_set_up');
  // A lost phone is another manager's reset, then a new one at once; never a manager without.
  if (ctx.config.BACKOFFICE_MANAGER_TOTP === 'required') throw refusal('second_factor_mandatory');
  const step = acceptedStep(actor.row.totp_secret, totpCode, lastStep(actor.row));
  if (step === null) throw new HttpError(400, WRONG_CODE, { totpCode: WRONG_CODE });
  const { rows } = await ctx.db.transaction(async (tx) => {
    const updated =
      await tx.query<StaffRow>(sql`update staff_users set totp_enabled = false, totp_secret = null, totp_last_step = null, updated_at = now()
       where id = ${actor.id} returning ${staffColumns()}`);
    await dropRecoveryCodes(tx, actor.id);
    await recordAudit(tx, actor, {
      action: 'totp_disable',
      target: `staff:${actor.email}`,
      before: { totpEnabled: true },
      after: { totpEnabled: false },
    });
    return updated;
  });
  return { staff: toStaffMember(rows[0] as StaffRow) };
}
