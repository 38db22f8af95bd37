import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';

/**
 * A new mandate the tenant signed in place of their current one takes over: the old one is
 * cancelled, the collections not yet sent move to the new one, and, when the bank has seen the
 * old one, until one of them is paid each presentation names the mandate and the account the bank
 * knew (a SEPA amendment). Null when the
 * new mandate no longer awaits its signature (the rental ended, or it was settled already).
 */
export async function replaceMandate(
  tx: Queryable,
  contractId: string,
  now: Date,
): Promise<{ registrationId: string; reference: string; replaced: string; debtorIban: string } | null> {
  const { rows: signed } = await tx.query<{ reference: string; registration_id: string; debtor_iban: string }>(
    sql`update sepa_mandates m set status = 'signed', amended_at = ${now},
         signed_at = coalesce((select s.signed_at from contract_submitters s
                               where s.contract_id = m.contract_id and s.role = 'Cliente'), ${now})
       where contract_id = ${contractId} and status = 'awaiting_signature'
       returning reference, registration_id::text, debtor_iban`,
  );
  const fresh = signed[0];
  if (!fresh) return null;
  const { rows: current } = await tx.query<{
    reference: string;
    debtor_iban: string;
    amended_from_iban: string | null;
    amended_from_reference: string | null;
  }>(sql`select reference, debtor_iban, amended_from_iban, amended_from_reference from sepa_mandates
     where registration_id = ${fresh.registration_id} and status = 'signed' and reference <> ${fresh.reference}
     for update`);
  const old = current[0];
  if (!old) return null;
  // The bank knows a mandate once a collection has been presented under it: the mandate and the
  // account of the last one it paid. Nothing presented yet, there is nothing to amend.
  const { rows: presented } = await tx.query(sql`select 1 from rent_periods
     where registration_id = ${fresh.registration_id}
       and (status in ('submitted', 'paid', 'returned') or attempts > 1 or remittance_id is not null) limit 1`);
  if (presented.length) {
    const originalReference = old.amended_from_reference ?? old.reference;
    const originalIban = old.amended_from_iban ?? old.debtor_iban;
    await tx.query(sql`update sepa_mandates set amended_from_reference = ${originalReference},
         amended_from_iban = ${originalIban === fresh.debtor_iban ? null : originalIban}
       where reference = ${fresh.reference}`);
  }
  await tx.query(
    sql`update sepa_mandates set status = 'cancelled', cancelled_at = ${now} where reference = ${old.reference}`,
  );
  await tx.query(sql`update rent_periods set mandate_reference = ${fresh.reference}
     where mandate_reference = ${old.reference} and status = 'scheduled'`);
  await tx.query(
    sql`update registrations set iban = ${fresh.debtor_iban}, updated_at = now() where id = ${fresh.registration_id}`,
  );
  return {
    registrationId: fresh.registration_id,
    reference: fresh.reference,
    replaced: old.reference,
    debtorIban: fresh.debtor_iban,
  };
}
