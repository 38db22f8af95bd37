import { depositFor } from 'shared-api';
import type { Queryable } from '../../../platform/db';
import { findProduct, type RegistrationRow, readMetadata } from '../../sign-up';

/** The deposit the server charges: never the browser's figure (spec §9 and §7). */
export async function depositOf(q: Queryable, registration: RegistrationRow): Promise<number> {
  const chosen = readMetadata(registration.metadata).serviceDetails;
  const product = chosen ? await findProduct(q, chosen.productId) : null;
  return depositFor(registration.client_type, product?.setupFee ?? null);
}
