import * as z from 'zod/mini';
import { DOCUMENT_REVIEW_STATUSES, MOVE_IN_STATUSES, PERIODS, UPLOAD_TYPES } from '../registration-values';
import { CONTRACT_STATUSES, SIGNER_ROLES, SUBMITTER_STATUSES } from './contracts';
import { PAYMENT_STATUSES } from './payments';
import { WAITLIST_ENTRY_STATUSES } from './waitlist';

/**
 * The staff back-office's one function (`backoffice`, an action per call). The session is an
 * httpOnly cookie scoped to the back-office functions, so no action carries a token. Kept apart
 * from the public contracts (`shared-api/backoffice`): no public page loads these schemas.
 */

export const STAFF_ROLES = ['manager', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** The cookie of a staff session; its path is the back-office functions' (`/functions/v1/backoffice`). */
export const STAFF_SESSION_COOKIE = 'staff_session';
/**
 * Set beside a staff session and cleared with it: not a credential, only "this browser signed in
 * to the back-office", at the site's root so the page's own request carries it. The gateway renders
 * the sign-in at once for a request without it (a `__Host-` cookie on https, as every cookie of
 * the service).
 */
export const STAFF_SIGNED_IN_COOKIE = 'staff_signed_in';

/** ASVS 2.1.1; the server also refuses guessable ones (common, breached, the account's own words). */
export const STAFF_PASSWORD_MIN = 12;
export const BACKOFFICE_PAGE_SIZE = 20;
/** A password-reset link works once, for this long after it was sent. */
export const STAFF_RESET_MINUTES = 30;
/**
 * The back-office section a reset link opens, below its base; the link's secret follows `#`, so
 * it is never sent to a server, written in an access log or passed on in a Referer.
 */
export const STAFF_RESET_SLUG = { es: 'restablecer', en: 'reset-password' } as const;
/** Reset e-mails one member can be sent in an hour, asked by anyone: more are not sent. */
export const STAFF_RESET_MAX_PER_HOUR = 3;
/** Wrong second-factor codes one reset link takes before it stops working. */
export const STAFF_RESET_MAX_CODE_FAILURES = 5;

/** Where a registration stands, as staff sort their work. */
export const REGISTRATION_STAGES = [
  'in_progress',
  'awaiting_client',
  'awaiting_company',
  'completed',
  'ended',
] as const;
export type RegistrationStage = (typeof REGISTRATION_STAGES)[number];
export const UNIT_STATUSES = ['available', 'held', 'occupied', 'out_of_service'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

const email = z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email('E-mail not valid').check(z.maxLength(254)));
const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const page = z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1);
const search = z.optional(z.string().check(z.trim(), z.maxLength(100)));
const direction = z._default(z.enum(['asc', 'desc']), 'desc');
const iso = z.string();
/** A calendar date, `YYYY-MM-DD`. */
const isoDate = z.iso.date('Choose a date');
/** Staff open registrations by the id the lists gave them: anything else finds none (not a database error). */
const registrationId = z.uuid('Registration not found');
const TOTP_CODE = /^\d{6}$/;
const totpCode = z.string().check(z.trim(), z.regex(TOTP_CODE, 'The code has 6 digits'));
/** At sign-in (and with a reset link): the app's 6 digits, or one of the one-time recovery codes (`xxxx-xxxx`). */
const signInCode = z
  .string()
  .check(
    z.trim(),
    z.regex(/^(\d{6}|[A-Za-z0-9]{4}-?[A-Za-z0-9]{4})$/, 'The code has 6 digits (or is a recovery code)'),
  );
/** A reset link's secret: 32 random bytes, base64url. */
const resetToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'The link is not valid'));
const password = z
  .string()
  .check(z.minLength(STAFF_PASSWORD_MIN, `At least ${STAFF_PASSWORD_MIN} characters`), z.maxLength(200));

export const staffMember = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  totpEnabled: z.boolean(),
  disabled: z.boolean(),
  /** Of the signed-in member (`login`, `me`): a manager who must turn on the second factor first. */
  secondFactorDue: z.optional(z.boolean()),
  /** Of the signed-in member: the password they signed in with was generated and must be changed first. */
  passwordChangeDue: z.optional(z.boolean()),
  /** Of the signed-in member with a second factor: unused recovery codes. */
  recoveryCodesLeft: z.optional(z.number().check(z.int(), z.nonnegative())),
});
export type StaffMember = z.infer<typeof staffMember>;

export const registrationSummary = z.object({
  registrationId: z.string(),
  registrationCode: z.string(),
  fullName: z.string(),
  companyName: z.nullable(z.string()),
  email: z.string(),
  phone: z.string(),
  stage: z.enum(REGISTRATION_STAGES),
  productName: z.nullable(z.string()),
  productNameEn: z.nullable(z.string()),
  createdAt: iso,
});
export type RegistrationSummary = z.infer<typeof registrationSummary>;

