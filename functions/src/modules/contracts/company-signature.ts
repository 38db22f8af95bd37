import type { FunctionsConfig } from '../../config';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { recordAudit } from '../staff';

/** Whether the company signs on its own the moment the applicant does (a manager's setting). */
export async function autoCountersign(q: Queryable): Promise<boolean> {
  const { rows } = await q.query<{ auto_countersign: boolean }>(sql`select auto_countersign from signing_settings`);
  return rows[0]?.auto_countersign ?? true;
}

export async function saveAutoCountersign(q: Queryable, enabled: boolean, by: string): Promise<void> {
  await q.query(sql`update signing_settings set auto_countersign = ${enabled}, updated_at = now(), updated_by = ${by}`);
}

/**
 * Move-in in minutes: the applicant has just signed a rental contract on the site's own signing
 * pages (its deposit was paid before the contract existed), so, with the setting on, the company's
 * signature is applied at once, in the same transaction, and the contract settles into the move-in.
 * Documents are reviewed afterwards (a rejected one suspends the door). A provider's contract is
 * left to the provider's own flow.
 */
export async function applyCompanySignature(
  tx: Queryable,
  config: Pick<FunctionsConfig, 'BUSINESS_NAME'>,
  contractId: string,
): Promise<boolean> {
  if (!(await autoCountersign(tx))) return false;
  const { rows } = await tx.query(sql`update contract_submitters s set status = 'completed',
       signed_name = ${`${config.BUSINESS_NAME} (firma automática / automatic signature)`}, signed_at = now()
     from contracts c
     where s.contract_id = ${contractId} and c.id = s.contract_id and c.kind = 'rental' and c.provider = 'local'
       and c.status = 'awaiting_signatures' and s.role = 'Empresa' and s.status not in ('completed', 'declined')
       and exists (select 1 from contract_submitters k where k.contract_id = c.id and k.role = 'Cliente' and k.status = 'completed')
     returning s.id`);
  if (!rows.length) return false;
  const { rows: registration } = await tx.query<{ registration_code: string }>(
    sql`select r.registration_code from contracts c join registrations r on r.id = c.registration_id where c.id = ${contractId}`,
  );
  await recordAudit(
    tx,
    { id: null, email: 'sistema: firma automática', ip: null },
    { action: 'countersign_automatic', target: `registration:${registration[0]?.registration_code ?? contractId}` },
  );
  return true;
}
