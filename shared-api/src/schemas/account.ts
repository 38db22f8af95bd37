import * as z from 'zod/mini';
import { PERIODS, UPLOAD_TYPES } from '../registration-values';
import { PIN_PATTERN } from './abridor';

/**
 * The tenant's account (`mfe-account`): one function, `account`, an action per call. Signed in by a
 * one-time link or code sent to the e-mail or phone of their tenancies (no password); the session
 * is an httpOnly cookie scoped to the account functions, so no action carries a token. Apart from
 * the public contracts (`shared-api/account`): only the account remote loads these schemas.
 */

/** The cookie of a tenant's session; its path is the account functions' (`/functions/v1/account`). */
export const ACCOUNT_SESSION_COOKIE = 'account_session';
/** A sign-in link or code works once, for this long after it was sent. */
export const ACCOUNT_SIGN_IN_MINUTES = 10;
/** Wrong codes one sign-in takes before it stops working. */
export const ACCOUNT_SIGN_IN_MAX_WRONG_CODES = 5;
/** A session unused this long has ended; one lasts at most `ACCOUNT_SESSION_HOURS` however used. */
export const ACCOUNT_SESSION_IDLE_MINUTES = 30;
export const ACCOUNT_SESSION_HOURS = 12;
/** The account's page below each language's base; a link's secret follows `#`, never sent to a server. */
export const ACCOUNT_PATHS = { es: '/es/mi-cuenta', en: '/en/account' } as const;

const language = z._default(z.enum(['es', 'en']), 'es');
const pin = z.string().check(z.regex(PIN_PATTERN, 'Enter a 4-digit PIN'));
const rental = { registrationId: z.uuid() };
const sixDigits = z.string().check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code'));
const done = z.object({ success: z.literal(true) });

