import { maskIban } from 'shared-api';
import type { RegistrationDetail } from 'shared-api/backoffice';
import type { Queryable } from '../../platform/db';
import { toIso } from '../../platform/db/iso';
import { sql } from '../../platform/db/sql';
import { HttpError } from '../../platform/http-error';
import { madridDate } from '../../platform/madrid-time';
import { earliestMoveOut, latestMoveOut, unitsOf } from '../rental';
import { REGISTRATION_NOT_FOUND, readMetadata, reviewedDocuments } from '../sign-up';
import { PRODUCT_NAME_EN, stageOf } from './registrations';

/** One tenancy as staff see it: the registration, its documents, payments, contract and units. */
export async function registrationDetail(q: Queryable, registrationId: string, now: Date): Promise<RegistrationDetail> {
  const { rows } = await q.query<
    Record<string, unknown> & { id: string }
  >(sql`select id::text as id, registration_code, client_type, full_name, company_name, document_type, document_number,
       cif, email, phone, address, city, postal_code, iban, email_verified, phone_verified, move_in_status,
       rental_ended_at, to_char(move_out_on, 'YYYY-MM-DD') as move_out_on, access_suspended_at, access_suspension_reason, access_suspended_by, metadata, created_at, ${PRODUCT_NAME_EN} as product_name_en
     from registrations r where id = ${registrationId}`);
  const row = rows[0];
  if (!row) throw new HttpError(404, REGISTRATION_NOT_FOUND);
  const service = readMetadata(row.metadata).serviceDetails;
  const stage = (await stageOf(q, registrationId)) ?? 'in_progress';
  const { rows: payments } = await q.query<
    Record<string, unknown>
  >(sql`select id::text as id, amount, status, provider, created_at, completed_at, refunded_at, refund_reason
     from payments where registration_id = ${registrationId} and purpose = 'deposit' order by created_at desc`);
  const { rows: contracts } = await q.query<
    Record<string, unknown> & { id: string }
  >(sql`select id::text as id, status, document, created_at, completed_at from contracts where registration_id = ${registrationId} and kind = 'rental'
     order by created_at desc, id desc limit 1`);
  const contract = contracts[0];
  const { rows: signers } = contract
    ? await q.query<Record<string, unknown>>(
        sql`select role, status, email, signed_name, signed_at from contract_submitters where contract_id = ${contract.id} order by role`,
      )
    : { rows: [] };
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  const time = (value: unknown) => toIso((value ?? null) as Date | string | null);
  return {
    registration: {
      registrationId: row.id,
      registrationCode: String(row.registration_code),
      fullName: String(row.full_name),
      companyName: text(row.company_name),
      email: String(row.email),
      phone: String(row.phone),
      stage,
      productName: service?.productName ?? null,
      productNameEn: text(row.product_name_en),
      createdAt: time(row.created_at) ?? '',
      clientType: row.client_type as 'individual' | 'company',
      documentType: String(row.document_type),
      documentNumber: String(row.document_number),
      cif: text(row.cif),
      address: String(row.address),
      city: String(row.city),
      postalCode: String(row.postal_code),
      iban: maskIban(String(row.iban)),
      emailVerified: row.email_verified === true,
      phoneVerified: row.phone_verified === true,
      moveInStatus: (text(row.move_in_status) as RegistrationDetail['registration']['moveInStatus']) ?? null,
      period: service?.period ?? null,
      unitsRequired: service?.numberProductsRequired ?? null,
      moveInDate: service?.moveInDate ?? null,
      accessSuspension: row.access_suspended_at
        ? {
            since: time(row.access_suspended_at) ?? '',
            reason: String(row.access_suspension_reason ?? ''),
            by:
              row.access_suspended_by === 'arrears' || row.access_suspended_by === 'documents'
                ? row.access_suspended_by
                : 'staff',
          }
        : null,
      notice: {
        moveOutOn: text(row.move_out_on),
        earliestMoveOut: earliestMoveOut(madridDate(now)),
        latestMoveOut: latestMoveOut(madridDate(now)),
      },
    },
    documents: await reviewedDocuments(q, registrationId),
    payments: payments.map((p) => ({
      id: String(p.id),
      amount: Number(p.amount),
      status: p.status as RegistrationDetail['payments'][number]['status'],
      provider: String(p.provider),
      createdAt: time(p.created_at) ?? '',
      completedAt: time(p.completed_at),
      refundedAt: time(p.refunded_at),
      refundReason: text(p.refund_reason),
    })),
    contract: contract
      ? {
          id: contract.id,
          status: contract.status as NonNullable<RegistrationDetail['contract']>['status'],
          document: String(contract.document ?? ''),
          createdAt: time(contract.created_at) ?? '',
          completedAt: time(contract.completed_at),
          signers: signers.map((s) => ({
            role: s.role as 'Cliente' | 'Empresa',
            status: s.status as NonNullable<RegistrationDetail['contract']>['signers'][number]['status'],
            email: String(s.email),
            signedName: text(s.signed_name),
            signedAt: time(s.signed_at),
          })),
        }
      : null,
    units: await unitsOf(q, registrationId),
  };
}
