import type { FunctionsConfig } from '../config';
import { abridorFunction } from './abridor';
import {
  accountContractFunction,
  accountDataFunction,
  accountDocumentFunction,
  accountFunction,
  accountInvoiceFunction,
} from './account';
import {
  backofficeBankReportFunction,
  backofficeDocumentFunction,
  backofficeExportFunction,
  backofficeFunction,
  backofficeInvoiceFunction,
  backofficeRemittanceFunction,
} from './backoffice';
import { createContractFunction, getContractStatusFunction } from './contracts';
import { eSignWebhookFunction } from './contracts/docuseal-webhook';
import { signingPageFunction, signingSubmitFunction } from './contracts/signing-pages';
import { createClientFunction } from './create-client';
import { devClockFunction } from './dev-clock';
import { outboxAttachmentFunction, outboxFunction } from './outbox';
import { pageStylesFunction } from './pages';
import { cancelPaymentFunction, createPaymentFunction, getPaymentStatusFunction } from './payments';
import { payBalancePageFunction, payBalanceStartFunction } from './payments/pay-balance';
import { revolutWebhookFunction } from './payments/revolut-webhook';
import { sandboxCheckoutFunction, sandboxCheckoutSubmitFunction } from './payments/sandbox-checkout';
import { productsFunction } from './products';
import { realtimeFunction } from './realtime';
import { registrationHandlerFunction } from './registration-handler';
import type { FunctionDefinition } from './router';
import { sendWaitlistEmailFunction } from './send-waitlist-email';
import { getRegistrationGlobalStatusFunction, isSessionValidFunction } from './session';
import { backofficeSignedContractFunction, signedContractFunction } from './signed-contract';
import { uploadDocumentFunction } from './upload-document';
import {
  bookVisitFunction,
  confirmVisitFunction,
  visitBookingCodeFunction,
  visitBookingPageFunction,
  visitBookingSubmitFunction,
  visitCancelPageFunction,
  visitCancelSubmitFunction,
  visitConfirmSubmitFunction,
  visitPageFunction,
  visitSlotsFunction,
} from './visits';
import {
  acceptWaitlistOfferFunction,
  confirmWaitlistEntryFunction,
  getWaitlistEntryFunction,
  leaveWaitlistFunction,
} from './waitlist';

/** Every function the service serves. Each slice adds its own folder here. */
export function functionDefinitions(
  config: Pick<FunctionsConfig, 'exposeOutbox' | 'PAYMENTS_PROVIDER' | 'ESIGN_PROVIDER'>,
): FunctionDefinition[] {
  return [
    productsFunction,
    sendWaitlistEmailFunction,
    getWaitlistEntryFunction,
    confirmWaitlistEntryFunction,
    leaveWaitlistFunction,
    acceptWaitlistOfferFunction,
    abridorFunction,
    backofficeFunction,
    accountFunction,
    accountInvoiceFunction,
    accountDocumentFunction,
    accountContractFunction,
    accountDataFunction,
    backofficeDocumentFunction,
    backofficeExportFunction,
    backofficeRemittanceFunction,
    backofficeInvoiceFunction,
    backofficeBankReportFunction,
    backofficeSignedContractFunction,
    signedContractFunction,
    registrationHandlerFunction,
    uploadDocumentFunction,
    isSessionValidFunction,
    getRegistrationGlobalStatusFunction,
    createClientFunction,
    createPaymentFunction,
    cancelPaymentFunction,
    getPaymentStatusFunction,
    revolutWebhookFunction,
    createContractFunction,
    getContractStatusFunction,
    eSignWebhookFunction,
    realtimeFunction,
    pageStylesFunction,
    visitSlotsFunction,
    bookVisitFunction,
    visitCancelPageFunction,
    visitCancelSubmitFunction,
    confirmVisitFunction,
    visitPageFunction,
    visitConfirmSubmitFunction,
    visitBookingPageFunction,
    visitBookingSubmitFunction,
    visitBookingCodeFunction,
    payBalancePageFunction,
    payBalanceStartFunction,
    // Local providers' pages: only when those providers are the ones in use.
    ...(config.PAYMENTS_PROVIDER === 'sandbox' ? [sandboxCheckoutFunction, sandboxCheckoutSubmitFunction] : []),
    ...(config.ESIGN_PROVIDER === 'local' ? [signingPageFunction, signingSubmitFunction] : []),
    ...(config.exposeOutbox ? [outboxFunction, outboxAttachmentFunction, devClockFunction] : []),
  ];
}
