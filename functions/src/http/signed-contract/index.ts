import { registrationId } from 'shared-api';
import { z } from 'zod';
import { signedContractOf } from '../../modules/contracts';
import { requireApplicantSession } from '../../modules/sign-up';
import { recordAudit, requireStaff } from '../../modules/staff';
import { HttpError } from '../../platform/http-error';
import { metaOf } from '../../platform/request-meta';
import { sendDownload } from '../downloads';
import { type FunctionDefinition, parseOr400 } from '../router';

const query = z.object({ registrationId });

const sendPdf = (res: Parameters<FunctionDefinition['handle']>[2], { pdf, code }: { pdf: Buffer; code: string }) =>
  sendDownload(res, { body: pdf, type: 'application/pdf', filename: `contrato-${code}.pdf` });

/** GET signed-contract?registrationId=… — the applicant's own signed contract, to the browser holding its session. */
export const signedContractFunction: FunctionDefinition = {
  name: 'signed-contract',
  method: 'GET',
  async handle(req, ctx, res) {
    const { registrationId: id } = parseOr400(query, req.query);
    await requireApplicantSession(ctx.db, metaOf(req, res, ctx.config), id);
    const signed = await signedContractOf(ctx, id);
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
    const signed = await signedContractOf(ctx, id);
    if (!signed) throw new HttpError(404, 'There is no signed contract for this registration yet.');
    await recordAudit(ctx.db, actor, { action: 'download_contract', target: `registration:${signed.code}` });
    sendPdf(res, signed);
  },
};