export const reviewedDocument = z.object({
  documentType: z.enum(UPLOAD_TYPES),
  contentType: z.string(),
  sizeBytes: z.number().check(z.int()),
  uploadedAt: iso,
  reviewStatus: z.enum(DOCUMENT_REVIEW_STATUSES),
  reviewedBy: z.nullable(z.string()),
  reviewedAt: z.nullable(iso),
  rejectionReason: z.nullable(z.string()),
  /** Uploaded again after a rejection: what the file it replaces was rejected for. */
  previousRejectionReason: z.nullable(z.string()),
});
export type ReviewedDocument = z.infer<typeof reviewedDocument>;

export const registrationDetail = z.object({
  registration: z.extend(registrationSummary, {
    clientType: z.enum(['individual', 'company']),
    documentType: z.string(),
    documentNumber: z.string(),
    cif: z.nullable(z.string()),
    address: z.string(),
    city: z.string(),
    postalCode: z.string(),
    /** Masked: the last four digits identify the account, the rest stays in the database. */
    iban: z.string(),
    emailVerified: z.boolean(),
    phoneVerified: z.boolean(),
    moveInStatus: z.nullable(z.enum([...MOVE_IN_STATUSES, 'ended'])),
    period: z.nullable(z.enum(PERIODS)),
    unitsRequired: z.nullable(z.number().check(z.int())),
    /** The move-in day the applicant chose (their units held until then), or null: at the signatures. */
    moveInDate: z.nullable(isoDate),
    /**
     * The door refuses the tenant's PIN while set: since when, why, and who decided (the arrears
     * rules, staff, or a document rejected after the move-in, until a new one is approved).
     */
    accessSuspension: z.nullable(
      z.object({ since: iso, reason: z.string(), by: z.enum(['arrears', 'staff', 'documents']) }),
    ),
    /** Notice to move out: the last day given (or null), and the days a notice given today may choose. */
    notice: z.object({ moveOutOn: z.nullable(isoDate), earliestMoveOut: isoDate, latestMoveOut: isoDate }),
  }),
  documents: z.array(reviewedDocument),
  payments: z.array(
    z.object({
      id: z.string(),
      amount: z.number(),
      status: z.enum(PAYMENT_STATUSES),
      provider: z.string(),
      createdAt: iso,
      completedAt: z.nullable(iso),
      /** The deposit given back (a tenant left without a unit), and why. */
      refundedAt: z.nullable(iso),
      refundReason: z.nullable(z.string()),
    }),
  ),
  contract: z.nullable(
    z.object({
      id: z.string(),
      status: z.enum(CONTRACT_STATUSES),
      /** The text both parties sign: the company's signer reads it before signing. */
      document: z.string(),
      createdAt: iso,
      completedAt: z.nullable(iso),
      signers: z.array(
        z.object({
          role: z.enum(SIGNER_ROLES),
          status: z.enum(SUBMITTER_STATUSES),
          email: z.string(),
          signedName: z.nullable(z.string()),
          signedAt: z.nullable(iso),
        }),
      ),
    }),
  ),
  units: z.array(z.string()),
});
export type RegistrationDetail = z.infer<typeof registrationDetail>;

export const occupancyRow = z.object({
  productId: z.number().check(z.int()),
  name: z.string(),
  /** The product's English name: an English back-office shows it (the catalogue is Spanish first). */
  nameEn: z.string(),
  available: z.number().check(z.int()),
  held: z.number().check(z.int()),
  occupied: z.number().check(z.int()),
  outOfService: z.number().check(z.int()),
  total: z.number().check(z.int()),
});

export const paymentSummary = z.object({
  registrationId: z.string(),
  registrationCode: z.string(),
  fullName: z.string(),
  amount: z.number(),
  completedAt: iso,
});

export const cataloguePrices = z.object({
  monthly: z.nullable(z.number()),
  quarterly: z.nullable(z.number()),
  semiannually: z.nullable(z.number()),
  annually: z.nullable(z.number()),
});

export const catalogueEntry = z.extend(occupancyRow, {
  sizeM3: z.number(),
  setupFee: z.number(),
  active: z.boolean(),
  /** Per period; null: the period is not offered. */
  prices: cataloguePrices,
});
export type CatalogueEntry = z.infer<typeof catalogueEntry>;

export const unitRow = z.object({
  unitNumber: z.string(),
  productId: z.number().check(z.int()),
  productName: z.string(),
  productNameEn: z.string(),
  status: z.enum(UNIT_STATUSES),
  registrationId: z.nullable(z.string()),
  registrationCode: z.nullable(z.string()),
  tenantName: z.nullable(z.string()),
  updatedAt: iso,
});
export type UnitRow = z.infer<typeof unitRow>;

