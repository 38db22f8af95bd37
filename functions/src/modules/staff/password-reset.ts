import { randomUUID } from 'node:crypto';
import {
  STAFF_RESET_MAX_CODE_FAILURES,
  STAFF_RESET_MAX_PER_HOUR,
  STAFF_RESET_MINUTES,
  STAFF_RESET_SLUG,
} from 'shared-api/backoffice';
import { BACKOFFICE_BASE, type Language } from 'shared-i18n';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError, refusal } from '../../platform/http-error';
import type { JobHandler } from '../../platform/jobs/queue';
import { hashPassword, newToken, sha256 } from '../../platform/security/secrets';
import { mayMessage } from '../notifications';
import { recordAudit } from './audit';
import { clearStaffLoginThrottle } from './login-throttle';
import {
  passwordChangedEmail,
  passwordResetEmail,
  STAFF_INVITE_HOURS,
  secondFactorOffEmail,
  staffInvitationEmail,
} from './messages';
import { assertStrongPassword } from './new-password';
import { dropRecoveryCodes, spendRecoveryCode } from './recovery-codes';
import { type Actor, revokeStaffSessions, type StaffRow, staffColumns, toStaffMember } from './staff-session';
import { acceptedStep } from './totp';

/** The job that looks the typed e-mail up and sends the link: the answer to the page never waits for it. */
const PASSWORD_RESET_JOB = 'staff-password-reset';
const WRONG_CODE = 'The code is not correct';
const HOUR_MS = 3_600_000;
/** Reset requests from one address still waiting for the job; more get the same answer and nothing. */
const RESET_REQUESTS_PER_ADDRESS = 20;

type ResetContext = Pick<FunctionContext, 'config' | 'clock' | 'mailer' | 'jobs'>;

interface ResetRow extends Record<string, unknown> {
  id: string;
  language: Language;
  purpose: 'reset' | 'invitation';
  expires_at: Date | string;
  used_at: Date | string | null;
  failed_codes: number;
}

function resetLink(site: string, language: Language, token: string): string {
  return `${site.replace(/\/$/, '')}${BACKOFFICE_BASE[language]}/${STAFF_RESET_SLUG[language]}#${token}`;
}

/**
 * Writes a one-time link for an active member and queues its e-mail, unless this member was
 * already sent STAFF_RESET_MAX_PER_HOUR in the last hour (a stranger cannot flood their inbox).
 */
export async function issueResetLink(
  tx: Queryable,
  ctx: ResetContext,
  member: StaffRow,
  language: Language,
  manager: { email: string; name: string } | null,
  purpose: 'reset' | 'invitation' = 'reset',
): Promise<boolean> {
  const now = ctx.clock.now();
  const { rows } = await tx.query<{ sent: number }>(
    sql`select count(*)::int as sent from staff_password_resets where staff_id = ${member.id} and created_at > ${new Date(now.getTime() - HOUR_MS)}`,
  );
  if ((rows[0]?.sent ?? 0) >= STAFF_RESET_MAX_PER_HOUR) return false;
  // Asked for from the sign-in page: the inbox's budget of messages strangers may cause, too.
  if (!manager && !(await mayMessage(tx, ctx, 'email', member.email))) return false;
  const { token, hash } = newToken();
  await tx.query(sql`insert into staff_password_resets (id, staff_id, token_hash, requested_by, language, created_at, expires_at, purpose)
     values (${randomUUID()}, ${member.id}, ${hash}, ${manager?.email ?? 'self'}, ${language}, ${now}, ${new Date(now.getTime() + (purpose === 'invitation' ? STAFF_INVITE_HOURS * 60 : STAFF_RESET_MINUTES) * 60_000)}, ${purpose})`);
  const link = resetLink(ctx.config.PUBLIC_SITE_URL, language, token);
  const business = ctx.config.BUSINESS_NAME;
  await ctx.mailer.send(
    {
      to: member.email,
      versions: [
        purpose === 'invitation'
          ? staffInvitationEmail(language, { name: member.name, manager: manager?.name ?? '', link, business })
          : passwordResetEmail(language, { name: member.name, manager: manager?.name ?? null, link, business }),
      ],
      // The link acts for the member: never in the development outbox's public listing.
      unlisted: true,
    },
    tx,
  );
  return true;
}

