// zod/mini (see common.ts): the server composes these with z.extend and z.optional as well.
import * as z from 'zod/mini';
import {
  CLIENT_TYPES,
  DOCUMENT_REVIEW_STATUSES,
  DOCUMENT_TYPES,
  GLOBAL_STATUSES,
  PERIODS,
  UPDATABLE_FIELDS,
  UPLOAD_TYPES,
} from '../registration-values';
import { CLIENT_FIELD_MAX_LENGTH } from '../validators/client-fields';
import { MAX_VOLUME_M3, registrationId } from './common';

export const completedSections = z.object({
  clientData: z.boolean(),
  verification: z.boolean(),
  documents: z.boolean(),
  serviceDetails: z.boolean(),
});

export const serviceDetails = z.object({
  productId: z.string(),
  productName: z.string(),
  period: z.enum(PERIODS),
  setupFee: z.number(),
  recurringFee: z.number(),
  promoCode: z.optional(z.string()),
  customFields: z.optional(z.record(z.string(), z.string())),
  numberProductsRequired: z.optional(z.number().check(z.int(), z.positive(), z.lte(3))),
  /** The calculator's volume (m³): the server derives the units from it and the product's size. */
  volumeRequested: z.optional(z.number().check(z.positive(), z.lte(MAX_VOLUME_M3))),
  /**
   * The day the applicant moves in (`moveInDayProblem`: today to 30 days ahead, Madrid). Signed
   * before it, the units are held for them until then and the door opens that day; absent, on
   * signing.
   */
  moveInDate: z.optional(z.iso.date()),
});

export const registrationMetadata = z.object({
  completedSections: z.optional(z.partial(completedSections)),
  serviceDetails: z.optional(z.nullable(serviceDetails)),
});

/** Client fields in camelCase, as the browser sends them. */
const bounded = (field: keyof typeof CLIENT_FIELD_MAX_LENGTH) =>
  z
    .string()
    .check(
      z.maxLength(
        CLIENT_FIELD_MAX_LENGTH[field],
        `${field}: too long (at most ${CLIENT_FIELD_MAX_LENGTH[field]} characters)`,
      ),
    );

export const clientFields = z.object({
  clientType: z.enum(CLIENT_TYPES),
  fullName: bounded('fullName'),
  companyName: z._default(z.optional(bounded('companyName')), ''),
  documentType: z.enum(DOCUMENT_TYPES),
  documentNumber: bounded('documentNumber'),
  cif: z._default(z.optional(bounded('cif')), ''),
  email: bounded('email'),
  phone: bounded('phone'),
  address: bounded('address'),
  city: bounded('city'),
  postalCode: bounded('postalCode'),
  iban: bounded('iban'),
});

/** The server record, snake_case; metadata may arrive as a string or an object. */
export const registrationRecord = z.object({
  id: z.string(),
  client_type: z.enum(CLIENT_TYPES),
  full_name: z.string(),
  company_name: z.nullable(z.string()),
  document_type: z.enum(DOCUMENT_TYPES),
  document_number: z.string(),
  cif: z.nullable(z.string()),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  postal_code: z.string(),
  iban: z.string(),
  email_verified: z.boolean(),
  phone_verified: z.boolean(),
  client_id: z.nullable(z.string()),
  global_status: z.enum(GLOBAL_STATUSES),
  metadata: z.nullable(z.union([z.string(), registrationMetadata])),
});
export type RegistrationRecord = z.infer<typeof registrationRecord>;

export const registrationDocument = z.object({
  registration_id: z.string(),
  document_type: z.enum(UPLOAD_TYPES),
  file_path: z.string(),
  /** Staff's review: a rejected document must be uploaded again, for the reason given. */
  review_status: z.optional(z.enum(DOCUMENT_REVIEW_STATUSES)),
  rejection_reason: z.optional(z.nullable(z.string())),
});
export type RegistrationDocument = z.infer<typeof registrationDocument>;

/** The 6-character recovery (registration) code, as typed: case and spaces do not matter. */
const recoveryCode = z.string().check(z.trim(), z.length(6, 'Enter the 6-character code'), z.toUpperCase());

