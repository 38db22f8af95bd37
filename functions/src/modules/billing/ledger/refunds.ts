import type { Language } from 'shared-i18n';
import { tellTenant } from '../../../adapters/tell-tenant';
import type { FunctionContext } from '../../../context';
import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';
import { paragraph } from '../../../platform/email/content';
import { refusal } from '../../../platform/http-error';
import { type Actor, recordAudit } from '../../staff';
import { euros } from '../invoicing/amounts';
import { tenantBalance } from './balance';
import { recordMovement } from './movements';

/**
 * A manager records money given back to a tenant (by bank transfer) out of their balance in their
 * favour: never more than it. The tenant gets a receipt by e-mail; the audit keeps who and why.
 */
export async function recordRefund(
  tx: Queryable,
  ctx: Pick<FunctionContext, 'clock' | 'mailer'>,
  actor: Pick<Actor, 'id' | 'email' | 'ip'>,
  input: { registrationId: string; amountCents: number; reason: string },
): Promise<{ balanceCents: number }> {
  const { rows } = await tx.query<{ email: string; full_name: string; language: Language; registration_code: string }>(
    sql`select email, full_name, language, registration_code from registrations where id = ${input.registrationId} for update`,
  );
  const tenant = rows[0];
  const before = await tenantBalance(tx, input.registrationId);
  if (!tenant || input.amountCents > -before.balanceCents) throw refusal('refund_exceeds_credit');
  await recordMovement(tx, {
    registrationId: input.registrationId,
    kind: 'refund',
    amountCents: -input.amountCents,
    reference: actor.email,
    reason: input.reason,
    at: ctx.clock.now(),
  });
  await recordAudit(tx, actor, {
    action: 'record_refund',
    target: `registration:${tenant.registration_code}`,
    after: { amountCents: input.amountCents, reason: input.reason },
  });
  await tellTenant(tx, ctx, tenant, {
    en: {
      subject: 'We have refunded you',
      blocks: [
        paragraph(
          `We have refunded you ${euros(input.amountCents, 'en')} by bank transfer to your account. Reason: ${input.reason}.`,
        ),
      ],
    },
    es: {
      subject: 'Te hemos devuelto un importe',
      blocks: [
        paragraph(
          `Te hemos devuelto ${euros(input.amountCents, 'es')} por transferencia a tu cuenta. Motivo: ${input.reason}.`,
        ),
      ],
    },
  });
  return { balanceCents: before.balanceCents + input.amountCents };
}
