// The values a registration's fields take, apart from the schemas that check them: the sign-up's
// first screen needs the lists and limits, not zod (a module with schemas is kept whole once any of
// it is imported; see constants.ts).

export const CLIENT_TYPES = ['individual', 'company'] as const;
export const DOCUMENT_TYPES = ['dni', 'nie'] as const;
export const PERIODS = ['monthly', 'quarterly', 'semiannually', 'annually'] as const;
export const GLOBAL_STATUSES = ['in_progress', 'completed'] as const;
/** After both signatures: units allocated, or waiting for one (someone took the last). */
export const MOVE_IN_STATUSES = ['allocated', 'awaiting_unit', 'scheduled'] as const;
export const UPLOAD_TYPES = ['frontId', 'backId', 'bankDocument'] as const;
export const DOCUMENT_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type Period = (typeof PERIODS)[number];
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** Between two codes on one channel (§9); the server refuses earlier, the browser counts down. */
export const RESEND_COOLDOWN_SECONDS = 120;

/** Months per period (§9). */
export const PERIOD_MONTHS: Record<Period, number> = { monthly: 1, quarterly: 3, semiannually: 6, annually: 12 };

export const UPDATABLE_FIELDS = [
  'client_type',
  'full_name',
  'company_name',
  'document_type',
  'document_number',
  'cif',
  'email',
  'phone',
  'address',
  'city',
  'postal_code',
  'iban',
] as const;
