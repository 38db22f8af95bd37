import {
  accountActions,
  accountContractQuery,
  accountDocumentFields,
  accountDocumentResponse,
  accountInvoiceQuery,
} from 'shared-api/account';
import { PaymentProviderError } from '../../adapters/payments';
import type { FunctionContext } from '../../context';
import {
  assertRentAgainAllowed,
  auditTenant,
  closeAccountSession,
  confirmContactChange,
  confirmErasure,
  invoiceTenancy,
  maskedContact,
  openAccountSession,
  personalData,
  requestContactChange,
  requestErasure,
  requestSignIn,
  requireTenant,
  SIGN_IN_NOT_VALID,
  tenancyOverview,
  tenancySummaries,
  tenantContacts,
  tenantInvoices,
  verifySignIn,
} from '../../modules/account';
import { invoiceDocument, startBalanceCheckout, tenantBalance } from '../../modules/billing';
import { dropMandateChange, requestMandateChange, signedContractOf } from '../../modules/contracts';
import { changeTenantPin, sendTenantDoorLink, tenantDoorLog } from '../../modules/door';
import { giveNotice, withdrawNotice } from '../../modules/rental';
import { replaceRejectedDocument, startRegistrationFrom } from '../../modules/sign-up';
import { HttpError, refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { metaOf, type RequestMeta } from '../../platform/request-meta';
import { sendDownload } from '../downloads';
import { actionFunction, type FunctionDefinition, parseOr400 } from '../router';
import { receiveDocumentFile } from '../upload';

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
      ...(await tenantContacts(ctx.db, tenant.registrationIds)),
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
    const tenant = await requireOwnRental(ctx, meta, registrationId);
    return commitThenRun(ctx, async (tx) => {
      const given = await giveNotice(tx, ctx, { registrationId, moveOutOn });
      await auditTenant(tx, tenant, meta, { action: 'account_give_notice', registrationId, after: given });
      return given;
    });
  },

  async withdraw_notice({ registrationId }, ctx, meta) {
    const tenant = await requireOwnRental(ctx, meta, registrationId);
    await commitThenRun(ctx, async (tx) => {
      await withdrawNotice(tx, ctx, registrationId);
      await auditTenant(tx, tenant, meta, { action: 'account_withdraw_notice', registrationId });
    });
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

  async change_pin({ registrationId, currentPin, newPin }, ctx, meta) {
    const tenant = await requireOwnRental(ctx, meta, registrationId);
    const changed = await changeTenantPin(ctx, registrationId, { currentPin, newPin }, meta);
    if (changed.success) await auditTenant(ctx.db, tenant, meta, { action: 'account_change_pin', registrationId });
    return changed;
  },

  async change_bank_account({ registrationId, iban }, ctx, meta) {
    const tenant = await requireOwnRental(ctx, meta, registrationId);
    return commitThenRun(ctx, async (tx) => {
      const sent = await requestMandateChange(tx, ctx, { registrationId, iban });
      await auditTenant(tx, tenant, meta, {
        action: 'account_change_bank_account',
        registrationId,
        after: { iban: sent.maskedIban, awaiting: 'signature' },
      });
      return sent;
    });
  },

  async cancel_bank_change({ registrationId }, ctx, meta) {
    const tenant = await requireOwnRental(ctx, meta, registrationId);
    await ctx.db.transaction(async (tx) => {
      if (await dropMandateChange(tx, ctx, registrationId)) {
        await auditTenant(tx, tenant, meta, { action: 'account_cancel_bank_change', registrationId });
      }
    });
    return { success: true as const };
  },

  async door_log({ registrationId }, ctx, meta) {
    await requireOwnRental(ctx, meta, registrationId);
    return { entries: await tenantDoorLog(ctx.db, registrationId) };
  },

  async door_link({ registrationId }, ctx, meta) {
    const tenant = await requireOwnRental(ctx, meta, registrationId);
    await commitThenRun(ctx, async (tx) => {
      await sendTenantDoorLink(tx, ctx, registrationId, meta);
      await auditTenant(tx, tenant, meta, { action: 'account_door_link', registrationId });
    });
    return { success: true as const };
  },

  async rent_again({ registrationId }, ctx, meta) {
    const tenant = await requireOwnRental(ctx, meta, registrationId);
    await assertRentAgainAllowed(ctx.db, tenant);
    for (const id of tenant.registrationIds) {
      if ((await tenantBalance(ctx.db, id)).payableCents > 0) throw refusal('rent_again_overdue');
    }
    const started = await startRegistrationFrom(ctx, meta, registrationId);
    await auditTenant(ctx.db, tenant, meta, { action: 'account_rent_again', registrationId, after: started });
    return started;
  },

  async request_erasure({ language }, ctx, meta) {
    const tenant = await requireTenant(ctx.db, ctx, meta);
    return commitThenRun(ctx, (tx) => requestErasure(tx, ctx, tenant, language));
  },

  async confirm_erasure({ erasureId, code }, ctx, meta) {
    const tenant = await requireTenant(ctx.db, ctx, meta);
    const erased = await commitThenRun(ctx, (tx) => confirmErasure(tx, ctx, tenant, { erasureId, code }));
    if (!erased) throw refusal('erasure_code_invalid');
    // Its session rows are gone with the rest; the browser forgets the cookie too.
    await closeAccountSession(ctx.db, ctx, meta);
    return { erased };
  },

  async change_contact({ kind, value, language }, ctx, meta) {
    const tenant = await requireTenant(ctx.db, ctx, meta);
    return commitThenRun(ctx, (tx) => requestContactChange(tx, ctx, tenant, { kind, value, language }));
  },

  async confirm_contact({ changeId, code }, ctx, meta) {
    const tenant = await requireTenant(ctx.db, ctx, meta);
    const changed = await commitThenRun(ctx, async (tx) => {
      const done = await confirmContactChange(tx, ctx, tenant, { changeId, code });
      if (done) {
        for (const registrationId of tenant.registrationIds) {
          await auditTenant(tx, tenant, meta, {
            action: 'account_change_contact',
            registrationId,
            before: { [done.kind]: done.before },
            after: { [done.kind]: done.after },
          });
        }
      }
      return done;
    });
    if (!changed) throw refusal('contact_change_invalid');
    return { kind: changed.kind, contact: changed.shown };
  },
});

