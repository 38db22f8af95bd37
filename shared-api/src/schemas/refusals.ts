import * as z from 'zod/mini';

/**
 * Why the server refused a request that was well-formed (409): a stable `code` beside the
 * English `error`, so a page says what happened in its own language instead of guessing from
 * a status (a sold-out unit is not a completed registration).
 */
export const REFUSALS = {
  registration_locked: 'This registration is completed and can no longer be changed.',
  registration_not_found: 'Registration not found',
  verification_incomplete: 'Verification is not complete: verify the e-mail or the phone first.',
  documents_incomplete: 'Incomplete documents: Please upload all required documents.',
  selection_required: 'Selection required: Please select a product to continue',
  move_in_date_invalid: 'Choose a move-in day from today to 30 days ahead.',
  channel_verified: 'This channel is already verified.',
  product_not_found: 'Product not found',
  product_inactive: 'Product no longer offered',
  product_out_of_stock: 'Product out of stock',
  product_too_small: 'The product is too small for the volume, even combining three units',
  period_not_offered: 'Payment period not offered for this product',
  service_locked_payment: 'The deposit is paid or being paid for this storage unit: it can no longer be changed.',
  phone_not_mobile:
    'Invalid phone: enter a mobile number (Spain or the European Union) that can receive our text messages.',
  contract_data_locked:
    'The contract was made with these details: to correct them, decline it from its signing e-mail, then change them and create the contract again.',
} as const;

/**
 * Refusals of the visit booking and the staff back-office: apart from the sign-up's, whose pages
 * translate every code of REFUSALS and need not know these.
 */
export const VISIT_REFUSALS = {
  visit_slot_full: 'That time has just been taken: choose another.',
  visit_slot_unavailable: 'That time cannot be booked: choose one of the times offered.',
  visits_limit: 'This e-mail or phone already has two visits booked: cancel one before booking another.',
  visit_code_wrong: 'The code is not correct: check the e-mail we sent and try again.',
  visit_hold_lapsed: 'This booking was not confirmed in time and the time was released: book again.',
} as const;

/** Refusals of the public waitlist (the calculator's dialog and the entry's private page). */
export const WAITLIST_REFUSALS = {
  waitlist_entries_limit:
    'This e-mail or phone already has several waitlist requests: leave one from its page before joining another.',
  waitlist_confirmation_lapsed: 'This request was not confirmed in time: join the waitlist again.',
} as const;

export const STAFF_REFUSALS = {
  documents_not_approved: 'Approve the three documents before the company signs.',
  documents_settled: 'The contract is signed: its documents can no longer be rejected.',
  not_awaiting_company: "The contract is not waiting for the company's signature.",
  esign_external: 'The contract is signed at the e-signature provider: sign it there.',
  unit_not_free: 'Only a free unit can be taken out of service.',
  unit_not_out_of_service: 'The unit is in service.',
  staff_email_taken: 'There is already a staff member with this e-mail.',
  last_manager: 'The last active manager cannot be disabled or made staff.',
  totp_not_set_up: 'Set up the second factor first.',
  reset_link_invalid: 'This link has expired or was already used: ask for a new one from the sign-in page.',
  reset_too_many: 'This member was already sent several links this hour: wait before sending another.',
  password_change_required: 'Choose your own password first: the one you signed in with was generated.',
  second_factor_mandatory:
    'A manager keeps the second factor on. A lost phone: another manager resets it from Team, then set it up again.',
  second_factor_required: 'Turn on your second factor first: a manager signs in with one.',
  second_factor_own: 'Your own second factor is changed from your account page.',
  second_factor_off: 'This member has no second factor to reset.',
  staff_disabled: 'This member is disabled: enable the account first.',
  password_too_guessable:
    'This password is too easy to guess (a common one, a pattern, or the account’s own name or e-mail): choose a longer one, for instance a few unrelated words.',
  waitlist_not_waiting: 'Only an entry waiting in line can be offered a unit or moved.',
  waitlist_no_free_unit: 'There are not enough free units of this product to offer.',
  not_awaiting_unit: 'This tenant is not waiting for a unit (assigned or refunded meanwhile?).',
  units_not_free: 'One of the chosen units is no longer free: choose again.',
  units_too_small: 'Together the chosen units are smaller than what the tenant rents.',
  deposit_not_refundable: 'There is no paid deposit to refund.',
  rental_not_active: 'This rental is not active (ended already, or no unit was let).',
  access_waits_for_document:
    'A document of this tenant is still to be accepted: approve the new one and the door opens by itself.',
  no_notice: 'There is no notice to move out to withdraw.',
  access_not_changed: 'Nothing changed: the rental is not active, or access is already so.',
  nothing_due: 'No collection is due by that date: nothing to send to the bank.',
  report_already_imported: 'This bank report was imported already: nothing was recorded twice.',
  collection_not_sent: 'This collection is not waiting for the bank: nothing was recorded.',
  nothing_owed: 'Nothing is due now: the next rent is collected by direct debit as usual.',
  keep_exceeds_owed: 'Only what the tenant owes now can be kept from the deposit.',
  rental_not_ended: 'The deposit goes back once the rental has ended and the unit was checked.',
  collections_changed: 'The collections due have changed since the list was shown: look at it again before sending.',
  bank_account_unchanged: 'The rent is already collected from that account: nothing changed.',
  refund_exceeds_credit: 'The tenant is not owed that much: a refund is at most their balance in their favour.',
} as const;
export type StaffRefusalCode = keyof typeof STAFF_REFUSALS;