/** The member a live reset link belongs to (locked), or the refusal every dead link gets alike. */
async function openReset(
  tx: Queryable,
  ctx: Pick<FunctionContext, 'clock'>,
  token: string,
): Promise<{ reset: ResetRow; member: StaffRow }> {
  const { rows } = await tx.query<
    ResetRow & StaffRow & { staff_id: string }
  >(sql`select r.id::text as reset_id, r.language, r.expires_at, r.used_at, r.failed_codes, r.purpose, ${staffColumns('u')}
     from staff_password_resets r join staff_users u on u.id = r.staff_id
     where r.token_hash = ${sha256(token)} for update of r, u`);
  const row = rows[0];
  const live =
    row &&
    row.used_at === null &&
    row.disabled_at === null &&
    row.failed_codes < STAFF_RESET_MAX_CODE_FAILURES &&
    new Date(row.expires_at).getTime() > ctx.clock.now().getTime();
  if (!row || !live) throw refusal('reset_link_invalid');
  return { reset: { ...row, id: String(row.reset_id) }, member: row };
}

/** A reset asked for on the sign-in page: the same work and answer for any e-mail. */
export async function requestPasswordReset(
  ctx: Pick<FunctionContext, 'db' | 'jobs'>,
  { email, language }: { email: string; language: Language },
  ip: string | null,
) {
  // The same work and the same answer for any e-mail: a job looks it up after the answer. One
  // pending job per e-mail, and an address with RESET_REQUESTS_PER_ADDRESS pending gets the same
  // answer and no more rows: a script cannot fill the queue.
  await ctx.db.transaction(async (tx) => {
    await tx.query(sql`select pg_advisory_xact_lock(hashtext(${`password-reset:${ip ?? ''}`}))`);
    const { rows } = await tx.query<{ pending: number }>(sql`select count(*)::int as pending from jobs
       where kind = ${PASSWORD_RESET_JOB} and done_at is null and failed_at is null and payload->>'ip' is not distinct from ${ip}`);
    if ((rows[0]?.pending ?? 0) >= RESET_REQUESTS_PER_ADDRESS) return;
    await ctx.jobs.schedule(tx, {
      kind: PASSWORD_RESET_JOB,
      payload: { email, language, ip: ip },
      key: `${PASSWORD_RESET_JOB}:${email.trim().toLowerCase()}`,
    });
  });
  ctx.jobs.wake();
  return { success: true as const };
}

/** What the reset page shows for a live link. */
export async function checkPasswordReset(ctx: Pick<FunctionContext, 'db' | 'clock'>, token: string) {
  return ctx.db.transaction(async (tx) => {
    const { reset, member } = await openReset(tx, ctx, token);
    return {
      email: member.email,
      totpRequired: member.totp_enabled,
      invitation: reset.purpose === 'invitation',
    };
  });
}

/** A new password through a live link (and the second factor when the member has one). */
export async function resetPassword(
  ctx: Pick<FunctionContext, 'db' | 'config' | 'clock' | 'mailer' | 'jobs'>,
  { token, newPassword, totpCode }: { token: string; newPassword: string; totpCode?: string | undefined },
  ip: string | null,
) {
  // The hash first, outside the transaction that locks the member.
  const hash = await hashPassword(newPassword, ctx.config.DOOR_HASH_COST_LOG2);
  const outcome = await ctx.db.transaction(async (tx) => {
    const { reset, member } = await openReset(tx, ctx, token);
    assertStrongPassword(newPassword, 'newPassword', member, ctx.config);
    if (member.totp_enabled) {
      if (!totpCode) return { totpRequired: true } as const;
      const lastStep = member.totp_last_step === null ? null : Number(member.totp_last_step);
      const step = acceptedStep(member.totp_secret ?? '', totpCode, lastStep);
      if (step !== null) {
        await tx.query(sql`update staff_users set totp_last_step = ${step} where id = ${member.id}`);
      } else if (!(await spendRecoveryCode(tx, member.id, totpCode))) {
        await tx.query(sql`update staff_password_resets set failed_codes = failed_codes + 1 where id = ${reset.id}`);
        return { wrongCode: true } as const;
      }
    }
    await tx.query(
      sql`update staff_users set password_hash = ${hash}, password_change_required = false, updated_at = now() where id = ${member.id}`,
    );
    // Every link of this member dies with the one used; every session ends.
    await tx.query(
      sql`update staff_password_resets set used_at = ${ctx.clock.now()} where staff_id = ${member.id} and used_at is null`,
    );
    await revokeStaffSessions(tx, member.id);
    await clearStaffLoginThrottle(tx, member.email.toLowerCase());
    const invitation = reset.purpose === 'invitation';
    await recordAudit(
      tx,
      { id: member.id, email: member.email, ip: ip },
      { action: invitation ? 'invitation_accepted' : 'password_reset', target: `staff:${member.email}` },
    );
    // A first password chosen from the invitation is news to nobody.
    if (invitation) return { success: true } as const;
    // Told in the language the link was sent in, so whoever did not ask for it hears of it.
    await ctx.mailer.send(
      {
        to: member.email,
        versions: [
          passwordChangedEmail(reset.language, {
            name: member.name,
            at: ctx.clock.now(),
            business: ctx.config.BUSINESS_NAME,
          }),
        ],
      },
      tx,
    );
    return { success: true } as const;
  });
  if ('wrongCode' in outcome) throw new HttpError(400, WRONG_CODE, { totpCode: WRONG_CODE });
  if ('success' in outcome) ctx.jobs.wake();
  return outcome;
}

