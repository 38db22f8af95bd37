import type { backofficeActions } from 'shared-api/backoffice';
import { importedBankReport, remittanceQuery } from 'shared-api/backoffice';
import {
  arrearsSettings,
  BankReportError,
  collectionsDueBy,
  collectionsSent,
  createRemittance,
  dueListHash,
  importBankReport,
  listRemittances,
  type RemittanceSummary,
  recordResultByHand,
  remittanceFile,
  saveArrearsSettings,
} from '../../modules/billing';
import { recordAudit, requireStaff } from '../../modules/staff';
import { HttpError, refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { addDays, madridDate } from '../../platform/madrid-time';
import { metaOf } from '../../platform/request-meta';
import { sendDownload } from '../downloads';
import { type ActionHandlers, type FunctionDefinition, parseOr400 } from '../router';
import { receiveFile } from '../upload';

type CollectionActions = Pick<
  typeof backofficeActions,
  'list_collections' | 'create_remittance' | 'record_collection_result' | 'set_arrears_settings'
>;

const wire = (r: RemittanceSummary) => ({ ...r, createdAt: r.createdAt.toISOString() });

/** Collecting the rent: a manager's (money is asked of the tenants' banks). */
export const collectionActions: ActionHandlers<CollectionActions> = {
  async list_collections(request, ctx, meta) {
    await requireStaff(ctx.db, meta, { role: 'manager' });
    // A remittance usually covers the week ahead.
    const dueBy = request.dueBy ?? addDays(madridDate(ctx.clock.now()), 7);
    const [due, sent, remittances, arrears] = await Promise.all([
      collectionsDueBy(ctx.db, dueBy),
      collectionsSent(ctx.db),
      listRemittances(ctx.db),
      arrearsSettings(ctx.db),
    ]);
    return {
      dueBy,
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
      listHash: dueListHash(due),
      sent,
      remittances: remittances.map(wire),
      arrears,
    };
  },

  async set_arrears_settings(settings, ctx, meta) {
    const actor = await requireStaff(ctx.db, meta, { role: 'manager' });
    const before = await arrearsSettings(ctx.db);
    await ctx.db.transaction(async (tx) => {
      await saveArrearsSettings(tx, settings, actor.email);
      await recordAudit(tx, actor, { action: 'set_arrears_settings', target: 'arrears', before, after: settings });
    });
    return { arrears: await arrearsSettings(ctx.db) };
  },

  async record_collection_result({ rentPeriodId, outcome, reason }, ctx, meta) {
    const actor = await requireStaff(ctx.db, meta, { role: 'manager' });
    const recorded = await commitThenRun(ctx, (tx) =>
      recordResultByHand(tx, ctx, actor, { rentPeriodId, outcome, reason: reason ?? null }),
    );
    if (recorded === 'unchanged' || recorded === 'unknown') throw refusal('collection_not_sent');
    return { recorded };
  },

  async create_remittance({ dueBy, expected }, ctx, meta) {
    const actor = await requireStaff(ctx.db, meta, { role: 'manager' });
    const made = await commitThenRun(ctx, (tx) => createRemittance(tx, ctx, actor, dueBy, expected));
    if (made === 'changed') throw refusal('collections_changed');
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
    sendDownload(res, { body: file.xml, type: 'application/xml; charset=utf-8', filename: `${file.messageId}.xml` });
  },
};

/**
 * POST backoffice/bank-report (multipart, `file`): a manager imports the bank's pain.002 or
 * camt.054. A file that is not one, or lacks what one must say, is refused (422) with where, and
 * nothing is recorded; the same file twice is refused (409).
 */
export const backofficeBankReportFunction: FunctionDefinition = {
  name: 'backoffice/bank-report',
  method: 'POST',
  body: 'multipart',
  async handle(req, ctx, res) {
    const meta = metaOf(req, res, ctx.config);
    const actor = await requireStaff(ctx.db, meta, { role: 'manager' });
    // A bank report is a few kilobytes per hundred collections: 2 MB is years of a small business's.
    const file = await receiveFile(req, res, {
      maxBytes: 2 * 1024 * 1024,
      fields: 0,
      tooLarge: 'File too large: a bank report is at most 2 MB.',
    });
    try {
      const imported = await commitThenRun(ctx, (tx) =>
        importBankReport(tx, ctx, actor, { filename: file.originalname, content: file.buffer }),
      );
      if (imported === 'already_imported') throw refusal('report_already_imported');
      return importedBankReport.parse(imported);
    } catch (error) {
      if (error instanceof BankReportError) throw new HttpError(422, error.message);
      throw error;
    }
  },
};
