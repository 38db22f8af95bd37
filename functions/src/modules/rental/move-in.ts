import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { latestPayment, startRentSchedule } from '../billing';
import { issueDoorAccess } from '../door';
import { findProduct, readMetadata, requireRegistration, unitsFor } from '../sign-up';
import type { MoveInContext } from './context';
import { shutWhileDocumentRejected } from './document-gate';
import { awaitingUnitNotice } from './messages';
import { releaseAllHeld } from './reservation/holds';
import { occupyUnits } from './units';

export type MoveInOutcome =
  | { status: 'allocated'; unitNumbers: string[] }
  | { status: 'awaiting_unit'; reason: 'no_unit_free' | 'no_product' | 'deposit_unpaid' };

export type { MoveInContext } from './context';

/**
 * The move-in of a registration whose contract both parties have just signed, in the same
 * transaction: its units are taken (first free by number) and it is marked allocated. When no
 * unit is free at that instant (another applicant took the last one), it waits for a unit
 * instead, the applicant sees so, and the business is told by e-mail: never two tenants in one
 * unit. An allocated tenant gets door access once its checks pass (door-access.ts).
 */
export async function moveIn(tx: Queryable, ctx: MoveInContext, registrationId: string): Promise<MoveInOutcome> {
  const registration = await requireRegistration(tx, registrationId, { forUpdate: true });
  const outcome = await allocate(tx, ctx, registrationId, registration.metadata);
  await tx.query(
    sql`update registrations set move_in_status = ${outcome.status}, updated_at = now() where id = ${registrationId}`,
  );
  if (outcome.status === 'allocated') {
    await issueDoorAccess(tx, ctx, registration, outcome.unitNumbers);
    await shutWhileDocumentRejected(tx, ctx, registrationId);
  }
  if (outcome.status === 'awaiting_unit') {
    ctx.log.warn({ registrationId, reason: outcome.reason }, 'move-in waits for a unit');
    await ctx.mailer.send(
      {
        to: ctx.config.BUSINESS_EMAIL,
        versions: [
          awaitingUnitNotice({
            registrationCode: registration.registration_code,
            fullName: registration.full_name,
            reason: REASONS[outcome.reason],
            email: registration.email,
            phone: registration.phone,
          }),
        ],
      },
      tx,
    );
  }
  return outcome;
}

const REASONS: Record<Extract<MoveInOutcome, { status: 'awaiting_unit' }>['reason'], string> = {
  no_unit_free: 'no queda ninguna unidad libre del producto elegido (otro cliente ocupó la última).',
  no_product: 'el producto elegido ya no existe o no lleva control de unidades.',
  deposit_unpaid: 'la fianza no consta como pagada.',
};

async function allocate(
  tx: Queryable,
  ctx: MoveInContext,
  registrationId: string,
  metadata: unknown,
): Promise<MoveInOutcome> {
  const payment = await latestPayment(tx, registrationId);
  if (payment?.status !== 'completed') return { status: 'awaiting_unit', reason: 'deposit_unpaid' };
  const chosen = readMetadata(metadata).serviceDetails;
  const product = chosen ? await findProduct(tx, chosen.productId) : null;
  if (!chosen || !product) return { status: 'awaiting_unit', reason: 'no_product' };
  const unitNumbers = await occupyUnits(tx, {
    productId: product.pid,
    count: unitsFor(product, chosen),
    registrationId,
  });
  if (!unitNumbers) return { status: 'awaiting_unit', reason: 'no_unit_free' };
  // A waitlist offer it took is fulfilled; units it held but did not need go back to the line.
  await tx.query(
    sql`update waitlist_offers set status = 'fulfilled', closed_at = now() where registration_id = ${registrationId} and status = 'accepted'`,
  );
  await releaseAllHeld(tx, ctx, registrationId);
  await startRentSchedule(tx, ctx, registrationId, {
    period: chosen.period,
    amount: chosen.recurringFee,
    productName: product.names.es,
  });
  return { status: 'allocated', unitNumbers };
}
