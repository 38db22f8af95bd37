import { formatEuros, type Language, languageFromPath } from 'shared-i18n';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { refusal } from '../../platform/http-error';
import { latestPayment, startRentSchedule } from '../billing';
import { issueDoorAccess } from '../door';
import { findProduct, type RegistrationRow, readMetadata, requireRegistration, unitsFor } from '../sign-up';
import type { MoveInContext } from './context';
import { shutWhileDocumentRejected } from './document-gate';
import { depositRefundedEmail } from './messages';
import { releaseAllHeld } from './reservation/holds';

/*
 * What staff can do for a tenant who signed and paid but was left without a unit
 * (move_in_status awaiting_unit): let them free units that fit, or give the deposit back.
 */

/** Up to this many units may be combined for one tenant (as the calculator's options do). */
const MAX_COMBINED = 3;

interface Need {
  registration: RegistrationRow;
  /** The volume rented: the chosen product's size times its units. */
  neededM3: number;
  unitsRequired: number;
}

async function awaitingTenant(q: Queryable, registrationId: string, forUpdate = false): Promise<Need> {
  const registration = await requireRegistration(q, registrationId, { forUpdate });
  if (registration.move_in_status !== 'awaiting_unit') throw refusal('not_awaiting_unit');
  const chosen = readMetadata(registration.metadata).serviceDetails;
  const product = chosen ? await findProduct(q, chosen.productId) : null;
  const unitsRequired = chosen && product ? unitsFor(product, chosen) : 1;
  return { registration, neededM3: (product?.sizeM3 ?? 0) * unitsRequired, unitsRequired };
}

/** The free units that could serve the tenant: each at least a third of the volume, smallest first. */
export async function fittingFreeUnits(q: Queryable, registrationId: string, language: Language) {
  const { neededM3, unitsRequired } = await awaitingTenant(q, registrationId);
  const { rows } = await q.query<{
    unit_number: string;
    name: string;
    size_m3: string;
  }>(sql`select u.unit_number, case when ${language} = 'en' then p.name_en else p.name_es end as name, p.size_m3::text
     from units u join products p on p.pid = u.product_id
     where u.status = 'available' and p.active and p.size_m3 * ${MAX_COMBINED} >= ${neededM3}
     order by p.size_m3, u.unit_number limit 60`);
  return {
    neededM3,
    unitsRequired,
    units: rows.map((row) => ({ unitNumber: row.unit_number, productName: row.name, sizeM3: Number(row.size_m3) })),
  };
}

/**
 * Lets the chosen free units to the tenant, together at least the volume rented, at the price
 * in the signed contract (a bigger unit given for a missing one is the business's cost). Door
 * access and the rent schedule follow as at an ordinary move-in.
 */
export async function assignUnits(
  tx: Queryable,
  ctx: MoveInContext,
  registrationId: string,
  unitNumbers: string[],
): Promise<string[]> {
  const { registration, neededM3 } = await awaitingTenant(tx, registrationId, true);
  const payment = await latestPayment(tx, registrationId);
  if (payment?.status !== 'completed' || payment.refunded_at) throw refusal('deposit_not_refundable');
  const wanted = [...new Set(unitNumbers)].sort();
  const { rows: free } = await tx.query<{
    unit_number: string;
    size_m3: string;
  }>(sql`select u.unit_number, p.size_m3::text from units u join products p on p.pid = u.product_id
     where u.unit_number = any(${wanted}::text[]) and u.status = 'available' for update of u`);
  if (free.length !== wanted.length) throw refusal('units_not_free');
  const total = free.reduce((sum, unit) => sum + Number(unit.size_m3), 0);
  if (total + 1e-9 < neededM3) throw refusal('units_too_small');
  await tx.query(sql`update units set status = 'occupied', registration_id = ${registrationId}, offer_id = null, updated_at = now()
     where unit_number = any(${wanted}::text[])`);
  // Units still held for it (a waitlist offer for the product it waited for) go back to the line.
  await releaseAllHeld(tx, ctx, registrationId);
  await tx.query(
    sql`update registrations set move_in_status = 'allocated', updated_at = now() where id = ${registrationId}`,
  );
  const chosen = readMetadata(registration.metadata).serviceDetails;
  if (chosen) {
    await startRentSchedule(tx, ctx, registrationId, {
      period: chosen.period,
      amount: chosen.recurringFee,
      productName: chosen.productName,
    });
  }
  await issueDoorAccess(tx, ctx, registration, wanted);
  await shutWhileDocumentRejected(tx, ctx, registrationId);
  return wanted;
}

/**
 * Gives the deposit of a tenant waiting for a unit back through the card provider, records it,
 * closes the sign-up (no rent, the mandate cancelled, anything held freed) and e-mails the tenant
 * in the language they paid in. The provider is called first: if it refuses, nothing changes.
 */
export async function refundDeposit(
  tx: Queryable,
  ctx: MoveInContext & Pick<FunctionContext, 'payments'>,
  registrationId: string,
  reason: string,
): Promise<{ amount: number; refundedAt: Date }> {
  const { registration } = await awaitingTenant(tx, registrationId, true);
  const payment = await latestPayment(tx, registrationId);
  if (payment?.status !== 'completed' || payment.refunded_at) throw refusal('deposit_not_refundable');
  const amount = Number(payment.amount);
  if (payment.provider_order_id) {
    await ctx.payments.refundOrder(payment.provider_order_id, amount, payment.currency);
  }
  const { rows } = await tx.query<{ refunded_at: Date }>(
    sql`update payments set refunded_at = ${ctx.clock.now()}, refund_reason = ${reason}, updated_at = now() where id = ${payment.id} returning refunded_at`,
  );
  await tx.query(
    sql`update registrations set move_in_status = 'ended', rental_ended_at = now(), updated_at = now() where id = ${registrationId}`,
  );
  await tx.query(sql`update sepa_mandates set status = 'cancelled', cancelled_at = now()
     where registration_id = ${registrationId} and status in ('signed', 'awaiting_signature')`);
  await releaseAllHeld(tx, ctx, registrationId);
  const language = languageFromPath(payment.return_path) ?? 'es';
  await ctx.mailer.send(
    {
      to: registration.email,
      versions: [
        depositRefundedEmail(language, {
          amount: formatEuros(amount, language),
          reason,
          registrationCode: registration.registration_code,
        }),
      ],
    },
    tx,
  );
  return { amount, refundedAt: new Date(rows[0]?.refunded_at ?? ctx.clock.now()) };
}
