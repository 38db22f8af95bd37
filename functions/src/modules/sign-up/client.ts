import type { FunctionContext } from '../../context';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import { readMetadata, requireOpenRegistration, touchRegistration } from './records';

const SECTIONS_INCOMPLETE = 'Complete the previous steps before creating the client.';

/**
 * Once every earlier step is done, the registration becomes a client of the billing system.
 * Idempotent: the registration row is locked, so two calls at once get the same clientId.
 */
export async function becomeClient(ctx: FunctionContext, registrationId: string) {
  return ctx.db.transaction(async (tx) => {
    const registration = await requireOpenRegistration(tx, registrationId);
    if (registration.client_id) return { success: true, clientId: registration.client_id };
    const sections = readMetadata(registration.metadata).completedSections ?? {};
    if (!(sections.clientData && sections.verification && sections.documents && sections.serviceDetails)) {
      throw new HttpError(409, SECTIONS_INCOMPLETE);
    }
    const clientId = await ctx.billing.createClient(tx, registration);
    await tx.query(
      sql`update registrations set client_id = ${clientId}, updated_at = now() where id = ${registration.id}`,
    );
    await touchRegistration(tx, registration.id);
    return { success: true, clientId };
  });
}
