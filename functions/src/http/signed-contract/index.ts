import { registrationId } from 'shared-api';
import { z } from 'zod';
import { requireApplicantSession } from '../../modules/sign-up';
import { recordAudit, requireStaff } from '../../modules/staff';
import type { Queryable } from '../../platform/db';
import { HttpError } from '../../platform/http-error';
import { metaOf } from '../../platform/request-meta';
import { type FunctionDefinition, parseOr400 } from '../router';

const query = z.object({ registrationId });

/** The PDF both parties signed (contract, mandate, certificate), kept when the contract completed. */
async function signedPdf(q: Queryable, id: string): Promise<{ pdf: Buffer; code: string } | null> {
  const { rows } = await q.query<{ pdf: Buffer | Uint8Array; registration_code: string }>(
    `select s.pdf, r.registration_code from signed_contracts s
     join contracts c on c.id = s.contract_id join registrations r on r.id = c.registration_id
     where c.registration_id = $1 and c.status = 'completed' order by c.completed_at desc limit 1`,
    [id],
  );
  const row = rows[0];
  return row ? { pdf: Buffer.from(row.pdf), code: row.registration_code } : null;
}

function sendPdf(res: Parameters<FunctionDefinition['handle']>[2], { pdf, code }: { pdf: Buffer; code: string }) {
  res
    .set({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="contrato-${code}.pdf"`,
      'cache-control': 'no-store',
      'cross-origin-resource-policy': 'same-origin',
    })
    .send(pdf);
}

/** GET signed-contract?registrationId=… — the applicant's own signed contract, to the browser holding its session. */
export const signedContractFunction: FunctionDefinition = {
  name: 'signed-contract',
  method: 'GET',
  async handle(req, ctx, res) {
    const { registrationId: id } = parseOr400(query, req.query);
    await requireApplicantSession(ctx.db, metaOf(req, res, ctx.config), id);
    const signed = await signedPdf(ctx.db, id);
    if (!signed) throw new HttpError(404, 'There is no signed contract for this registration yet.');
    sendPdf(res, signed);
  },
};

/** GET backoffice/signed-contract?registrationId=… — a tenant's signed contract, to staff; audited. */
export const backofficeSignedContractFunction: FunctionDefinition = {
  name: 'backoffice/signed-contract',
  method: 'GET',
  async handle(req, ctx, res) {
    const actor = await requireStaff(ctx.db, metaOf(req, res, ctx.config));
    const { registrationId: id } = parseOr400(query, req.query);
    const signed = await signedPdf(ctx.db, id);
    if (!signed) throw new HttpError(404, 'There is no signed contract for this registration yet.');
    await recordAudit(ctx.db, actor, { action: 'download_contract', target: `registration:${signed.code}` });
    sendPdf(res, signed);
  },
};
