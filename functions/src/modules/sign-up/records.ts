import {
  CLIENT_DATA_FIELDS,
  type ClientData,
  clientDataFromRecord,
  REFUSALS,
  type RegistrationRecord,
  registrationMetadata,
} from 'shared-api';
import type { z } from 'zod';
import type { Queryable } from '../../platform/db';
import { sql } from '../../platform/db/sql';
import { HttpError, refusal } from '../../platform/http-error';

export type RegistrationMetadata = z.infer<typeof registrationMetadata>;

/** A `registrations` row: the record of the wire plus the recovery code; metadata as stored. */
export interface RegistrationRow extends Omit<RegistrationRecord, 'metadata'>, Record<string, unknown> {
  registration_code: string;
  /** The language the applicant signs up in (their messages are in it). */
  language: 'es' | 'en';
  metadata: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string) => UUID.test(value);

export const REGISTRATION_NOT_FOUND = REFUSALS.registration_not_found;

/** The row, or null for an unknown or malformed id (never a database cast error). */
export async function findRegistration(
  q: Queryable,
  registrationId: string,
  { forUpdate = false } = {},
): Promise<RegistrationRow | null> {
  if (!isUuid(registrationId)) return null;
  const { rows } = await q.query<RegistrationRow>(
    sql`select * from registrations where id = ${registrationId}${forUpdate ? sql` for update` : sql``}`,
  );
  return rows[0] ?? null;
}

export async function requireRegistration(q: Queryable, registrationId: string, options?: { forUpdate?: boolean }) {
  const row = await findRegistration(q, registrationId, options);
  if (!row) throw new HttpError(404, REGISTRATION_NOT_FOUND);
  return row;
}

/** For every change: a completed registration is locked (spec §6). */
export async function requireOpenRegistration(q: Queryable, registrationId: string) {
  const row = await requireRegistration(q, registrationId, { forUpdate: true });
  if (row.global_status === 'completed') throw refusal('registration_locked');
  return row;
}

/** Any call about a registration keeps its server session alive (is_session_valid). */
export async function touchRegistration(q: Queryable, registrationId: string): Promise<void> {
  await q.query(sql`update registrations set last_activity_at = now() where id = ${registrationId}`);
}

/** Stored metadata (jsonb), read defensively: a malformed value counts as empty. */
export function readMetadata(value: unknown): RegistrationMetadata {
  const raw = typeof value === 'string' ? safeJson(value) : value;
  const parsed = registrationMetadata.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function toRecord(row: RegistrationRow): RegistrationRecord {
  return {
    id: row.id,
    client_type: row.client_type,
    full_name: row.full_name,
    company_name: row.company_name,
    document_type: row.document_type,
    document_number: row.document_number,
    cif: row.cif,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    postal_code: row.postal_code,
    iban: row.iban,
    email_verified: row.email_verified,
    phone_verified: row.phone_verified,
    client_id: row.client_id,
    global_status: row.global_status,
    metadata: readMetadata(row.metadata),
  };
}

export function toClientData(row: RegistrationRow): ClientData {
  return clientDataFromRecord(row);
}

/** snake_case column of each client field (the wire names of update_field). */
export const COLUMN_OF: Record<keyof ClientData, string> = {
  clientType: 'client_type',
  fullName: 'full_name',
  companyName: 'company_name',
  documentType: 'document_type',
  documentNumber: 'document_number',
  cif: 'cif',
  email: 'email',
  phone: 'phone',
  address: 'address',
  city: 'city',
  postalCode: 'postal_code',
  iban: 'iban',
};

/** The client columns in one fixed order, for inserts and updates. */
export const CLIENT_COLUMNS = CLIENT_DATA_FIELDS.map((field) => COLUMN_OF[field]);

/** Values for CLIENT_COLUMNS; empty company fields are stored as null. */
export function clientColumnValues(data: ClientData): (string | null)[] {
  return CLIENT_DATA_FIELDS.map((field) =>
    (field === 'companyName' || field === 'cif') && !data[field] ? null : data[field],
  );
}

/** The documents a registration has that count: a rejected one must be uploaded again. */
export async function documentTypesOf(q: Queryable, registrationId: string): Promise<string[]> {
  const { rows } = await q.query<{ document_type: string }>(
    sql`select document_type from registration_documents where registration_id = ${registrationId} and review_status <> 'rejected'`,
  );
  return rows.map((r) => r.document_type);
}