export const auditEntry = z.object({
  id: z.string(),
  staffEmail: z.string(),
  action: z.string(),
  target: z.nullable(z.string()),
  before: z.nullable(z.unknown()),
  after: z.nullable(z.unknown()),
  ip: z.nullable(z.string()),
  createdAt: iso,
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const bookedVisit = z.object({
  visitId: z.string(),
  startsAt: iso,
  endsAt: iso,
  fullName: z.string(),
  phone: z.string(),
  email: z.string(),
  language: z.enum(['es', 'en']),
  status: z.enum(['booked', 'cancelled']),
  cancelledBy: z.nullable(z.string()),
});
export type BookedVisit = z.infer<typeof bookedVisit>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date that exists (`2026-02-30` does not). */
const calendarDate = z.string().check(
  z.regex(DATE, 'YYYY-MM-DD'),
  z.refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'No such date'),
);
export const visitRules = z
  .object({
    /** ISO weekdays: 1 Monday … 7 Sunday. */
    weekdays: z
      .array(z.number().check(z.int(), z.gte(1), z.lte(7)))
      .check(z.minLength(1, 'Choose at least one day'), z.maxLength(7)),
    opensAt: z.string().check(z.regex(TIME, 'HH:MM')),
    closesAt: z.string().check(z.regex(TIME, 'HH:MM')),
    slotMinutes: z.number().check(z.int(), z.gte(10), z.lte(240)),
    capacity: z.number().check(z.int(), z.gte(1), z.lte(20)),
    bookingDays: z.number().check(z.int(), z.gte(1), z.lte(120)),
    minNoticeMinutes: z.number().check(z.int(), z.gte(0), z.lte(2880)),
  })
  .check(
    z.refine((rules) => rules.opensAt < rules.closesAt, { path: ['closesAt'], message: 'Closing comes after opening' }),
  );
export type VisitRulesForm = z.infer<typeof visitRules>;
export const closedDate = z.object({ date: z.string().check(z.regex(DATE)), reason: z.nullable(z.string()) });

export const OFFER_STATUSES = ['open', 'accepted', 'expired', 'lapsed', 'fulfilled', 'withdrawn'] as const;
export const lineEntry = z.object({
  entryId: z.string(),
  productId: z.number().check(z.int()),
  productName: z.string(),
  /** Null for a product no longer in the catalogue. */
  productNameEn: z.nullable(z.string()),
  /** Place in the product's line; null once out of it. */
  position: z.nullable(z.number().check(z.int(), z.positive())),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
  unitsRequired: z.number().check(z.int()),
  timeframe: z.string(),
  status: z.enum(WAITLIST_ENTRY_STATUSES),
  createdAt: iso,
  /** The entry's latest offer. */
  offer: z.nullable(z.object({ status: z.enum(OFFER_STATUSES), expiresAt: iso, units: z.array(z.string()) })),
});
export type LineEntry = z.infer<typeof lineEntry>;
const entryId = z.string().check(z.regex(/^\d{1,18}$/, 'Invalid entry'));

export const MESSAGE_STATES = ['pending', 'sent', 'failed'] as const;
/** A message of the outbox as staff see it: never its text (codes, PINs and links are the recipient's). */
export const outboxEntry = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.nullable(z.string()),
  state: z.enum(MESSAGE_STATES),
  attempts: z.number().check(z.int()),
  error: z.nullable(z.string()),
  attachments: z.number().check(z.int()),
  resentFrom: z.nullable(z.string()),
  createdAt: iso,
  sentAt: z.nullable(iso),
});
export type OutboxEntry = z.infer<typeof outboxEntry>;

export const doorUserRow = z.object({
  id: z.string(),
  usuario: z.string(),
  box: z.nullable(z.string()),
  registrationCode: z.nullable(z.string()),
});
export const doorAuditRow = z.object({
  id: z.string(),
  usuario: z.nullable(z.string()),
  action: z.string(),
  result: z.string(),
  ip: z.nullable(z.string()),
  createdAt: iso,
});

const paged = <T extends z.ZodMiniType>(row: T) =>
  z.object({
    rows: z.array(row),
    total: z.number().check(z.int()),
    page: z.number().check(z.int()),
    pageSize: z.number().check(z.int()),
  });

/** A rent collection due to be sent to the bank (amounts in cents). */
const dueCollection = z.object({
  rentPeriodId: z.uuid(),
  registrationId: z.uuid(),
  registrationCode: z.string(),
  debtorName: z.string(),
  dueDate: isoDate,
  amountCents: z.number().check(z.int()),
  sequenceType: z.enum(['FRST', 'RCUR']),
  mandateReference: z.string(),
});
export type DueCollection = z.infer<typeof dueCollection>;

/** A collection in a remittance the bank has not answered for yet. */
const sentCollection = z.extend(dueCollection, {
  /** Null for a returned collection waiting for the next remittance. */
  remittanceMessageId: z.nullable(z.string()),
  /** Returned by the bank and not presented again: overdue since, and why. Unpaid until recorded paid. */
  returned: z.nullable(z.object({ reason: z.nullable(z.string()), since: isoDate })),
});
export type SentCollection = z.infer<typeof sentCollection>;

/** The ISO reasons a bank gives for a returned direct debit that staff may record by hand. */
export const RETURN_REASON_CODES = ['AM04', 'AC04', 'AC06', 'MD01', 'MD06', 'MS02', 'MS03', 'SL01'] as const;
export type ReturnReasonCode = (typeof RETURN_REASON_CODES)[number];

