import type { FunctionsConfig } from '../../../config';
import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';

export interface Mandate {
  reference: string;
  creditorIdentifier: string;
  creditorName: string;
  creditorAddress: string;
  debtorName: string;
  debtorAddress: string;
  debtorIban: string;
  signaturePlace: string;
}

/** MD-<registration code>-<contract>: unique per contract, within the 35 characters SEPA allows. */
function mandateReference(registrationCode: string, contractId: string): string {
  return `MD-${registrationCode}-${contractId.replace(/-/g, '').slice(0, 12)}`.toUpperCase();
}

/** What a mandate needs of its registration: who the debtor is, and where. */
export interface MandateDebtor extends Record<string, unknown> {
  registration_code: string;
  client_type: string;
  full_name: string;
  company_name: string | null;
  address: string;
  postal_code: string;
  city: string;
}

/**
 * The mandate a new contract carries: the business as creditor, the applicant (the company when
 * the applicant signs for one) as debtor with the IBAN of the registration.
 */
export function newMandate(
  config: Pick<FunctionsConfig, 'SEPA_CREDITOR_ID' | 'BUSINESS_NAME' | 'BUSINESS_ADDRESS' | 'BUSINESS_CITY'>,
  registration: MandateDebtor & { iban: string },
  contractId: string,
): Mandate {
  return {
    reference: mandateReference(registration.registration_code, contractId),
    creditorIdentifier: config.SEPA_CREDITOR_ID,
    creditorName: config.BUSINESS_NAME,
    creditorAddress: config.BUSINESS_ADDRESS,
    debtorName:
      registration.client_type === 'company' && registration.company_name
        ? registration.company_name
        : registration.full_name,
    debtorAddress: `${registration.address}, ${registration.postal_code} ${registration.city}`,
    debtorIban: registration.iban.replace(/\s+/g, '').toUpperCase(),
    signaturePlace: config.BUSINESS_CITY,
  };
}

export async function storeMandate(
  tx: Queryable,
  mandate: Mandate,
  ids: { registrationId: string; contractId: string },
): Promise<void> {
  await tx.query(sql`insert into sepa_mandates (reference, registration_id, contract_id, creditor_identifier, creditor_name,
       debtor_name, debtor_iban, signature_place)
     values (${mandate.reference}, ${ids.registrationId}, ${ids.contractId}, ${mandate.creditorIdentifier}, ${mandate.creditorName}, ${mandate.debtorName}, ${mandate.debtorIban}, ${mandate.signaturePlace})`);
}

/**
 * The contract is settled: completed, its mandate is signed when the applicant signed it;
 * declined, the mandate is void.
 */
export async function settleMandate(tx: Queryable, contractId: string, outcome: 'signed' | 'cancelled') {
  if (outcome === 'signed') {
    await tx.query(sql`update sepa_mandates m set status = 'signed',
         signed_at = coalesce((select s.signed_at from contract_submitters s
                               where s.contract_id = m.contract_id and s.role = 'Cliente'), now())
       where contract_id = ${contractId} and status = 'awaiting_signature'`);
  } else {
    await tx.query(sql`update sepa_mandates set status = 'cancelled', cancelled_at = now()
       where contract_id = ${contractId} and status = 'awaiting_signature'`);
  }
}
