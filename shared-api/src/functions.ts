import type * as z from 'zod/mini';
import { safeParse } from 'zod/mini';
import { abridorActions } from './schemas/abridor';
import { errorResponse } from './schemas/common';
import {
  createClientRequest,
  createClientResponse,
  createContractRequest,
  createContractResponse,
  getContractStatusRequest,
  getContractStatusResponse,
} from './schemas/contracts';
import {
  cancelPaymentRequest,
  cancelPaymentResponse,
  createPaymentRequest,
  createPaymentResponse,
  getPaymentStatusRequest,
  getPaymentStatusResponse,
} from './schemas/payments';
import { productsResponse } from './schemas/products';
import { registrationActions } from './schemas/registration';
import {
  getGlobalStatusRequest,
  getGlobalStatusResponse,
  isSessionValidRequest,
  isSessionValidResponse,
  uploadDocumentResponse,
} from './schemas/session';
import {
  bookVisitRequest,
  bookVisitResponse,
  confirmVisitRequest,
  confirmVisitResponse,
  visitSlotsRequest,
  visitSlotsResponse,
} from './schemas/visits';
import {
  acceptWaitlistOfferRequest,
  acceptWaitlistOfferResponse,
  confirmWaitlistEntryRequest,
  leaveWaitlistRequest,
  leaveWaitlistResponse,
  waitlistEntryRequest,
  waitlistEntryResponse,
  waitlistRequest,
  waitlistResponse,
} from './schemas/waitlist';

export { FUNCTIONS_BASE_PATH, NESTED_FUNCTIONS } from './base-path';

/**
 * The browser's check of an answer against its contract, loaded with the contracts: a page's
 * first screen carries no zod at all (mini's parse takes the server's classic schemas too).
 */
export const parseAnswer = safeParse;

/** Request and response schemas, classic zod or zod/mini alike: parse them with `z.safeParse(schema, …)`. */
export interface FunctionContract {
  request: z.core.$ZodType;
  response: z.core.$ZodType;
}

/** Functions called with POST and one JSON body. */
export const postFunctions = {
  'send-waitlist-email': { request: waitlistRequest, response: waitlistResponse },
  'get-waitlist-entry': { request: waitlistEntryRequest, response: waitlistEntryResponse },
  'confirm-waitlist-entry': { request: confirmWaitlistEntryRequest, response: waitlistEntryResponse },
  'leave-waitlist': { request: leaveWaitlistRequest, response: leaveWaitlistResponse },
  'accept-waitlist-offer': { request: acceptWaitlistOfferRequest, response: acceptWaitlistOfferResponse },
  'create-client': { request: createClientRequest, response: createClientResponse },
  'create-contract': { request: createContractRequest, response: createContractResponse },
  'get-contract-status': { request: getContractStatusRequest, response: getContractStatusResponse },
  'get-payment-status': { request: getPaymentStatusRequest, response: getPaymentStatusResponse },
  'create-revolut-payment': { request: createPaymentRequest, response: createPaymentResponse },
  'cancel-payment': { request: cancelPaymentRequest, response: cancelPaymentResponse },
  'is-session-valid': { request: isSessionValidRequest, response: isSessionValidResponse },
  'get-registration-global-status': { request: getGlobalStatusRequest, response: getGlobalStatusResponse },
  'visit-slots': { request: visitSlotsRequest, response: visitSlotsResponse },
  'book-visit': { request: bookVisitRequest, response: bookVisitResponse },
  'confirm-visit': { request: confirmVisitRequest, response: confirmVisitResponse },
} as const satisfies Record<string, FunctionContract>;
export type PostFunctionName = keyof typeof postFunctions;

/** Functions whose POST body carries an `action` choosing the payload. */
export const actionFunctions = {
  'registration-handler': registrationActions,
  abridor: abridorActions,
} as const satisfies Record<string, Record<string, FunctionContract>>;
export type ActionFunctionName = keyof typeof actionFunctions;
export type ActionOf<F extends ActionFunctionName> = keyof (typeof actionFunctions)[F] & string;

type ActionContract<F extends ActionFunctionName, A extends ActionOf<F>> = (typeof actionFunctions)[F][A];
export type ActionRequest<F extends ActionFunctionName, A extends ActionOf<F>> =
  ActionContract<F, A> extends FunctionContract ? z.input<ActionContract<F, A>['request']> : never;
export type ActionResponse<F extends ActionFunctionName, A extends ActionOf<F>> =
  ActionContract<F, A> extends FunctionContract ? z.output<ActionContract<F, A>['response']> : never;

/** What the client reads besides the maps above: the other answers and a refusal's body. */
export const otherResponses = {
  products: productsResponse,
  uploadDocument: uploadDocumentResponse,
  error: errorResponse,
};

/** Every function name of both documents, plus the ones replacing direct database access. */
export const FUNCTION_NAMES = [
  'products',
  ...(Object.keys(postFunctions) as PostFunctionName[]),
  ...(Object.keys(actionFunctions) as ActionFunctionName[]),
  'upload-document',
  'realtime',
] as const;
export type FunctionName = (typeof FUNCTION_NAMES)[number];