/** What recording a bank result did: `retry` is a return presented again in the next remittance. */
export const RECORDED_OUTCOMES = ['paid', 'returned', 'retry', 'unchanged', 'unknown'] as const;

/** The arrears rules a manager sets: the warning comes before the suspension. */
export const arrearsSettings = z
  .object({
    graceDays: z.number().check(z.int(), z.gte(0), z.lte(60)),
    lateFeeCents: z.number().check(z.int(), z.gte(0), z.lte(100_000)),
    warningDays: z.number().check(z.int(), z.gte(1), z.lte(30)),
    suspendAfterDays: z.number().check(z.int(), z.gte(1), z.lte(180)),
  })
  .check(
    z.refine((value) => value.warningDays < value.suspendAfterDays, {
      path: ['warningDays'],
      message: 'The warning must come before the suspension',
    }),
  );
export type ArrearsSettingsForm = z.infer<typeof arrearsSettings>;

/** POST `backoffice/bank-report` (multipart, `file`): what the imported report recorded. */
export const importedBankReport = z.object({
  kind: z.enum(['pain.002', 'camt.054']),
  messageId: z.string(),
  counts: z.record(z.enum(RECORDED_OUTCOMES), z.number().check(z.int())),
});
export type ImportedBankReport = z.infer<typeof importedBankReport>;

