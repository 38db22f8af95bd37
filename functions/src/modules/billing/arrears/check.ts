import { formatCalendarDate, type Language } from 'shared-i18n';
import { tellTenant } from '../../../adapters/tell-tenant';
import type { FunctionContext } from '../../../context';
import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';
import { action, paragraph } from '../../../platform/email/content';
import { fromMadrid, madridDate, spanishDate } from '../../../platform/madrid-time';
import { ARREARS_RULES, recordAudit } from '../../staff';
import { issueLateFee } from '../invoicing/issue';
import { newPayLink } from '../ledger/pay-links';
import { restoreAccess, suspendAccess } from './access';
import { type ArrearsSettings, arrearsPlan } from './rules';

type ArrearsContext = Pick<FunctionContext, 'config' | 'clock' | 'mailer' | 'sms' | 'jobs'>;

/** The job that applies the arrears rules to one tenant; scheduled for each next step. */
export const ARREARS_CHECK_JOB = 'billing.arrears-check';

export async function arrearsSettings(q: Queryable): Promise<ArrearsSettings> {
  const { rows } = await q.query<{
    grace_days: number;
    late_fee_cents: number;
    warning_days: number;
    suspend_after_days: number;
  }>(sql`select grace_days, late_fee_cents, warning_days, suspend_after_days from arrears_settings`);
  const row = rows[0];
  return {
    graceDays: row?.grace_days ?? 5,
    lateFeeCents: row?.late_fee_cents ?? 1500,
    warningDays: row?.warning_days ?? 3,
    suspendAfterDays: row?.suspend_after_days ?? 15,
  };
}

/** A manager changes the rules; they apply from each tenant's next check. */
export async function saveArrearsSettings(q: Queryable, settings: ArrearsSettings, by: string): Promise<void> {
  await q.query(sql`update arrears_settings set grace_days = ${settings.graceDays}, late_fee_cents = ${settings.lateFeeCents},
       warning_days = ${settings.warningDays}, suspend_after_days = ${settings.suspendAfterDays},
       updated_at = now(), updated_by = ${by}`);
}

/**
 * A step's check, on its day at 08:00. A step has a key of its own: a check scheduling the next
 * one under its own key would be asked to run again at once (the queue reruns a job scheduled while
 * it runs), and again, forever.
 */
const arrearsStep = (registrationId: string, day: string) => ({
  kind: ARREARS_CHECK_JOB,
  payload: { registrationId },
  runAt: fromMadrid(day, '08:00'),
  key: `arrears:${registrationId}:${day}`,
});

/** Looks at a tenant's arrears now, after the commit that changed them. */
export async function scheduleArrearsCheck(
  tx: Queryable,
  ctx: Pick<ArrearsContext, 'jobs' | 'clock'>,
  registrationId: string,
): Promise<void> {
  await ctx.jobs.schedule(tx, {
    kind: ARREARS_CHECK_JOB,
    payload: { registrationId },
    runAt: ctx.clock.now(),
    key: `arrears:${registrationId}`,
  });
}

const englishDate = (isoDate: string) => formatCalendarDate(isoDate, 'en', 'medium');

async function warn(tx: Queryable, ctx: ArrearsContext, registrationId: string, tenant: TenantRow, suspendOn: string) {
  const payLink = await newPayLink(tx, ctx, registrationId);
  const office = `${ctx.config.BUSINESS_PHONE} · ${ctx.config.BUSINESS_EMAIL}`;
  await tellTenant(tx, ctx, tenant, {
    en: {
      subject: 'Unpaid rent: your access will be suspended',
      blocks: [
        paragraph(
          `Your storage rent is still unpaid. Unless it is paid, your access to the unit will be suspended on ${englishDate(suspendOn)}.`,
        ),
        paragraph('You can pay it now by card at this private link:'),
        action('Pay by card', payLink),
        paragraph(`Questions? Call or write to us: ${office}.`),
      ],
      sms: `Unpaid storage rent: your access will be suspended on ${englishDate(suspendOn)}. Pay by card: ${payLink}`,
    },
    es: {
      subject: 'Alquiler sin pagar: se suspenderá tu acceso',
      blocks: [
        paragraph(
          `El alquiler de tu trastero sigue sin pagar. Si no se paga, tu acceso al trastero se suspenderá el ${spanishDate(suspendOn)}.`,
        ),
        paragraph('Puedes pagarlo ya con tarjeta en este enlace privado:'),
        action('Pagar con tarjeta', payLink),
        paragraph(`¿Dudas? Llámanos o escríbenos: ${office}.`),
      ],
      sms: `Alquiler del trastero sin pagar: tu acceso se suspenderá el ${spanishDate(suspendOn)}. Paga con tarjeta: ${payLink}`,
    },
  });
}