const NOT_FOUND = 'Not found';

/** The signed-in tenant, whose rental this is, or 404: another tenant's is as unknown as one that does not exist. */
async function requireOwnRental(ctx: FunctionContext, meta: RequestMeta, registrationId: string) {
  const tenant = await requireTenant(ctx.db, ctx, meta);
  if (!tenant.registrationIds.includes(registrationId)) throw new HttpError(404, NOT_FOUND);
  return tenant;
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
    const signed = tenant.registrationIds.includes(registrationId) ? await signedContractOf(ctx, registrationId) : null;
    if (!signed) throw new HttpError(404, NOT_FOUND);
    sendDownload(res, { body: signed.pdf, type: 'application/pdf', filename: `contrato-${signed.code}.pdf` });
  },
};

/** GET account/data — everything kept about the signed-in tenant, as a JSON file to take away. */
export const accountDataFunction: FunctionDefinition = {
  name: 'account/data',
  method: 'GET',
  async handle(req, ctx, res) {
    const tenant = await requireTenant(ctx.db, ctx, metaOf(req, res, ctx.config));
    const now = ctx.clock.now();
    const data = await personalData(ctx.db, tenant, now);
    sendDownload(res, {
      body: Buffer.from(`${JSON.stringify(data, null, 2)}\n`),
      type: 'application/json',
      filename: `mis-datos-${now.toISOString().slice(0, 10)}.json`,
    });
  },
};

/**
 * POST account/document (multipart: registrationId, documentType, file) — a document staff
 * rejected after the move-in, replaced from the tenant's account (stored and checked as the
 * sign-up's upload is; staff review it again). Only a rejected one of the tenant's own rentals.
 */
export const accountDocumentFunction: FunctionDefinition = {
  name: 'account/document',
  body: 'multipart',
  method: 'POST',
  async handle(req, ctx, res) {
    const file = await receiveDocumentFile(req, res);
    const meta = metaOf(req, res, ctx.config);
    const { registrationId, documentType } = parseOr400(accountDocumentFields, req.body);
    const tenant = await requireOwnRental(ctx, meta, registrationId);
    await replaceRejectedDocument(ctx, { registrationId, documentType, file: file.buffer });
    await auditTenant(ctx.db, tenant, meta, {
      action: 'account_replace_document',
      registrationId,
      after: { documentType },
    });
    return accountDocumentResponse.parse({ success: true });
  },
};