/** A remittance made: its file is downloaded from GET `backoffice/remittance?id=…`. */
/** A line of a tenant's account, as `get_ledger` lists it (amounts in cents: + owed, − paid). */
export const LEDGER_KINDS = [
  'invoice',
  'late_fee',
  'credit_note',
  'direct_debit',
  'card',
  'office',
  'refund',
  'deposit',
  'return',
] as const;
const ledgerEntry = z.object({
  date: isoDate,
  kind: z.enum(LEDGER_KINDS),
  reference: z.string(),
  detail: z.nullable(z.string()),
  amountCents: z.number().check(z.int()),
  balanceCents: z.number().check(z.int()),
  /** An invoice's or credit note's PDF: GET `backoffice/invoice?id=`. */
  invoiceId: z.nullable(z.uuid()),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const ACCESS_STATES = ['open', 'suspended_by_arrears', 'suspended_by_staff', 'suspended_for_documents'] as const;
const tenantInArrears = z.object({
  registrationId: z.uuid(),
  registrationCode: z.string(),
  name: z.string(),
  units: z.array(z.string()),
  overdueCents: z.number().check(z.int()),
  /** Null when only fees are owed (no collection overdue). */
  daysOverdue: z.nullable(z.number().check(z.int())),
  access: z.enum(ACCESS_STATES),
  lastContactAt: z.nullable(iso),
});
export type TenantInArrears = z.infer<typeof tenantInArrears>;

const remittance = z.object({
  id: z.uuid(),
  messageId: z.string(),
  dueBy: isoDate,
  createdAt: iso,
  createdBy: z.string(),
  collections: z.number().check(z.int()),
  totalCents: z.number().check(z.int()),
});
export type Remittance = z.infer<typeof remittance>;

export const registrationListQuery = z.object({
  stage: z.optional(z.enum(REGISTRATION_STAGES)),
  search,
  sort: z._default(z.enum(['createdAt', 'fullName', 'registrationCode']), 'createdAt'),
  direction,
  page,
});
export type RegistrationListQuery = z.input<typeof registrationListQuery>;
export type RegistrationListFilter = z.output<typeof registrationListQuery>;

export const unitListQuery = z.object({
  productId: z.optional(z.coerce.number().check(z.int())),
  status: z.optional(z.enum(UNIT_STATUSES)),
  search,
  sort: z._default(z.enum(['unitNumber', 'status', 'updatedAt']), 'unitNumber'),
  direction: z._default(z.enum(['asc', 'desc']), 'asc'),
  page,
});
export type UnitListQuery = z.input<typeof unitListQuery>;
export type UnitListFilter = z.output<typeof unitListQuery>;

export const auditListQuery = z.object({ search, page });

/** How many rows each list of Today shows, with a way to the whole list. */
export const TODAY_LIST_LIMIT = 10;

const empty = z.object({});
const done = z.object({ success: z.literal(true) });

export const backofficeActions = {
  /**
   * A manager with a second factor answers `totpRequired` after the right password without a
   * code (and is not signed in); a wrong code is refused like a wrong password.
   */
  login: {
    request: z.object({
      email: z
        .string()
        .check(z.trim(), z.toLowerCase(), z.minLength(1, 'E-mail and password are required'), z.maxLength(254)),
      password: z.string().check(z.minLength(1, 'E-mail and password are required'), z.maxLength(200)),
      totpCode: z.optional(signInCode),
    }),
    response: z.object({ staff: z.optional(staffMember), totpRequired: z.optional(z.boolean()) }),
  },
  /** Who this browser's session is; `null` when signed out (asking is not an error). */
  me: { request: empty, response: z.object({ staff: z.nullable(staffMember) }) },
  logout: { request: empty, response: done },

  today: {
    request: empty,
    response: z.object({
      newRegistrations: z.object({ lastSevenDays: z.number().check(z.int()), latest: z.array(registrationSummary) }),
      payments: z.object({
        today: z.number().check(z.int()),
        amountToday: z.number(),
        latest: z.array(paymentSummary),
      }),
      /** Each list of Today shows its first ten (TODAY_LIST_LIMIT); the totals say how many in all. */
      awaitingCompany: z.array(registrationSummary),
      awaitingCompanyTotal: z.number().check(z.int()),
      /**
       * Whether the company signs by itself the moment the applicant does (move-in in minutes; the
       * documents are reviewed afterwards): a manager's setting, on by default.
       */
      autoCountersign: z.boolean(),
      /** Signed with documents still to review (the automatic signature reviews them afterwards). */
      documentsToReview: z.array(registrationSummary),
      documentsToReviewTotal: z.number().check(z.int()),
      /** Tenants who signed and paid but have no unit: flagged until staff assign one or refund. */
      awaitingUnit: z.array(registrationSummary),
      awaitingUnitTotal: z.number().check(z.int()),
      /** Today's booked visits (the facility's day), by time. */
      visits: z.array(bookedVisit),
      visitsTotal: z.number().check(z.int()),
      occupancy: z.array(occupancyRow),
      /** Tenants who gave notice to move out in the next 7 days (their last day), soonest first. */
      moveOuts: z.array(
        z.object({
          registrationId: z.uuid(),
          registrationCode: z.string(),
          fullName: z.string(),
          units: z.array(z.string()),
          moveOutOn: isoDate,
        }),
      ),
      /** Notices to move out received in the last 7 days, newest first, with the last day each gave. */
      noticesGiven: z.array(
        z.object({
          registrationId: z.uuid(),
          registrationCode: z.string(),
          fullName: z.string(),
          moveOutOn: isoDate,
          givenAt: iso,
        }),
      ),
      /** Rentals ended whose deposit has not gone back yet (the unit to check first), oldest first. */
      depositsToReturn: z.array(
        z.object({
          registrationId: z.uuid(),
          registrationCode: z.string(),
          fullName: z.string(),
          endedAt: iso,
          depositCents: z.number().check(z.int()),
        }),
      ),
    }),
  },

  list_registrations: { request: registrationListQuery, response: paged(registrationSummary) },
  get_registration: { request: z.object({ registrationId }), response: registrationDetail },
  /** A rejection needs its reason: the applicant reads it in the e-mail asking for a new upload. */
  review_document: {
    request: z
      .object({
        registrationId,
        documentType: z.enum(UPLOAD_TYPES),
        decision: z.enum(['approve', 'reject']),
        reason: z.optional(z.string().check(z.trim(), z.maxLength(300))),
      })
      .check(
        z.refine((value) => value.decision === 'approve' || (value.reason?.length ?? 0) >= 3, {
          path: ['reason'],
          message: 'Say why the document is rejected',
        }),
      ),
    response: z.object({ document: reviewedDocument }),
  },
  /** The company's signature of a contract the client signed, its three documents approved. */
  countersign: {
    request: z.object({
      registrationId,
      signedName: z.string().check(z.trim(), z.minLength(3, 'Type the full name of who signs'), z.maxLength(120)),
      consent: z.literal(true, 'Confirm the signature'),
    }),
    response: z.object({ contractStatus: z.enum(CONTRACT_STATUSES), units: z.array(z.string()) }),
  },

  list_catalogue: { request: empty, response: z.object({ products: z.array(catalogueEntry) }) },
  list_units: { request: unitListQuery, response: paged(unitRow) },
  /** Managers only. `price` null withdraws the period from sale. */
  set_price: {
    request: z.object({
      productId: z.number().check(z.int()),
      period: z.enum(PERIODS),
      price: z.nullable(z.number().check(z.positive(), z.lte(100_000), z.multipleOf(0.01))),
    }),
    response: z.object({ product: catalogueEntry }),
  },
  /**
   * A tenant waiting for a unit: the free units that could serve them (each at least a third of
   * the volume rented: up to three may be combined), smallest first.
   */
  fitting_units: {
    /** The products' names in the language of the page asking. */
    request: z.object({ registrationId, language: z._default(z.enum(['es', 'en']), 'es') }),
    response: z.object({
      neededM3: z.number(),
      unitsRequired: z.number().check(z.int()),
      units: z.array(z.object({ unitNumber: z.string(), productName: z.string(), sizeM3: z.number() })),
    }),
  },
  /** Lets the chosen free units (together at least the volume rented) to a tenant waiting for one, at the contracted price. */
  assign_units: {
    request: z.object({ registrationId, unitNumbers: z.array(text(20)).check(z.minLength(1), z.maxLength(3)) }),
    response: z.object({ units: z.array(z.string()) }),
  },
  /** Gives a tenant waiting for a unit their deposit back, through the card provider; the sign-up ends. */
  refund_deposit: {
    request: z.object({
      registrationId,
      reason: z.string().check(z.trim(), z.minLength(3, 'Say why the deposit is refunded'), z.maxLength(300)),
      confirm: z.literal(true, 'Confirm the refund'),
    }),
    response: z.object({ amount: z.number(), refundedAt: iso }),
  },
  /**
   * Managers only, once a rental has ended and the unit was found empty and in good order: the
   * deposit back to the card, in full or less a part kept with a reason (it settles what the tenant
   * owed). The tenant is e-mailed. Audited.
   */
  return_deposit: {
    request: z
      .object({
        registrationId,
        keepCents: z.number().check(z.int(), z.gte(0), z.lte(10_000_000)),
        reason: z.optional(z.string().check(z.trim(), z.maxLength(300))),
        inspected: z.literal(true, 'Confirm the unit was checked: empty and in good order'),
        confirm: z.literal(true, 'Confirm the return of the deposit'),
      })
      .check(
        z.refine((value) => value.keepCents === 0 || (value.reason?.length ?? 0) >= 3, {
          path: ['reason'],
          message: 'Say why part of the deposit is kept',
        }),
      ),
    response: z.object({
      refundedCents: z.number().check(z.int()),
      keptCents: z.number().check(z.int()),
      refundedAt: iso,
    }),
  },
  /**
   * Ends a tenant's rental (any member of staff, confirmed): the units are free again, the door
   * access and future rent stop, the tenant is e-mailed, the waitlist is offered the units.
   */
  end_rental: {
    request: z.object({ registrationId, confirm: z.literal(true, 'Confirm the end of the rental') }),
    response: z.object({ freedUnits: z.array(z.string()) }),
  },
  /**
   * Notice to move out given for the tenant (who phoned, or came to the desk): the same rule as
   * their account's (no earlier than the contract's notice), the tenant e-mailed the same.
   */
  give_notice: {
    request: z.object({ registrationId, moveOutOn: isoDate }),
    response: z.object({ moveOutOn: isoDate }),
  },
  withdraw_notice: { request: z.object({ registrationId }), response: z.object({ success: z.literal(true) }) },
  /**
   * Managers only: the collections due by a date not yet sent to the bank, and the remittances made.
   * Without a date, a week from today at the facility by the service's clock (not the staff
   * member's computer), said in `dueBy`.
   */
  list_collections: {
    request: z.object({ dueBy: z.optional(isoDate) }),
    response: z.object({
      dueBy: isoDate,
      collections: z.array(dueCollection),
      /** Names the list as shown: `create_remittance` makes the file only for this very list. */
      listHash: z.string(),
      sent: z.array(sentCollection),
      remittances: z.array(remittance),
      arrears: arrearsSettings,
    }),
  },
  /**
   * Any member of staff: a tenant's account (invoices, fees, credit notes, payments, returns) with
   * the balance, what the bank will still collect, and what they can pay now.
   */
  get_ledger: {
    request: z.object({ registrationId }),
    response: z.object({
      entries: z.array(ledgerEntry),
      balanceCents: z.number().check(z.int()),
      inCollectionCents: z.number().check(z.int()),
      payableCents: z.number().check(z.int()),
    }),
  },
  /**
   * Managers only: the last 12 months, the current one last (the facility's calendar): invoiced,
   * collected and returned, and the units let at each month's end.
   */
  monthly_figures: {
    request: empty,
    response: z.object({
      months: z.array(
        z.object({
          month: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
          dueCents: z.number().check(z.int()),
          collectedCents: z.number().check(z.int()),
          returnedCents: z.number().check(z.int()),
          occupiedUnits: z.number().check(z.int()),
        }),
      ),
      unitsInService: z.number().check(z.int()),
    }),
  },
  /**
   * Managers only: money given back to a tenant (by transfer) out of their balance in their favour,
   * never more; the tenant is e-mailed a receipt. Audited.
   */
  record_refund: {
    request: z.object({
      registrationId,
      amountCents: z.number().check(z.int(), z.gte(1, 'Give the amount refunded'), z.lte(10_000_000)),
      reason: z.string().check(z.trim(), z.minLength(3, 'Say why it is refunded'), z.maxLength(300)),
      confirm: z.literal(true, 'Confirm the refund'),
    }),
    response: z.object({ balanceCents: z.number().check(z.int()) }),
  },
  /**
   * Managers only: the rent is collected from another account of the tenant's, under the same
   * mandate (the next remittance carries the amendment); the tenant is e-mailed. Audited.
   */
  change_bank_account: {
    request: z.object({
      registrationId,
      iban: z.string().check(z.trim(), z.minLength(1, 'Enter the new IBAN'), z.maxLength(40)),
      confirm: z.literal(true, 'Confirm the change of account'),
    }),
    response: z.object({ iban: z.string() }),
  },
  /** Managers only: every tenant who owes money now, longest overdue first. */
  list_arrears: { request: empty, response: z.object({ tenants: z.array(tenantInArrears) }) },
  /** Managers only: the company's automatic signature on or off (Today shows it). Audited. */
  set_auto_countersign: {
    request: z.object({ enabled: z.boolean() }),
    response: z.object({ autoCountersign: z.boolean() }),
  },
  /** Managers only: the arrears rules (days of grace, late fee, warning, suspension). Audited. */
  set_arrears_settings: { request: arrearsSettings, response: z.object({ arrears: arrearsSettings }) },
  /** Managers only: one sent collection's result by hand; a return needs the bank's reason. */
  record_collection_result: {
    request: z
      .object({
        rentPeriodId: z.uuid(),
        outcome: z.enum(['paid', 'returned']),
        reason: z.optional(z.enum(RETURN_REASON_CODES)),
      })
      .check(
        z.refine((value) => value.outcome === 'paid' || value.reason !== undefined, {
          path: ['reason'],
          message: 'Choose the reason the bank gave',
        }),
      ),
    response: z.object({ recorded: z.enum(RECORDED_OUTCOMES) }),
  },
  /**
   * Managers only: the pain.008 file of every collection due by the date, kept and downloadable;
   * the collections in it are sent. None due: refused, nothing made.
   */
  create_remittance: {
    request: z.object({
      dueBy: isoDate,
      confirm: z.literal(true, 'Confirm the remittance'),
      /**
       * What the manager confirmed (the screen's list): when the collections due have changed since
       * (another came due, one was sent or paid), nothing is made and the list is shown again.
       */
      expected: z.optional(z.object({ listHash: z.string().check(z.regex(/^[0-9a-f]{64}$/)) })),
    }),
    response: z.object({ remittance }),
  },
  /**
   * Any member of staff, with a reason: the tenant's PIN no longer opens the door (they are told by
   * e-mail and SMS) until access is restored. Audited.
   */
  suspend_access: {
    request: z.object({
      registrationId,
      reason: z.string().check(z.trim(), z.minLength(3, 'Say why access is suspended'), z.maxLength(300)),
    }),
    response: done,
  },
  /** Gives a suspended tenant their access back at once (they are told); the reason is audited. */
  restore_access: {
    request: z.object({
      registrationId,
      reason: z.string().check(z.trim(), z.minLength(3, 'Say why access is restored'), z.maxLength(300)),
    }),
    response: done,
  },
  /** Managers only. Only a free unit goes out of service; one coming back is offered at once. */
  set_unit_service: {
    request: z.object({ unitNumber: text(20), inService: z.boolean() }),
    response: z.object({ unit: unitRow }),
  },

  /**
   * "Forgot password", from the signed-out login page. The answer is the same whether or not the
   * e-mail is a member's (nothing tells who works here); a member is e-mailed a one-time link.
   */
  request_password_reset: {
    request: z.object({ email, language: z._default(z.enum(['es', 'en']), 'es') }),
    response: done,
  },
  /** What a reset link opens: whose it is, and whether the second factor's code is asked too. */
  check_password_reset: {
    request: z.object({ token: resetToken }),
    /** `invitation`: a new member's first password (the page welcomes them instead). */
    response: z.object({ email: z.string(), totpRequired: z.boolean(), invitation: z.boolean() }),
  },
  /**
   * A new password through a reset link (once): every session of the member ends. A member with a
   * second factor gives its code too (`totpRequired` without it): an e-mail alone is not enough.
   */
  reset_password: {
    request: z.object({ token: resetToken, newPassword: password, totpCode: z.optional(signInCode) }),
    response: z.object({ success: z.optional(z.literal(true)), totpRequired: z.optional(z.boolean()) }),
  },

  list_staff: { request: empty, response: z.object({ staff: z.array(staffMember) }) },
  /** Managers only: e-mails another member a one-time link to choose a new password (audited). */
  send_password_reset: {
    request: z.object({ staffId: z.uuid(), language: z._default(z.enum(['es', 'en']), 'es') }),
    response: done,
  },
  /**
   * Managers only, for another member who lost the phone: the second factor is turned off, the
   * member's sessions end and the member is told by e-mail; they set it up again when signed in.
   */
  reset_second_factor: {
    request: z.object({
      staffId: z.uuid(),
      confirm: z.literal(true, 'Confirm the reset of the second factor'),
      language: z._default(z.enum(['es', 'en']), 'es'),
    }),
    response: z.object({ staff: staffMember }),
  },
  add_staff: {
    /**
     * The member chooses their own password from an invitation e-mailed in `language` (72 hours,
     * once): nobody else ever knows it.
     */
    request: z.object({
      email,
      name: text(100),
      role: z.enum(STAFF_ROLES),
      language: z.optional(z.enum(['es', 'en'])),
    }),
    response: z.object({ staff: staffMember }),
  },
  /** Managers only: a role change or disabling ends the member's sessions. */
  update_staff: {
    request: z.object({ staffId: z.uuid(), role: z.optional(z.enum(STAFF_ROLES)), disabled: z.optional(z.boolean()) }),
    response: z.object({ staff: staffMember }),
  },
  change_password: {
    request: z.object({ currentPassword: z.string().check(z.minLength(1), z.maxLength(200)), newPassword: password }),
    response: done,
  },
  /** A manager's second factor: a new secret to scan, active after `totp_enable` with a first code. */
  totp_setup: {
    request: empty,
    response: z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() }),
  },
  /** On with a first code: the one-time recovery codes come back once (only their hashes are kept). */
  totp_enable: {
    request: z.object({ totpCode }),
    response: z.object({ staff: staffMember, recoveryCodes: z.array(z.string()) }),
  },
  /** A manager's cannot be turned off where it is required (BACKOFFICE_MANAGER_TOTP). */
  totp_disable: { request: z.object({ totpCode }), response: z.object({ staff: staffMember }) },
  /** A new set of recovery codes (the earlier ones stop working), with a code from the app. */
  regenerate_recovery_codes: {
    request: z.object({ totpCode }),
    response: z.object({ recoveryCodes: z.array(z.string()) }),
  },

  list_audit: { request: auditListQuery, response: paged(auditEntry) },

  list_messages: {
    request: z.object({
      channel: z.optional(z.enum(['email', 'sms'])),
      state: z.optional(z.enum(MESSAGE_STATES)),
      search,
      page,
    }),
    response: paged(outboxEntry),
  },
  /** The same message again, as a new one; pressed twice within a minute, sent once. */
  resend_message: {
    request: z.object({ id: z.string().check(z.regex(/^\d{1,18}$/)) }),
    response: z.object({ message: outboxEntry }),
  },

  /** Managers only: the door tool's users and its access log (changed in the door tool itself). */
  list_door_users: { request: empty, response: z.object({ users: z.array(doorUserRow) }) },
  list_door_audit: { request: z.object({ search, page }), response: paged(doorAuditRow) },

  /** The waitlist by product, in order; with `history`, the entries that left the line too. */
  list_waitlist: {
    request: z.object({ history: z._default(z.boolean(), false) }),
    response: z.object({ entries: z.array(lineEntry) }),
  },
  /** A free unit offered to this entry now, whatever its place (staff's call). */
  waitlist_offer: { request: z.object({ entryId }), response: z.object({ entry: lineEntry }) },
  /** To the back of its line: a live offer it holds passes to the next. */
  waitlist_skip: { request: z.object({ entryId }), response: z.object({ entry: lineEntry }) },
  /** Out of the line, told by e-mail; a live offer passes to the next. */
  waitlist_remove: { request: z.object({ entryId }), response: z.object({ entry: lineEntry }) },

  /** Visits from a date (the facility's) for some days, by time: the calendar. */
  list_visits: {
    request: z.object({
      from: z.optional(calendarDate),
      days: z._default(z.number().check(z.int(), z.gte(1), z.lte(62)), 14),
    }),
    response: z.object({ from: z.string(), days: z.number().check(z.int()), visits: z.array(bookedVisit) }),
  },
  cancel_visit: { request: z.object({ visitId: z.uuid() }), response: z.object({ visit: bookedVisit }) },
  /** Many at once (a flood of bookings, a day the facility must close): each visitor is told. */
  cancel_visits: {
    request: z.object({ visitIds: z.array(z.uuid()).check(z.minLength(1), z.maxLength(500)) }),
    response: z.object({ cancelled: z.number().check(z.int(), z.nonnegative()) }),
  },
  get_visit_rules: {
    request: empty,
    response: z.object({ rules: visitRules, closedDates: z.array(closedDate) }),
  },
  /** Managers only: the slot rules, and the days the facility is closed. */
  set_visit_rules: { request: z.object({ rules: visitRules }), response: z.object({ rules: visitRules }) },
  set_closed_date: {
    request: z.object({
      date: calendarDate,
      closed: z.boolean(),
      reason: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    }),
    response: z.object({ closedDates: z.array(closedDate) }),
  },
} as const;