/** A manager sends a member a reset link. */
export async function sendPasswordReset(
  ctx: ResetContext & Pick<FunctionContext, 'db'>,
  actor: Actor,
  { staffId, language }: { staffId: string; language: Language },
) {
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<StaffRow>(
      sql`select ${staffColumns()} from staff_users where id = ${staffId} for update`,
    );
    const member = rows[0];
    if (!member) throw new HttpError(404, 'Staff member not found');
    if (member.disabled_at !== null) throw refusal('staff_disabled');
    const manager = { email: actor.email, name: actor.row.name };
    if (!(await issueResetLink(tx, ctx, member, language, manager))) throw refusal('reset_too_many');
    await recordAudit(tx, actor, { action: 'send_password_reset', target: `staff:${member.email}` });
  });
  ctx.jobs.wake();
  return { success: true as const };
}

/** A manager turns off a member's lost second factor. */
export async function resetSecondFactor(
  ctx: Pick<FunctionContext, 'db' | 'config' | 'mailer' | 'jobs'>,
  actor: Actor,
  { staffId, language }: { staffId: string; language: Language },
) {
  if (staffId === actor.id) throw refusal('second_factor_own');
  const { rows } = await ctx.db.transaction(async (tx) => {
    const { rows: found } = await tx.query<StaffRow>(
      sql`select ${staffColumns()} from staff_users where id = ${staffId} for update`,
    );
    const member = found[0];
    if (!member) throw new HttpError(404, 'Staff member not found');
    if (!member.totp_enabled) throw refusal('second_factor_off');
    const updated =
      await tx.query<StaffRow>(sql`update staff_users set totp_enabled = false, totp_secret = null, totp_last_step = null, updated_at = now()
       where id = ${member.id} returning ${staffColumns()}`);
    // Whoever holds a session opened with the lost phone is signed out; its codes go with it.
    await revokeStaffSessions(tx, member.id);
    await dropRecoveryCodes(tx, member.id);
    await recordAudit(tx, actor, {
      action: 'reset_second_factor',
      target: `staff:${member.email}`,
      before: { totpEnabled: true },
      after: { totpEnabled: false },
    });
    await ctx.mailer.send(
      {
        to: member.email,
        versions: [
          secondFactorOffEmail(language, {
            name: member.name,
            manager: actor.row.name,
            business: ctx.config.BUSINESS_NAME,
          }),
        ],
      },
      tx,
    );
    return updated;
  });
  ctx.jobs.wake();
  return { staff: toStaffMember(rows[0] as StaffRow) };
}

/** The login page's request, run as a job: known members get a link, anyone else nothing. */
export function passwordResetJobs(ctx: FunctionContext): Record<string, JobHandler> {
  return {
    [PASSWORD_RESET_JOB]: async (tx, payload) => {
      const email = String(payload.email ?? '').toLowerCase();
      const language: Language = payload.language === 'en' ? 'en' : 'es';
      const { rows } = await tx.query<StaffRow>(
        sql`select ${staffColumns()} from staff_users where lower(email) = ${email} and disabled_at is null for update`,
      );
      const member = rows[0];
      if (!member) return;
      if (await issueResetLink(tx, ctx, member, language, null)) {
        await recordAudit(
          tx,
          { id: member.id, email: member.email, ip: typeof payload.ip === 'string' ? payload.ip : null },
          { action: 'password_reset_requested', target: `staff:${member.email}` },
        );
      }
    },
  };
}
