import { UPLOAD_TYPES } from 'shared-api';
import type { FunctionContext } from '../../context';
import { sql } from '../../platform/db/sql';
import { refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { unitsOf } from '../rental';
import { reviewedDocuments } from '../sign-up';
import { type Actor, recordAudit } from '../staff';
import { settleContract } from './records';

/**
 * The company's signature from the back-office (local signing only), once the applicant signed and
 * every document is approved: the contract settles, the units are given and the door access issued.
 */
export async function countersign(
  ctx: FunctionContext,
  actor: Actor,
  { registrationId, signedName }: { registrationId: string; signedName: string },
) {
  return commitThenRun(ctx, async (tx) => {
    const { rows } = await tx.query<{
      id: string;
      provider: string;
      client: string | null;
      company_id: string | null;
      company: string | null;
      code: string;
    }>(sql`select c.id::text as id, c.provider, cl.status as client, co.id::text as company_id, co.status as company,
         r.registration_code as code
       from contracts c
       join registrations r on r.id = c.registration_id
       left join contract_submitters cl on cl.contract_id = c.id and cl.role = 'Cliente'
       left join contract_submitters co on co.contract_id = c.id and co.role = 'Empresa'
       where c.registration_id = ${registrationId} and c.kind = 'rental' and c.status = 'awaiting_signatures'
       for update of c`);
    const contract = rows[0];
    // Already signed (a second tab, a double click): the contract is not awaiting anyone.
    if (contract?.client !== 'completed' || !contract.company_id || contract.company === 'completed') {
      throw refusal('not_awaiting_company');
    }
    if (contract.provider !== 'local') throw refusal('esign_external');
    const documents = await reviewedDocuments(tx, registrationId);
    if (documents.length < UPLOAD_TYPES.length || documents.some((d) => d.reviewStatus !== 'approved')) {
      throw refusal('documents_not_approved');
    }
    await tx.query(sql`update contract_submitters set status = 'completed', signed_name = ${signedName}, signed_at = now(), signed_ip = ${actor.ip}
       where id = ${contract.company_id}`);
    await settleContract(tx, ctx, contract.id);
    const { rows: settled } = await tx.query<{ status: 'completed' | 'awaiting_signatures' }>(
      sql`select status from contracts where id = ${contract.id}`,
    );
    const units = await unitsOf(tx, registrationId);
    await recordAudit(tx, actor, {
      action: 'countersign',
      target: `registration:${contract.code}`,
      before: { contract: 'awaiting_signatures', Empresa: contract.company },
      after: { contract: settled[0]?.status, Empresa: 'completed', signedName, units },
    });
    return { contractStatus: settled[0]?.status ?? 'completed', units };
  });
}