/** Refusals of the tenant's own account. */
export const ACCOUNT_REFUSALS = {
  no_door_access: 'This rental has no door access now (not issued yet, or the rental has ended).',
  same_pin: 'The new PIN must be different from the current one.',
  pin_change_blocked:
    'Too many wrong PINs were given here in the last 24 hours: the PIN can be changed again later, or at the office.',
  door_link_throttled: 'Several door links were sent this hour: look for them in your e-mail, or wait a while.',
  contact_unchanged: 'That is already your e-mail or phone.',
  contact_taken: "That e-mail or phone is on another customer's file: call us to change it.",
  contact_change_throttled: 'Several codes were sent to new contacts this hour: wait a while before asking again.',
  contact_change_invalid: 'This code is not valid or has expired: ask for a new one.',
  rent_again_throttled: 'Several sign-ups were started from your account this hour: finish one, or wait a while.',
  rent_again_overdue: 'Something is overdue on one of your rentals: pay it first, then you can rent another unit.',
  shared_contact:
    "Your rentals under this e-mail or phone are in more than one person's name: ask at the office for your data.",
  erasure_too_soon:
    'A direct debit was collected less than eight weeks ago, and the bank may still return it: your data can be erased after that.',
  erasure_throttled: 'Several codes to erase your data were sent this hour: wait a while before asking again.',
  erasure_code_invalid: 'This code is not valid or has expired: ask for a new one.',
  erasure_rental_active: 'A rental is still active: give notice first; your data can be erased once it has ended.',
  erasure_owed: 'Something is still owed or being collected: once it is settled, your data can be erased.',
  document_not_requested: 'That document was not asked for again: there is nothing to replace.',
  mandate_change_throttled:
    'Several mandates were sent to sign this hour: look for them in your e-mail, or wait a while.',
  erasure_refund_pending:
    'We still owe you money (a refund or the deposit): once it is paid back, your data can be erased.',
} as const;
export type AccountRefusalCode = keyof typeof ACCOUNT_REFUSALS;

/**
 * Every code a refusal (409) may carry, with its English message: the server's. Marked pure so
 * that a page which never reads it does not carry every text (a spread could run a getter).
 */
export const ALL_REFUSALS: typeof REFUSALS &
  typeof VISIT_REFUSALS &
  typeof WAITLIST_REFUSALS &
  typeof STAFF_REFUSALS &
  typeof ACCOUNT_REFUSALS = /* @__PURE__ */ Object.assign(
  {},
  REFUSALS,
  VISIT_REFUSALS,
  WAITLIST_REFUSALS,
  STAFF_REFUSALS,
  ACCOUNT_REFUSALS,
);
export type AnyRefusalCode = keyof typeof ALL_REFUSALS;

export type RefusalCode = keyof typeof REFUSALS;
export const REFUSAL_CODES = /* @__PURE__ */ Object.keys(REFUSALS) as [RefusalCode, ...RefusalCode[]];
export const refusalCode = /* @__PURE__ */ z.enum(REFUSAL_CODES);

export const isRefusalCode = (value: unknown): value is RefusalCode =>
  typeof value === 'string' && Object.hasOwn(REFUSALS, value);
