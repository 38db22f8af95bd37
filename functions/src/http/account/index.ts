import { accountActions, accountContractQuery, accountInvoiceQuery } from 'shared-api/account';
import { PaymentProviderError } from '../../adapters/payments';
import type { FunctionContext } from '../../context';
import {
  closeAccountSession,
  invoiceTenancy,
  maskedContact,
  openAccountSession,
  requestSignIn,
  requireTenant,
  SIGN_IN_NOT_VALID,
  tenancyOverview,
  tenancySummaries,
  tenantInvoices,
  verifySignIn,
} from '../../modules/account';
import { invoiceDocument, startBalanceCheckout } from '../../modules/billing';
import { signedContractOf } from '../../modules/contracts';
import { giveNotice, withdrawNotice } from '../../modules/rental';
import { HttpError, refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { metaOf, type RequestMeta } from '../../platform/request-meta';
import { sendDownload } from '../downloads';
import { actionFunction, type FunctionDefinition, parseOr400 } from '../router';

/** The tenant's account's one function: every action but signing in checks the session cookie. */
export const accountFunction = actionFunction('account', accountActions, {
  async request_sign_in({ contact, language }, ctx, meta) {
    return requestSignIn(ctx, { contact, language, ip: meta.ip });
  },

  async verify_sign_in(input, ctx, meta) {
    const contact = await ctx.db.transaction(async (tx) => {
      const proved = await verifySignIn(tx, ctx, input);
      if (proved) await openAccountSession(tx, ctx, meta, proved);
      return proved;
    });
    if (!contact) throw new HttpError(400, SIGN_IN_NOT_VALID);
    return { success: true as const };
  },

  async me(_input, ctx, meta) {
    const tenant = await requireTenant(ctx.db, ctx, meta);
    return {
      contact: maskedContact(tenant.contact),
      tenancies: await tenancySummaries(ctx.db, tenant.registrationIds),
    };
  },

  async sign_out(_input, ctx, meta) {
    await closeAccountSession(ctx.db, ctx, meta);
    return { success: true as const };
  },

  async overview(_input, ctx, meta) {
    const tenant = await requireTenant(ctx.db, ctx, meta);
    return { tenancies: await tenancyOverview(ctx.db, ctx.clock.now(), tenant.registrationIds) };
  },

  async invoices(_input, ctx, meta) {
    const tenant = await requireTenant(ctx.db, ctx, meta);
    return { invoices: await tenantInvoices(ctx.db, tenant.registrationIds) };
  },

  async give_notice({ registrationId, moveOutOn }, ctx, meta) {
    await requireOwnRental(ctx, meta, registrationId);
    return commitThenRun(ctx, (tx) => giveNotice(tx, ctx, { registrationId, moveOutOn }));
  },

  async withdraw_notice({ registrationId }, ctx, meta) {
    await requireOwnRental(ctx, meta, registrationId);
    await ctx.db.transaction((tx) => withdrawNotice(tx, registrationId));
    return { success: true as const };
  },

  async pay_balance({ registrationId }, ctx, meta) {
    await requireOwnRental(ctx, meta, registrationId);
    try {
      const checkout = await commitThenRun(ctx, (tx) => startBalanceCheckout(tx, ctx, registrationId));
      if (checkout.kind === 'nothing_due') throw refusal('nothing_owed');
      return { checkoutUrl: checkout.checkoutUrl };
    } catch (error) {
      if (error instanceof PaymentProviderError) throw new HttpError(502, PROVIDER_BUSY);
      throw error;
    }
  },
});

const NOT_FOUND = 'Not found';

/** The signed-in tenant's own rental, or 404: another tenant's is as unknown as one that does not exist. */
async function requireOwnRental(ctx: FunctionContext, meta: RequestMeta, registrationId: string): Promise<void> {
  const tenant = await requireTenant(ctx.db, ctx, meta);
  if (!tenant.registrationIds.includes(registrationId)) throw new HttpError(404, NOT_FOUND);
}
const PROVIDER_BUSY = 'The payment provider could not be reached: try again in a moment.';

/** GET account/invoice?id=… — one of the tenant's own invoices as issued; anyone else's is 404. */
export const accountInvoiceFunction: FunctionDefinition = {
  name: 'account/invoice',
  method: 'GET',
  async handle(req, ctx, res) {
    const tenant = await requireTenant(ctx.db, ctx, metaOf(req, res, ctx.config));
    const { id } = parseOr400(accountInvoiceQuery, req.query);
    const owner = await invoiceTenancy(ctx.db, id);
    const invoice = owner && tenant.registrationIds.includes(owner) ? await invoiceDocument(ctx.db, id) : null;
    if (!invoice) throw new HttpError(404, NOT_FOUND);
    sendDownload(res, { body: invoice.pdf, type: 'application/pdf', filename: `${invoice.number}.pdf` });
  },
};

/** GET account/contract?registrationId=… — the tenant's own signed contract; anyone else's is 404. */
export const accountContractFunction: FunctionDefinition = {
  name: 'account/contract',
  method: 'GET',
  async handle(req, ctx, res) {
    const tenant = await requireTenant(ctx.db, ctx, metaOf(req, res, ctx.config));
    const { registrationId } = parseOr400(accountContractQuery, req.query);
    const signed = tenant.registrationIds.includes(registrationId)
      ? await signedContractOf(ctx.db, registrationId)
      : null;
    if (!signed) throw new HttpError(404, NOT_FOUND);
    sendDownload(res, { body: signed.pdf, type: 'application/pdf', filename: `contrato-${signed.code}.pdf` });
  },
};
