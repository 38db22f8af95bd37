import { type Contract, maskIban, type Submitter } from 'shared-api';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { toIso } from '../../platform/db/iso';
import { sql } from '../../platform/db/sql';
import { commitThenRun } from '../../platform/jobs/queue';
import { replaceMandate, settleMandate } from '../billing';
import { type MoveInContext, moveInWhenChosen } from '../rental';
import { recordAudit } from '../staff';
import { deliverSignedMandate, scheduleSignedContractDelivery } from './delivery';
import { mandateStillSignable } from './mandate-change';

interface ContractRow extends Record<string, unknown> {
  id: string;
  registration_id: string;
  status: Contract['status'];
  created_at: Date | string;
  completed_at: Date | string | null;
  expired_at: Date | string | null;
}

/** The registration's latest contract and its signers, as get-contract-status answers. */
export async function contractStatus(
  q: Queryable,
  registrationId: string,
): Promise<{ contract: Contract | null; submitters: Submitter[] }> {
  const { rows } =
    await q.query<ContractRow>(sql`select id::text, registration_id::text, status, created_at, completed_at, expired_at from contracts
     where registration_id = ${registrationId} and kind = 'rental' order by created_at desc, id desc limit 1`);
  const row = rows[0];
  if (!row) return { contract: null, submitters: [] };
  const { rows: signers } = await q.query<Submitter>(
    sql`select id::text, role, status, email from contract_submitters where contract_id = ${row.id} order by role`,
  );
  return {
    contract: {
      id: row.id,
      registration_id: row.registration_id,
      status: row.status,
      created_at: toIso(row.created_at) ?? '',
      completed_at: toIso(row.completed_at),
      expired_at: toIso(row.expired_at),
    },
    submitters: signers,
  };
}

/**
 * After a signer acts: both signed → the contract is completed, the registration locked (global
 * status completed), the tenant moves in and gets the signed PDF; one declined → the contract is declined and a new
 * one may be made. Inside the signer's transaction, so a completed contract always has its
 * move-in.
 */
export async function settleContract(q: Queryable, ctx: MoveInContext, contractId: string): Promise<void> {
  const { rows: kinds } = await q.query<{ kind: 'rental' | 'mandate' }>(
    sql`select kind from contracts where id = ${contractId}`,
  );
  if (kinds[0]?.kind === 'mandate') return settleMandateChange(q, ctx, contractId);
  const rows = await signerStatuses(q, contractId);
  if (await declineIfRefused(q, contractId, rows)) return;
  if (rows.length > 0 && rows.every((r) => r.status === 'completed')) {
    const { rows: done } = await q.query<{
      registration_id: string;
    }>(sql`update contracts set status = 'completed', completed_at = now()
       where id = ${contractId} and status = 'awaiting_signatures' returning registration_id::text`);
    const registrationId = done[0]?.registration_id;
    if (registrationId) {
      await settleMandate(q, contractId, 'signed');
      await q.query(
        sql`update registrations set global_status = 'completed', updated_at = now() where id = ${registrationId}`,
      );
      const moved = await moveInWhenChosen(q, ctx, registrationId);
      await scheduleSignedContractDelivery(q, ctx, {
        contractId,
        unitNumbers: moved.status === 'awaiting_unit' ? [] : moved.unitNumbers,
        moveInDate: moved.status === 'scheduled' ? moved.moveInDate : null,
      });
    }
  }
}

async function signerStatuses(q: Queryable, contractId: string) {
  const { rows } = await q.query<{ status: string }>(
    sql`select status from contract_submitters where contract_id = ${contractId}`,
  );
  return rows;
}

/** A signer declined: the contract (or new mandate) is declined and its mandate void. */
async function declineIfRefused(q: Queryable, contractId: string, signers: { status: string }[]): Promise<boolean> {
  if (!signers.some((r) => r.status === 'declined')) return false;
  await q.query(
    sql`update contracts set status = 'declined', declined_at = now() where id = ${contractId} and status = 'awaiting_signatures'`,
  );
  await settleMandate(q, contractId, 'cancelled');
  return true;
}

/**
 * A new mandate the tenant signed replaces the one in force, and they get it signed; declined, it
 * is void and nothing changed.
 */
async function settleMandateChange(q: Queryable, ctx: MoveInContext, contractId: string): Promise<void> {
  const rows = await signerStatuses(q, contractId);
  if (await declineIfRefused(q, contractId, rows)) return;
  if (rows.length === 0 || rows.some((r) => r.status !== 'completed')) return;
  const now = ctx.clock.now();
  const { rows: done } = await q.query<{ created_at: Date | string; code: string; email: string }>(
    sql`update contracts c set status = 'completed', completed_at = now() from registrations r
     where c.id = ${contractId} and c.status = 'awaiting_signatures' and r.id = c.registration_id
     returning c.created_at, r.registration_code as code, r.email`,
  );
  const contract = done[0];
  if (!contract) return;
  // Signed too late (a provider's reminder, weeks on): void, nothing changes.
  if (!mandateStillSignable(new Date(contract.created_at), now)) {
    await q.query(
      sql`update contracts set status = 'expired', completed_at = null, expired_at = ${now} where id = ${contractId}`,
    );
    await settleMandate(q, contractId, 'cancelled');
    return;
  }
  const replaced = await replaceMandate(q, contractId, now);
  if (!replaced) return;
  await recordAudit(
    q,
    { id: null, email: `inquilino:${contract.email}`, ip: null },
    {
      action: 'mandate_replaced',
      target: `registration:${contract.code}`,
      before: { mandate: replaced.replaced },
      after: { mandate: replaced.reference, iban: maskIban(replaced.debtorIban) },
    },
  );
  await deliverSignedMandate(q, ctx, contractId, replaced);
}

/** An e-signature provider says a signer signed, declined or opened: recorded once, the contract settled. */
export async function recordProviderSignature(
  ctx: FunctionContext,
  providerSubmitterId: string,
  status: 'completed' | 'declined' | 'opened',
): Promise<void> {
  await commitThenRun(ctx, async (tx) => {
    const { rows } = await tx.query<{ contract_id: string }>(sql`update contract_submitters set status = ${status},
         signed_at = case when ${status} = 'completed' then now() else signed_at end,
         declined_at = case when ${status} = 'declined' then now() else declined_at end
       where provider_submitter_id = ${providerSubmitterId} and status not in ('completed', 'declined') returning contract_id::text`);
    if (rows[0]) await settleContract(tx, ctx, rows[0].contract_id);
  });
}