/** registration-handler: one schema per action, request and response (§7 table). */
export const registrationActions = {
  update_field: {
    request: z.object({
      registrationId,
      field: z.enum(UPDATABLE_FIELDS),
      value: z.string().check(z.maxLength(254, 'value: too long')),
    }),
    response: z.object({ success: z.literal(true) }),
  },
  check_existing: {
    request: z.object({ email: bounded('email'), phone: bounded('phone') }),
    response: z.object({ exists: z.boolean(), registration_code: z.optional(z.nullable(z.string())) }),
  },
  create_registration: {
    /** `startNew`: the visitor saw their registration in progress and chose to start another. */
    request: z.extend(clientFields, {
      startNew: z.optional(z.boolean()),
      /** The page's language: the applicant's e-mails and SMS are written in it. Spanish when absent. */
      language: z.optional(z.enum(['es', 'en'])),
    }),
    response: z.object({ registrationId: z.string() }),
  },
  verify_tokens: {
    request: z.object({
      registrationId,
      emailToken: z.string().check(z.maxLength(12)),
      smsToken: z.string().check(z.maxLength(12)),
    }),
    response: z.object({
      verified: z.union([
        z.boolean(),
        z.object({ email_verified: z.boolean() }),
        z.object({ phone_verified: z.boolean() }),
      ]),
    }),
  },
  resend_verification: {
    request: z.object({
      registrationId,
      email: bounded('email'),
      phone: bounded('phone'),
      type: z.enum(['email', 'sms']),
    }),
    response: z.object({ success: z.boolean() }),
  },
  /**
   * The recovery code finds the registration. Unless the caller already holds its session,
   * a one-time code goes to the e-mail and phone on file: the recovery code alone opens nothing.
   */
  get_registration_status: {
    request: z.object({ recoveryCode }),
    response: z.object({
      registrationId: z.string(),
      confirmationRequired: z.boolean(),
      /** Where the one-time code went, masked. */
      sentTo: z.optional(z.object({ email: z.string(), phone: z.string() })),
    }),
  },
  /** Recovery code plus the one-time code: the browser gets a session of the registration. */
  confirm_recovery: {
    request: z.object({
      registrationId,
      recoveryCode,
      code: z.string().check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code')),
    }),
    response: z.object({ registrationId: z.string() }),
  },
  get_registration_with_documents: {
    request: z.object({ registrationId }),
    response: z.object({ registration: registrationRecord, documents: z.array(registrationDocument) }),
  },
  update_registration: {
    request: z.extend(clientFields, {
      registrationId,
      emailVerified: z.boolean(),
      phoneVerified: z.boolean(),
      metadata: registrationMetadata,
      globalStatus: z.enum(GLOBAL_STATUSES),
    }),
    response: z.object({ success: z.literal(true) }),
  },
  get_registration_code: {
    request: z.object({ registrationId }),
    response: z.object({ registrationCode: z.string() }),
  },
  /** Seconds until each channel may send a new code: relative, so the phone's clock does not matter. */
  get_resend_cooldown: {
    request: z.object({ registrationId }),
    response: z.object({
      email: z.number().check(z.int(), z.nonnegative()),
      sms: z.number().check(z.int(), z.nonnegative()),
    }),
  },
  check_registration_exists_by_id: {
    request: z.object({ registrationId }),
    /**
     * `completed`: the sign-up is finished, so a lost session is not "expired" but done. `session`:
     * this browser holds a live session of it (begun elsewhere, e.g. renting again from the
     * tenant's account), so the sign-up can take it up as it is on the server.
     */
    response: z.object({
      exists: z.boolean(),
      completed: z.optional(z.boolean()),
      session: z.optional(z.boolean()),
    }),
  },
  check_and_set_product: {
    request: z.object({
      registrationId,
      productId: z.string().check(z.minLength(1)),
      volumeRequested: z.optional(z.number().check(z.positive(), z.lte(MAX_VOLUME_M3))),
    }),
    response: z.object({
      success: z.boolean(),
      productId: z.optional(z.string()),
      productName: z.optional(z.string()),
      numberProductsRequired: z.optional(z.number().check(z.int(), z.positive())),
      error: z.optional(z.string()),
      code: z.optional(z.string()),
    }),
  },
} as const;

export type RegistrationAction = keyof typeof registrationActions;

export const registrationHandlerEnvelope = z.object({
  action: z.enum(Object.keys(registrationActions) as [RegistrationAction, ...RegistrationAction[]]),
});