export type BackofficeAction = keyof typeof backofficeActions;
export type BackofficeRequest<A extends BackofficeAction> = z.input<(typeof backofficeActions)[A]['request']>;
export type BackofficeResponse<A extends BackofficeAction> = z.output<(typeof backofficeActions)[A]['response']>;

/** The reports a list can be exported as (GET `backoffice/export?report=…`, CSV). */
export const exportQuery = z.object({
  /** `rent_roll` and `income` are a manager's, as is `audit`. */
  report: z.enum(['registrations', 'units', 'audit', 'rent_roll', 'income']),
  /** The office's language: headers, stages and statuses, dates, and the separator (`;` in Spanish). */
  lang: z._default(z.enum(['es', 'en']), 'es'),
  stage: z.optional(z.enum(REGISTRATION_STAGES)),
  status: z.optional(z.enum(UNIT_STATUSES)),
  search,
});

/** GET `backoffice/document?registrationId=…&documentType=…`: one document, inline, to staff only. */
export const documentQuery = z.object({ registrationId, documentType: z.enum(UPLOAD_TYPES) });

/** GET `backoffice/remittance?id=…`: a remittance's pain.008 file, to a manager. */
export const remittanceQuery = z.object({ id: z.uuid('Remittance not found') });
export const invoiceQuery = z.object({ id: z.uuid('Invoice not found') });
