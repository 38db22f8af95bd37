import type { Queryable } from '../../platform/db';
import { toIso } from '../../platform/db/iso';
import { sql } from '../../platform/db/sql';
import { refusal } from '../../platform/http-error';
import { tenantDoorLog } from '../door';
import { contactKey } from './contact';
import type { Tenant } from './session';

type Row = Record<string, unknown>;
const time = (value: unknown) => toIso((value ?? null) as Date | string | null);

/**
 * Everything this service keeps about the signed-in tenant, as JSON for them to take away (GDPR
 * art. 15 and 20): each rental's client data as given, units, documents (what and when: the files
 * themselves are their own ID papers and stay in the office's hands), contract, payments, invoices,
 * money moved, the door's log of their user, and their account's sign-ins.
 */
export async function personalData(q: Queryable, tenant: Tenant, now: Date) {
  const ids = tenant.registrationIds;
  const { rows: registrations } = await q.query<Row & { id: string }>(sql`select id::text as id, registration_code,
       client_type, full_name, company_name, document_type, document_number, cif, email, phone, address, city,
       postal_code, iban, language, move_in_status, rental_ended_at, to_char(move_out_on, 'YYYY-MM-DD') as move_out_on,
       metadata->'serviceDetails' as service, created_at
     from registrations where id = any(${ids}::uuid[]) order by created_at`);
  // A contact shared by two people (a family's e-mail) names both one's rentals: neither is handed the other's.
  if (new Set(registrations.map((r) => String(r.document_number).toUpperCase())).size > 1)
    throw refusal('shared_contact');
  const byRental = async <T extends Row>(statement: ReturnType<typeof sql>) =>
    (await q.query<T & { registration_id: string }>(statement)).rows;
  const units = await byRental(sql`select registration_id::text, unit_number from units
     where registration_id = any(${ids}::uuid[]) order by unit_number`);
  const documents = await byRental(sql`select registration_id::text, document_type, content_type, size_bytes,
       uploaded_at, review_status from registration_documents where registration_id = any(${ids}::uuid[])`);
  const contracts =
    await byRental(sql`select registration_id::text, kind, status, created_at, completed_at from contracts
     where registration_id = any(${ids}::uuid[]) order by created_at`);
  const payments = await byRental(sql`select registration_id::text, purpose, amount::text, status, created_at,
       completed_at, refunded_at from payments where registration_id = any(${ids}::uuid[]) order by created_at`);
  const invoices =
    await byRental(sql`select registration_id::text, number, to_char(issue_date, 'YYYY-MM-DD') as issue_date,
       total_cents from invoices where registration_id = any(${ids}::uuid[]) order by issue_date, number`);
  const movements = await byRental(sql`select registration_id::text, kind, amount_cents, occurred_at
     from money_movements where registration_id = any(${ids}::uuid[]) order by occurred_at`);
  const { rows: signIns } = await q.query<{ created_at: Date | string; used_at: Date | string | null }>(
    sql`select created_at, used_at from account_sign_ins where contact = ${contactKey(tenant.contact)}
     order by created_at`,
  );

  const rentals = [];
  for (const row of registrations) {
    const mine = <T extends { registration_id: string }>(list: T[]) => list.filter((r) => r.registration_id === row.id);
    const doorLog = await tenantDoorLog(q, row.id, { orNone: true });
    rentals.push({
      registrationCode: row.registration_code,
      createdAt: time(row.created_at),
      client: {
        clientType: row.client_type,
        fullName: row.full_name,
        companyName: row.company_name,
        documentType: row.document_type,
        documentNumber: row.document_number,
        cif: row.cif,
        email: row.email,
        phone: row.phone,
        address: row.address,
        city: row.city,
        postalCode: row.postal_code,
        iban: row.iban,
        language: row.language,
      },
      service: row.service ?? null,
      units: mine(units).map((u) => u.unit_number),
      moveInStatus: row.move_in_status,
      moveOutOn: row.move_out_on,
      rentalEndedAt: time(row.rental_ended_at),
      documents: mine(documents).map((d) => ({
        type: d.document_type,
        contentType: d.content_type,
        sizeBytes: d.size_bytes,
        uploadedAt: time(d.uploaded_at),
        reviewStatus: d.review_status,
      })),
      contracts: mine(contracts).map((c) => ({
        // The rental contract, or a direct-debit mandate signed on its own (a new account).
        kind: c.kind,
        status: c.status,
        createdAt: time(c.created_at),
        signedAt: time(c.completed_at),
      })),
      payments: mine(payments).map((p) => ({
        purpose: p.purpose,
        amountEuros: p.amount,
        status: p.status,
        createdAt: time(p.created_at),
        completedAt: time(p.completed_at),
        refundedAt: time(p.refunded_at),
      })),
      invoices: mine(invoices).map((i) => ({ number: i.number, issueDate: i.issue_date, totalCents: i.total_cents })),
      moneyMoved: mine(movements).map((m) => ({
        kind: m.kind,
        amountCents: m.amount_cents,
        at: time(m.occurred_at),
      })),
      doorLog,
    });
  }
  return {
    exportedAt: now.toISOString(),
    signedInWith: tenant.contact.value,
    rentals,
    accountSignIns: signIns.map((s) => ({ askedAt: time(s.created_at), usedAt: time(s.used_at) })),
  };
}
