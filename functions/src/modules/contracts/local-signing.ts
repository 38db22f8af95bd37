import { sameName } from 'shared-api';
import { hashSigningToken } from '../../adapters/esign';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { applyCompanySignature } from './company-signature';
import { mandateStillSignable } from './mandate-change';
import { settleContract } from './records';

/** One signer of a contract signed on this site's own signing pages, found by their link. */
export interface Signer extends Record<string, unknown> {
  id: string;
  contract_id: string;
  role: 'Cliente' | 'Empresa';
  /** What is signed: the rental contract, or a new direct-debit mandate alone. */
  kind: 'rental' | 'mandate';
  email: string;
  status: string;
  signed_name: string | null;
  contract_status: string;
  document: string;
  registered_name: string;
  created_at: Date | string;
}

const NOT_FOUND = 'Signing link not found or no longer valid';

async function signerByToken(q: Queryable, token: string, forUpdate = false): Promise<Signer | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const { rows } =
    await q.query<Signer>(sql`select s.id::text, s.contract_id::text, s.role, s.email, s.status, s.signed_name,
       c.kind, c.status as contract_status, c.document, c.created_at, r.full_name as registered_name
     from contract_submitters s join contracts c on c.id = s.contract_id
     join registrations r on r.id = c.registration_id
     where s.token_hash = ${hashSigningToken(token)}${forUpdate ? sql` for update of s` : sql``}`);
  return rows[0] ?? null;
}

/** Whether this signer may still sign or decline (a new mandate, within its lifetime). */
export const awaitingSigner = (signer: Signer, now: Date) =>
  signer.contract_status === 'awaiting_signatures' &&
  !['completed', 'declined'].includes(signer.status) &&
  (signer.kind === 'rental' || mandateStillSignable(new Date(signer.created_at), now));

/** The signer of a link, its page opened (the first time it is, while it may still sign). */
export async function openSigning(ctx: Pick<FunctionContext, 'db' | 'clock'>, token: string): Promise<Signer> {
  const signer = await signerByToken(ctx.db, token);
  if (!signer) throw new HttpError(404, NOT_FOUND);
  if (awaitingSigner(signer, ctx.clock.now()) && signer.status !== 'opened') {
    await ctx.db.query(
      sql`update contract_submitters set status = 'opened', opened_at = now() where id = ${signer.id}`,
    );
  }
  return signer;
}

export type SigningDecision = { decision: 'sign'; name: string; consent: boolean } | { decision: 'decline' };

/** What a signing page must ask again for, in both languages. */
export type SigningProblem = 'name_missing' | 'name_not_registered' | 'consent_missing';

/**
 * Signs (the typed name, the client's being the registered person's, and consent) or declines; both
 * signed completes the contract. Returns the signer as it now stands, or what the form must ask
 * again for.
 */
export async function decideSigning(
  ctx: FunctionContext,
  token: string,
  choice: SigningDecision,
  ip: string | null,
): Promise<{ signer: Signer; problem?: SigningProblem }> {
  return commitThenRun(ctx, async (tx) => {
    const signer = await signerByToken(tx, token, true);
    if (!signer) throw new HttpError(404, NOT_FOUND);
    if (!awaitingSigner(signer, ctx.clock.now())) return { signer };
    if (choice.decision === 'sign') {
      const name = choice.name.trim();
      if (name.length < 3) return { signer, problem: 'name_missing' };
      if (signer.role === 'Cliente' && !sameName(name, signer.registered_name)) {
        return { signer, problem: 'name_not_registered' };
      }
      if (!choice.consent) return { signer, problem: 'consent_missing' };
      await tx.query(sql`update contract_submitters set status = 'completed', signed_name = ${name.slice(0, 120)}, signed_at = now(), signed_ip = ${ip}
         where id = ${signer.id}`);
      if (signer.role === 'Cliente') await applyCompanySignature(tx, ctx.config, signer.contract_id);
    } else {
      await tx.query(
        sql`update contract_submitters set status = 'declined', declined_at = now() where id = ${signer.id}`,
      );
    }
    await settleContract(tx, ctx, signer.contract_id);
    return { signer: (await signerByToken(tx, token)) as Signer };
  });
}
