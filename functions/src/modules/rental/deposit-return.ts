import { formatEuros, languageFromPath } from 'shared-i18n';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError, refusal } from '../../platform/http-error';
import { latestPayment, recordMovement, tenantBalance, toCents } from '../billing';
import { requireRegistration } from '../sign-up';
import { type Actor, recordAudit } from '../staff';
import { depositReturnedEmail } from './messages';

export interface ReturnedDeposit {
  refundedCents: number;
  keptCents: number;
  refundedAt: Date;
}

/**
 * The deposit at move-out, once staff found the unit empty and in good order: given back to the
 * card it was paid with, in full or less a part kept with a reason (the contract: "less what is
 * owed"), at most what the tenant owes now. The kept part is money received against their balance. The provider is asked
 * first: if it refuses, nothing changes. The tenant is e-mailed what came back and why any was kept.
 */
export async function returnDeposit(
  tx: Queryable,
  ctx: Pick<FunctionContext, 'payments' | 'mailer' | 'clock'>,
  actor: Pick<Actor, 'id' | 'email' | 'ip'>,
  input: { registrationId: string; keepCents: number; reason: string | null },
): Promise<ReturnedDeposit> {
  const registration = await requireRegistration(tx, input.registrationId, { forUpdate: true });
  if (registration.move_in_status !== 'ended') throw refusal('rental_not_ended');
  const payment = await latestPayment(tx, input.registrationId);
  if (payment?.status !== 'completed' || payment.refunded_at) throw refusal('deposit_not_refundable');
  const depositCents = toCents(Number(payment.amount));
  if (input.keepCents > depositCents) throw new HttpError(400, 'At most the whole deposit can be kept.');
  // The contract returns it "less what is owed": what is kept pays what is due now, never more.
  if (input.keepCents > (await tenantBalance(tx, input.registrationId)).payableCents)
    throw refusal('keep_exceeds_owed');
  if (input.keepCents > 0 && !input.reason) throw new HttpError(400, 'Say why part of the deposit is kept.');
  const refundedCents = depositCents - input.keepCents;
  if (refundedCents > 0 && payment.provider_order_id) {
    await ctx.payments.refundOrder(payment.provider_order_id, refundedCents / 100, payment.currency);
  }
  const now = ctx.clock.now();
  await tx.query(sql`update payments set refunded_at = ${now}, refund_cents = ${refundedCents},
       refund_reason = ${input.reason ?? 'Fin del alquiler'}, updated_at = now()
     where id = ${payment.id}`);
  if (input.keepCents > 0) {
    await recordMovement(tx, {
      registrationId: input.registrationId,
      kind: 'deposit',
      amountCents: input.keepCents,
      paymentId: payment.id,
      reference: actor.email,
      reason: input.reason ?? '',
      at: now,
    });
  }
  await recordAudit(tx, actor, {
    action: 'return_deposit',
    target: `registration:${registration.registration_code}`,
    after: { refundedCents, keptCents: input.keepCents, reason: input.reason },
  });
  const language = languageFromPath(payment.return_path) ?? registration.language ?? 'es';
  await ctx.mailer.send(
    {
      to: registration.email,
      versions: [
        depositReturnedEmail(language === 'en' ? 'en' : 'es', {
          registrationCode: registration.registration_code,
          refunded: formatEuros(refundedCents / 100, language === 'en' ? 'en' : 'es'),
          kept: input.keepCents > 0 ? formatEuros(input.keepCents / 100, language === 'en' ? 'en' : 'es') : null,
          reason: input.reason,
        }),
      ],
    },
    tx,
  );
  return { refundedCents, keptCents: input.keepCents, refundedAt: now };
}
