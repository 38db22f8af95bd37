import type { backofficeActions } from 'shared-api/backoffice';
import { remittanceQuery } from 'shared-api/backoffice';
import {
  collectionsDueBy,
  createRemittance,
  listRemittances,
  type RemittanceSummary,
  remittanceFile,
} from '../../modules/billing';
import { recordAudit, requireStaff } from '../../modules/staff';
import { HttpError, refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { metaOf } from '../../platform/request-meta';
import { type ActionHandlers, type FunctionDefinition, parseOr400 } from '../router';
import { contentDisposition } from './document';

type CollectionActions = Pick<typeof backofficeActions, 'list_collections' | 'create_remittance'>;

const wire = (r: RemittanceSummary) => ({ ...r, createdAt: r.createdAt.toISOString() });

/** Collecting the rent: a manager's (money is asked of the tenants' banks). */
export const collectionActions: ActionHandlers<CollectionActions> = {
  async list_collections({ dueBy }, ctx, meta) {
    await requireStaff(ctx.db, meta, { role: 'manager' });
    const [due, remittances] = await Promise.all([collectionsDueBy(ctx.db, dueBy), listRemittances(ctx.db)]);
    return {
      collections: due.map((c) => ({
        rentPeriodId: c.rentPeriodId,
        registrationId: c.registrationId,
        registrationCode: c.registrationCode,
        debtorName: c.debtorName,
        dueDate: c.dueDate,
        amountCents: c.amountCents,
        sequenceType: c.sequenceType,
        mandateReference: c.mandateReference,
      })),
      remittances: remittances.map(wire),
    };
  },

  async create_remittance({ dueBy }, ctx, meta) {
    const actor = await requireStaff(ctx.db, meta, { role: 'manager' });
    const made = await commitThenRun(ctx, (tx) => createRemittance(tx, ctx, actor, dueBy));
    if (!made) throw refusal('nothing_due');
    return { remittance: wire(made) };
  },
};

/** GET backoffice/remittance?id=… — the pain.008 file as made, to a manager, each download audited. */
export const backofficeRemittanceFunction: FunctionDefinition = {
  name: 'backoffice/remittance',
  method: 'GET',
  async handle(req, ctx, res) {
    const meta = metaOf(req, res, ctx.config);
    const actor = await requireStaff(ctx.db, meta, { role: 'manager' });
    const { id } = parseOr400(remittanceQuery, req.query);
    const file = await remittanceFile(ctx.db, id);
    if (!file) throw new HttpError(404, 'Remittance not found');
    await recordAudit(ctx.db, actor, { action: 'download_remittance', target: `remittance:${file.messageId}` });
    res
      .set({
        'content-type': 'application/xml; charset=utf-8',
        'content-disposition': contentDisposition('attachment', `${file.messageId}.xml`),
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      })
      .send(file.xml);
  },
};