export const accountActions = {
  /**
   * "Send me a way in": to the e-mail or phone of a tenancy, a one-time link and code. The answer
   * is the same whether or not the contact is a tenant's (nothing tells who rents here); only an
   * address asking too often is held back (429). `signInId` goes with the code.
   */
  request_sign_in: {
    request: z.object({ contact: z.string().check(z.trim(), z.minLength(3), z.maxLength(200)), language }),
    response: z.object({ signInId: z.uuid() }),
  },
  /** The link's secret, or the sign-in's id and its 6-digit code: a session, once. */
  verify_sign_in: {
    request: z.union([
      z.object({ token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid')) }),
      z.object({ signInId: z.uuid(), code: sixDigits }),
    ]),
    response: done,
  },
  /** Whose session this is (the contact masked), the e-mail and mobile on file, and their tenancies. */
  me: {
    request: z.object({}),
    response: z.object({
      contact: z.string(),
      email: z.string(),
      phone: z.string(),
      tenancies: z.array(
        z.object({
          registrationId: z.uuid(),
          registrationCode: z.string(),
          units: z.array(z.string()),
          active: z.boolean(),
        }),
      ),
    }),
  },
  sign_out: { request: z.object({}), response: done },
  /**
   * Each rental of the tenant's: units and sizes, since when, period and rent, the next collection,
   * the balance (what the bank will collect, what is due now) and whether the door opens.
   */
  overview: {
    request: z.object({}),
    response: z.object({
      tenancies: z.array(
        z.object({
          registrationId: z.uuid(),
          registrationCode: z.string(),
          active: z.boolean(),
          /** Signed and moving in on `moveInDate`, waiting for a unit, let, or ended. */
          status: z.enum(['allocated', 'scheduled', 'awaiting_unit', 'ended']),
          moveInDate: z.nullable(z.string()),
          units: z.array(z.object({ unitNumber: z.string(), sizeM3: z.number() })),
          since: z.nullable(z.string()),
          period: z.nullable(z.enum(PERIODS)),
          rentCents: z.nullable(z.number().check(z.int())),
          nextCollection: z.nullable(z.object({ date: z.string(), amountCents: z.number().check(z.int()) })),
          balanceCents: z.number().check(z.int()),
          inCollectionCents: z.number().check(z.int()),
          payableCents: z.number().check(z.int()),
          accessSuspended: z.boolean(),
          /** The day the tenant gave notice to move out (their last day), or null. */
          moveOutOn: z.nullable(z.string()),
          /** The days they may choose if they give notice today: from the notice period's end, within a year. */
          earliestMoveOut: z.string(),
          latestMoveOut: z.string(),
          /**
           * The account the rent is collected from (masked), and a new one awaiting the tenant's
           * signature on its mandate; null for a rental with no mandate in force.
           */
          /**
           * Documents of the sign-up staff rejected after the move-in (reviewed after the company's
           * automatic signature): to upload again, or uploaded and awaiting review. The door is
           * shut while one is rejected.
           */
          documents: z.array(
            z.object({
              documentType: z.enum(UPLOAD_TYPES),
              status: z.enum(['rejected', 'pending']),
              reason: z.nullable(z.string()),
            }),
          ),
          bankAccount: z.nullable(
            z.object({
              maskedIban: z.string(),
              mandateReference: z.string(),
              pendingChange: z.nullable(z.object({ maskedIban: z.string(), requestedAt: z.string() })),
            }),
          ),
        }),
      ),
    }),
  },
  /** The tenant's invoices and credit notes, newest first; each PDF at GET `account/invoice?id=`. */
  invoices: {
    request: z.object({}),
    response: z.object({
      invoices: z.array(
        z.object({
          invoiceId: z.uuid(),
          registrationCode: z.string(),
          number: z.string(),
          issueDate: z.string(),
          kind: z.enum(['invoice', 'late_fee', 'credit_note']),
          totalCents: z.number().check(z.int()),
        }),
      ),
    }),
  },
  /**
   * Notice to move out: the rental ends at the end of `moveOutOn` (no earlier than the contract's
   * notice allows); a reminder three days before; given again, the date moves.
   */
  give_notice: {
    request: z.object({ registrationId: z.uuid(), moveOutOn: z.iso.date('Choose a date') }),
    response: z.object({ moveOutOn: z.string() }),
  },
  /** The tenant stays after all. */
  withdraw_notice: { request: z.object({ registrationId: z.uuid() }), response: done },
  /** A card checkout for what one of the tenant's rentals owes now (the payment adapter's). */
  pay_balance: {
    request: z.object({ registrationId: z.uuid() }),
    response: z.object({ checkoutUrl: z.string() }),
  },
  /**
   * A new door PIN: the current one is checked as at the keypad, with its lockout (three wrong in a
   * row lock the PIN for 15 s, here and at the door). A refused PIN answers 200 with the reason.
   */
  change_pin: {
    request: z.object({ ...rental, currentPin: pin, newPin: pin }),
    response: z.union([
      z.object({ success: z.literal(true) }),
      z.object({
        success: z.literal(false),
        error: z.string(),
        attemptsLeft: z.optional(z.number().check(z.int())),
        lockedUntil: z.optional(z.string()),
      }),
    ]),
  },
  /**
   * The rent from another account: a new SEPA mandate for it, its signing link e-mailed to the
   * rental's address (the e-signature flow). Nothing changes until it is signed; signed, it replaces
   * the mandate in force from the next collection. Asked again, the one awaiting is replaced. An
   * IBAN failing its check digits answers 400.
   */
  change_bank_account: {
    request: z.object({ ...rental, iban: z.string().check(z.trim(), z.minLength(4), z.maxLength(50)) }),
    response: z.object({ maskedIban: z.string() }),
  },
  /** The new mandate awaiting signature is dropped: the rent stays where it is. */
  cancel_bank_change: { request: z.object(rental), response: done },
  /** The latest lines of the door's log for the tenant's own door user (newest first). */
  door_log: {
    request: z.object(rental),
    response: z.object({
      entries: z.array(z.object({ at: z.string(), action: z.string(), result: z.string() })),
    }),
  },
  /** A new single-use link into the door app, e-mailed to the rental's address (never shown). */
  door_link: { request: z.object(rental), response: done },
  /**
   * A new e-mail or mobile: a code goes to it, and nothing changes until `confirm_contact` brings it
   * back. For every rental of the session's contact.
   */
  change_contact: {
    request: z.object({
      kind: z.enum(['email', 'phone']),
      value: z.string().check(z.trim(), z.minLength(3), z.maxLength(200)),
      language,
    }),
    response: z.object({ changeId: z.uuid() }),
  },
  /** The new contact's code: it counts from now; the old one is told; every session of it ends, this one too. */
  confirm_contact: {
    request: z.object({ changeId: z.uuid(), code: sixDigits }),
    response: z.object({ kind: z.enum(['email', 'phone']), contact: z.string() }),
  },
  /**
   * Rent another unit: a new sign-up with this rental's client data and reviewed documents on file,
   * its contacts taken as verified; the browser gets its session and goes to the services step.
   * Refused while something is overdue.
   */
  rent_again: {
    request: z.object(rental),
    response: z.object({ registrationId: z.uuid() }),
  },
  /**
   * Erasure of the tenant's data, once no rental is active and nothing is pending either way: first
   * a 6-digit code to the contact signed in with (a session alone erases nothing)…
   */
  request_erasure: {
    request: z.object({ language }),
    response: z.object({ erasureId: z.uuid() }),
  },
  /** …then, with it, done at once (the invoices and bank files stay, as tax law requires); the session ends with it. */
  confirm_erasure: {
    request: z.object({ erasureId: z.uuid(), code: sixDigits }),
    response: z.object({ erased: z.array(z.string()) }),
  },
} as const;

/**
 * POST `account/document` (multipart: registrationId, documentType, file): a rejected document
 * replaced by the tenant. The account never reads a document back.
 */
export const accountDocumentFields = z.object({ registrationId: z.uuid(), documentType: z.enum(UPLOAD_TYPES) });
export const accountDocumentResponse = z.object({ success: z.literal(true) });

/** GET `account/invoice?id=` and `account/contract?registrationId=`: the tenant's own PDFs. */
export const accountInvoiceQuery = z.object({ id: z.uuid('Invoice not found') });
export const accountContractQuery = z.object({ registrationId: z.uuid('Contract not found') });

export type AccountAction = keyof typeof accountActions;
export type AccountRequest<A extends AccountAction> = z.input<(typeof accountActions)[A]['request']>;
export type AccountResponse<A extends AccountAction> = z.output<(typeof accountActions)[A]['response']>;
