import type { CountryCode } from 'libphonenumber-js/max';
import {
  CLIENT_DATA_MESSAGES,
  CLIENT_FIELD_MAX_LENGTH,
  type ClientData,
  type ClientDataField,
  normaliseClientData,
  REFUSALS,
  type UPDATABLE_FIELDS,
  validateClientData,
  validateClientField,
} from 'shared-api';
import type { FunctionContext } from '../../context';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError, refusal } from '../../platform/http-error';
import { commitThenRun } from '../../platform/jobs/queue';
import { mobileNumber } from '../../platform/phone-numbers';
import {
  CLIENT_COLUMNS,
  COLUMN_OF,
  clientColumnValues,
  type RegistrationRow,
  requireOpenRegistration,
  toClientData,
} from './records';
import { issueCode } from './verification';

const FIELD_OF_COLUMN = Object.fromEntries(
  Object.entries(COLUMN_OF).map(([field, column]) => [column, field]),
) as Record<(typeof UPDATABLE_FIELDS)[number], ClientDataField>;

/**
 * 400 with the spec's message per field when the client data breaks a §5 rule; then the phone
 * must be a mobile number of an allowed country (the codes go to it by SMS: a landline cannot
 * receive one, a premium or far-away range would cost the business per text).
 */
export function assertValid(data: ClientData, countries: readonly CountryCode[], only?: ClientDataField): void {
  const errors = only
    ? Object.fromEntries([[only, validateClientField(only, data)]].filter(([, e]) => e))
    : validateClientData(data);
  const entries = Object.entries(errors) as [ClientDataField, keyof typeof CLIENT_DATA_MESSAGES][];
  if (entries.length === 0) {
    if ((!only || only === 'phone') && !mobileNumber(data.phone, countries)) {
      const message = REFUSALS.phone_not_mobile;
      throw new HttpError(400, message, { phone: message }, 'phone_not_mobile');
    }
    return;
  }
  const fields = Object.fromEntries(entries.map(([field, key]) => [field, CLIENT_DATA_MESSAGES[key]]));
  throw new HttpError(400, entries[0] ? CLIENT_DATA_MESSAGES[entries[0][1]] : 'Invalid client data', fields);
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Writes the client data; a changed e-mail or phone loses its verification and gets a new
 * code at the new address.
 */
export async function saveClientData(
  ctx: FunctionContext,
  tx: Queryable,
  row: RegistrationRow,
  data: ClientData,
): Promise<{ emailVerified: boolean; phoneVerified: boolean }> {
  const emailChanged = !sameEmail(row.email, data.email);
  const phoneChanged = row.phone !== data.phone;
  const emailVerified = row.email_verified && !emailChanged;
  const phoneVerified = row.phone_verified && !phoneChanged;
  const values = clientColumnValues(data);
  const update = sql`update registrations
     set ${sql.assignments(CLIENT_COLUMNS.map((column, index) => [column, values[index]]))},
       email_verified = ${emailVerified}, phone_verified = ${phoneVerified},
       updated_at = now(), last_activity_at = now()
     where id = ${row.id}`;
  await tx.query(update);
  const contact = {
    id: row.id,
    registration_code: row.registration_code,
    email: data.email,
    phone: data.phone,
    language: row.language,
  };
  if (emailChanged) await issueCode(ctx, tx, contact, 'email');
  if (phoneChanged) await issueCode(ctx, tx, contact, 'sms');
  return { emailVerified, phoneVerified };
}

/**
 * The contract carries the client's details (name, ID, address, the account of the SEPA mandate):
 * while one is live (waiting for signatures or signed) they cannot change under it, or the signed
 * PDF and the mandate would say one thing and the back-office another. Declining it frees them.
 */
export async function assertContractDataUnchanged(
  tx: Queryable,
  row: RegistrationRow,
  next: ClientData,
): Promise<void> {
  // As stored (empty company fields are null): the same details sent again are no change.
  const stored = clientColumnValues(toClientData(row));
  const changed = clientColumnValues(next).some((value, i) => value !== stored[i]);
  if (!changed) return;
  const { rows } = await tx.query(
    sql`select 1 from contracts where registration_id = ${row.id} and kind = 'rental' and status in ('awaiting_signatures', 'completed')`,
  );
  if (rows.length) throw refusal('contract_data_locked');
}

/** One field of the client data, checked alone (the step's fields are saved as they are left). */
export async function updateClientField(
  ctx: FunctionContext,
  registrationId: string,
  field: (typeof UPDATABLE_FIELDS)[number],
  value: string,
) {
  return commitThenRun(ctx, async (tx) => {
    const row = await requireOpenRegistration(tx, registrationId);
    const clientField = FIELD_OF_COLUMN[field];
    const current = toClientData(row);
    if (
      (field === 'client_type' && !['individual', 'company'].includes(value)) ||
      (field === 'document_type' && !['dni', 'nie'].includes(value))
    ) {
      throw new HttpError(400, `Invalid ${field}`);
    }
    if (value.length > CLIENT_FIELD_MAX_LENGTH[clientField]) {
      throw new HttpError(400, `${clientField}: too long`, { [clientField]: 'Too long' });
    }
    const next = normaliseClientData({ ...current, [clientField]: value } as ClientData);
    assertValid(next, ctx.config.SMS_COUNTRIES, clientField);
    await assertContractDataUnchanged(tx, row, next);
    await saveClientData(ctx, tx, row, next);
    return { success: true as const };
  });
}
