import { maskIban } from 'shared-api';
import type { backofficeActions } from 'shared-api/backoffice';
import { invoiceQuery } from 'shared-api/backoffice';
import {
  changeDebtorAccount,
  invoiceDocument,
  ledgerOf,
  monthlyFigures,
  recordRefund,
  tenantBalance,
  tenantsInArrears,
} from '../../modules/billing';
import { dropMandateChange } from '../../modules/contracts';
import { recordAudit, requireStaff } from '../../modules/staff';
import { HttpError } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { metaOf } from '../../platform/request-meta';
import { sendDownload } from '../downloads';
import { type ActionHandlers, type FunctionDefinition, parseOr400 } from '../router';

type LedgerActions = Pick<
  typeof backofficeActions,
  'get_ledger' | 'list_arrears' | 'monthly_figures' | 'record_refund' | 'change_bank_account'
>;

export const ledgerActions: ActionHandlers<LedgerActions> = {
  /** Anyone at the desk may tell a tenant what they owe; changing it is a manager's. */
  async get_ledger({ registrationId }, ctx, meta) {
    await requireStaff(ctx.db, meta);
    const [entries, balance] = await Promise.all([
      ledgerOf(ctx.db, registrationId),
      tenantBalance(ctx.db, registrationId),
    ]);
    return {
      entries,
      balanceCents: balance.balanceCents,
      inCollectionCents: balance.inCollectionCents,
      payableCents: balance.payableCents,
    };
  },

  async list_arrears(_input, ctx, meta) {
    await requireStaff(ctx.db, meta, { role: 'manager' });
    const tenants = await tenantsInArrears(ctx.db, ctx.clock.now());
    return { tenants: tenants.map((t) => ({ ...t, lastContactAt: t.lastContactAt?.toISOString() ?? null })) };
  },

  async record_refund({ registrationId, amountCents, reason }, ctx, meta) {
    const actor = await requireStaff(ctx.db, meta, { role: 'manager' });
    return commitThenRun(ctx, (tx) => recordRefund(tx, ctx, actor, { registrationId, amountCents, reason }));
  },

  async change_bank_account({ registrationId, iban }, ctx, meta) {
    const actor = await requireStaff(ctx.db, meta, { role: 'manager' });
    const changed = await commitThenRun(ctx, async (tx) => {
      const done = await changeDebtorAccount(tx, ctx, actor, { registrationId, iban });
      // A new mandate the tenant had yet to sign would undo this when signed: it is dropped.
      if (await dropMandateChange(tx, ctx, registrationId)) {
        await recordAudit(tx, actor, { action: 'drop_mandate_change', target: `registration:${registrationId}` });
      }
      return done;
    });
    return { iban: maskIban(changed.iban) };
  },

  async monthly_figures(_input, ctx, meta) {
    await requireStaff(ctx.db, meta, { role: 'manager' });
    return monthlyFigures(ctx.db, ctx.clock.now());
  },
};

/** GET backoffice/invoice?id=… — an issued invoice's PDF, to any member of staff, each download audited. */
export const backofficeInvoiceFunction: FunctionDefinition = {
  name: 'backoffice/invoice',
  method: 'GET',
  async handle(req, ctx, res) {
    const meta = metaOf(req, res, ctx.config);
    const actor = await requireStaff(ctx.db, meta);
    const { id } = parseOr400(invoiceQuery, req.query);
    const invoice = await invoiceDocument(ctx.db, id);
    if (!invoice) throw new HttpError(404, 'Invoice not found');
    await recordAudit(ctx.db, actor, { action: 'download_invoice', target: `invoice:${invoice.number}` });
    sendDownload(res, { body: invoice.pdf, type: 'application/pdf', filename: `${invoice.number}.pdf` });
  },
};