interface TenantRow extends Record<string, unknown> {
  id: string;
  registration_code: string;
  full_name: string;
  email: string;
  phone: string;
  language: Language;
  arrears_warned_at: Date | string | null;
  access_suspended_at: Date | string | null;
  access_suspended_by: string | null;
}

/**
 * Applies the arrears rules to tenants now (the job, one tenant or a day's batch of them): the
 * late fees due, the warning, the suspension, each once; nothing overdue any more lifts a
 * suspension the rules made (a staff one stays). Then schedules each one's next step, if any. The
 * reading and the scheduling are one query each for the whole batch; only a tenant with something
 * to do today costs more.
 */
export async function checkArrears(tx: Queryable, ctx: ArrearsContext, registrationIds: string[]): Promise<void> {
  if (!registrationIds.length) return;
  const { rows: tenants } =
    await tx.query<TenantRow>(sql`select id::text, registration_code, full_name, email, phone, language, arrears_warned_at,
       access_suspended_at, access_suspended_by
     from registrations where id = any(${registrationIds}::uuid[]) and move_in_status = 'allocated'
     order by id for update`);
  // A collection presented again is the bank's while it is out (what the tenant's pay link leaves
  // out too): the rules wait for its answer; a second return finds its overdue date kept.
  const { rows: periods } = await tx.query<{
    registration_id: string;
    id: string;
    overdue_since: string;
    fee_issued: boolean;
  }>(
    sql`select registration_id::text, id, to_char(overdue_since, 'YYYY-MM-DD') as overdue_since,
       late_fee_invoice_id is not null as fee_issued
     from rent_periods where registration_id = any(${registrationIds}::uuid[]) and overdue_since is not null
       and status in ('scheduled', 'returned')`,
  );
  const settings = await arrearsSettings(tx);
  const today = madridDate(ctx.clock.now());
  const paidUp: string[] = [];
  const nextSteps: { registrationId: string; day: string }[] = [];
  for (const tenant of tenants) {
    const plan = arrearsPlan({
      today,
      periods: periods
        .filter((p) => p.registration_id === tenant.id)
        .map((p) => ({ id: p.id, overdueSince: p.overdue_since, feeIssued: p.fee_issued })),
      warned: tenant.arrears_warned_at !== null,
      suspended: tenant.access_suspended_at !== null,
      settings,
    });
    const target = `registration:${tenant.registration_code}`;
    if (!plan) {
      // Paid up: the rules' own suspension ends now; one staff decided stays theirs to lift.
      if (tenant.access_suspended_by === 'arrears' && (await restoreAccess(tx, ctx, tenant.id))) {
        await recordAudit(tx, ARREARS_RULES, { action: 'arrears_restore', target });
      }
      if (tenant.arrears_warned_at !== null) paidUp.push(tenant.id);
      continue;
    }
    for (const periodId of plan.feesFor) {
      const fee = await issueLateFee(tx, ctx, periodId, settings.lateFeeCents);
      if (fee) {
        await recordAudit(tx, ARREARS_RULES, { action: 'arrears_late_fee', target, after: { invoice: fee.number } });
      }
    }
    if (plan.warn) {
      await warn(tx, ctx, tenant.id, tenant, plan.suspendOn);
      await recordAudit(tx, ARREARS_RULES, { action: 'arrears_warning', target, after: { suspendOn: plan.suspendOn } });
      await tx.query(sql`update registrations set arrears_warned_at = ${ctx.clock.now()}, arrears_contacted_at = ${ctx.clock.now()}
         where id = ${tenant.id}`);
    }
    if (plan.suspend && (await suspendAccess(tx, ctx, tenant.id, { by: 'arrears', reason: 'impago / unpaid rent' }))) {
      await recordAudit(tx, ARREARS_RULES, { action: 'arrears_suspend', target });
    }
    if (plan.nextCheck) nextSteps.push({ registrationId: tenant.id, day: plan.nextCheck });
  }
  if (paidUp.length) {
    await tx.query(sql`update registrations set arrears_warned_at = null where id = any(${paidUp}::uuid[])`);
  }
  await ctx.jobs.scheduleMany(
    tx,
    nextSteps.map((step) => arrearsStep(step.registrationId, step.day)),
  );
}
