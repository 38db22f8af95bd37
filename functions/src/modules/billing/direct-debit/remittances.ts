import { createHash, randomUUID } from 'node:crypto';
import type { FunctionContext } from '../../../context';
import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';
import { madridDate } from '../../../platform/madrid-time';
import { type Actor, recordAudit } from '../../staff';
import { cancelBalanceCheckouts } from '../ledger/balance-payment';
import { type Collection, pain008, sameBank } from './pain008';
import type { IsoDate } from './schedule';

type RemittanceContext = Pick<FunctionContext, 'config' | 'clock' | 'payments' | 'jobs' | 'mailer'>;

/** A collection due by the date asked: what the Collections screen lists before the file is made. */
export interface DueCollection extends Collection {
  rentPeriodId: string;
  registrationId: string;
  registrationCode: string;
}

interface DueRow extends Record<string, unknown> {
  id: string;
  registration_id: string;
  registration_code: string;
  end_to_end_id: string;
  amount_cents: number;
  due_date: string;
  mandate_reference: string;
  signed_on: string;
  debtor_name: string;
  debtor_iban: string;
  description: string;
  earlier_submitted: boolean;
  amended_from_iban: string | null;
  amended_from_reference: string | null;
}

/**
 * The collections not yet sent to the bank whose date is on or before `dueBy`, under signed
 * mandates. The sequence type is decided now, not when the schedule was written: FRST while the
 * mandate has no collection sent (or all it sent came back rejected), RCUR after one. A mandate
 * signed in place of another continues its sequence (the amendment names the original, and the
 * rulebook has not required FRST after an amendment since 2016).
 */
async function dueRows(q: Queryable, dueBy: IsoDate, lock: boolean): Promise<DueCollection[]> {
  const { rows } =
    await q.query<DueRow>(sql`select p.id, p.registration_id, r.registration_code, p.end_to_end_id, p.amount_cents,
       to_char(p.due_date, 'YYYY-MM-DD') as due_date, p.mandate_reference,
       to_char(m.signed_at at time zone 'Europe/Madrid', 'YYYY-MM-DD') as signed_on, m.debtor_name, m.debtor_iban,
       p.description, m.amended_from_iban, m.amended_from_reference,
       exists (select 1 from rent_periods e where e.mandate_reference in (p.mandate_reference, m.amended_from_reference)
                 and e.status in ('submitted', 'paid'))
         as earlier_submitted
     from rent_periods p
     join sepa_mandates m on m.reference = p.mandate_reference
     join registrations r on r.id = p.registration_id
     where p.status = 'scheduled' and p.due_date <= ${dueBy}::date and m.status = 'signed'
     order by p.due_date, p.end_to_end_id
     ${lock ? sql`for update of p skip locked` : sql``}`);
  // One FRST per mandate: a second collection of the same mandate in the list is RCUR.
  const first = new Set<string>();
  const isFirst = (row: DueRow) => {
    if (row.earlier_submitted || first.has(row.mandate_reference)) return false;
    first.add(row.mandate_reference);
    return true;
  };
  return rows.map((row) => ({
    rentPeriodId: row.id,
    registrationId: row.registration_id,
    registrationCode: row.registration_code,
    endToEndId: row.end_to_end_id,
    amountCents: row.amount_cents,
    sequenceType: isFirst(row) ? 'FRST' : 'RCUR',
    // A date already past is asked for as soon as the bank can: the file's own date.
    dueDate: row.due_date,
    mandateReference: row.mandate_reference,
    mandateSignedOn: row.signed_on,
    debtorName: row.debtor_name,
    debtorIban: row.debtor_iban,
    remittanceInformation: row.description,
    ...(row.amended_from_iban || row.amended_from_reference
      ? {
          amendment: {
            ...(row.amended_from_reference ? { originalMandateId: row.amended_from_reference } : {}),
            ...(row.amended_from_iban
              ? {
                  account: sameBank(row.amended_from_iban, row.debtor_iban)
                    ? { originalDebtorIban: row.amended_from_iban }
                    : { otherBank: true as const },
                }
              : {}),
          },
        }
      : {}),
  }));
}

export const collectionsDueBy = (q: Queryable, dueBy: IsoDate) => dueRows(q, dueBy, false);

/** Names a list of collections due: the same collections, in any order, the same name. */
export const dueListHash = (due: Pick<DueCollection, 'rentPeriodId' | 'amountCents'>[]) =>
  createHash('sha256')
    .update(
      due
        .map((c) => `${c.rentPeriodId}:${c.amountCents}`)
        .sort()
        .join(','),
    )
    .digest('hex');

/**
 * The collections in remittances the bank has not answered for yet, and those it returned that
 * are still unpaid (overdue: returned for good, or waiting to be presented again; paid at the
 * office, they are recorded here by hand), oldest first.
 */
export async function collectionsSent(q: Queryable) {
  const { rows } = await q.query<{
    id: string;
    registration_id: string;
    registration_code: string;
    debtor_name: string;
    due_date: string;
    amount_cents: number;
    sequence_type: 'FRST' | 'RCUR';
    mandate_reference: string;
    message_id: string | null;
    status: string;
    return_reason: string | null;
    overdue_since: string | null;
  }>(sql`select p.id, p.registration_id, r.registration_code, m.debtor_name, to_char(p.due_date, 'YYYY-MM-DD') as due_date,
       p.amount_cents, p.sequence_type, p.mandate_reference, x.message_id, p.status, p.return_reason,
       to_char(p.overdue_since, 'YYYY-MM-DD') as overdue_since
     from rent_periods p
     left join remittances x on x.id = p.remittance_id
     join sepa_mandates m on m.reference = p.mandate_reference
     join registrations r on r.id = p.registration_id
     where p.status in ('submitted', 'returned') or (p.status = 'scheduled' and p.overdue_since is not null)
     order by p.due_date, p.end_to_end_id
     limit 500`);
  return rows.map((row) => ({
    rentPeriodId: row.id,
    registrationId: row.registration_id,
    registrationCode: row.registration_code,
    debtorName: row.debtor_name,
    dueDate: row.due_date,
    amountCents: row.amount_cents,
    sequenceType: row.sequence_type,
    mandateReference: row.mandate_reference,
    remittanceMessageId: row.message_id,
    // Returned: unpaid, whether it waits for the next remittance or stays returned.
    returned:
      row.status !== 'submitted' ? { reason: row.return_reason, since: row.overdue_since ?? row.due_date } : null,
  }));
}

export interface RemittanceSummary {
  id: string;
  messageId: string;
  dueBy: IsoDate;
  createdAt: Date;
  createdBy: string;
  collections: number;
  totalCents: number;
}

/**
 * A manager makes the remittance of the collections due by a date: the pain.008 file is written
 * and kept, and each collection in it is marked submitted, all in one transaction (two managers at
 * once never put the same collection in two files: the second skips what the first holds). A
 * collection date already past is moved to the earliest the bank takes: tomorrow.
 */
export async function createRemittance(
  tx: Queryable,
  ctx: RemittanceContext,
  actor: Pick<Actor, 'id' | 'email' | 'ip'>,
  dueBy: IsoDate,
  expected?: { listHash: string },
): Promise<RemittanceSummary | null | 'changed'> {
  const due = await dueRows(tx, dueBy, true);
  if (!due.length) return null;
  // The file holds what the manager confirmed, or nothing: a list that changed is shown again.
  if (expected && expected.listHash !== dueListHash(due)) return 'changed';
  const now = ctx.clock.now();
  const tomorrow = madridDate(new Date(now.getTime() + 86_400_000));
  // biome-ignore lint/complexity/useMathMinMax: ISO dates compared as text (Math.max takes numbers)
  const collections = due.map((c) => ({ ...c, dueDate: c.dueDate < tomorrow ? tomorrow : c.dueDate }));
  const stamp = now
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14);
  const messageId = `REM-${stamp}-${randomUUID().slice(0, 8).toUpperCase()}`;
  const xml = pain008({
    messageId,
    createdAt: now,
    creditor: {
      name: ctx.config.BUSINESS_NAME,
      identifier: ctx.config.SEPA_CREDITOR_ID,
      iban: ctx.config.SEPA_CREDITOR_IBAN,
    },
    collections,
  });
  const id = randomUUID();
  const totalCents = collections.reduce((sum, c) => sum + c.amountCents, 0);
  await tx.query(sql`insert into remittances (id, message_id, due_by, created_at, created_by, collections, total_cents, xml)
     values (${id}, ${messageId}, ${dueBy}, ${now}, ${actor.email}, ${collections.length}, ${totalCents}, ${xml})`);
  // Every collection marked sent in one statement: a remittance has thousands.
  const sent = collections.map((c) => ({ id: c.rentPeriodId, sequenceType: c.sequenceType, dueDate: c.dueDate }));
  await tx.query(sql`update rent_periods p set status = 'submitted', remittance_id = ${id}, submitted_at = ${now},
       sequence_type = c->>'sequenceType', due_date = (c->>'dueDate')::date
     from jsonb_array_elements(${JSON.stringify(sent)}::jsonb) as c
     where p.id = (c->>'id')::uuid`);
  // What is sent to the bank can no longer be paid by card too (a retried collection's tenant may
  // have a checkout open for it).
  await cancelBalanceCheckouts(tx, ctx, [...new Set(collections.map((c) => c.registrationId))]);
  await recordAudit(tx, actor, {
    action: 'create_remittance',
    target: `remittance:${messageId}`,
    after: { dueBy, collections: collections.length, totalCents },
  });
  return { id, messageId, dueBy, createdAt: now, createdBy: actor.email, collections: collections.length, totalCents };
}

export async function listRemittances(q: Queryable, limit = 24): Promise<RemittanceSummary[]> {
  const { rows } = await q.query<{
    id: string;
    message_id: string;
    due_by: string;
    created_at: Date | string;
    created_by: string;
    collections: number;
    total_cents: number;
  }>(sql`select id, message_id, to_char(due_by, 'YYYY-MM-DD') as due_by, created_at, created_by, collections, total_cents
     from remittances order by created_at desc limit ${limit}`);
  return rows.map((row) => ({
    id: row.id,
    messageId: row.message_id,
    dueBy: row.due_by,
    createdAt: new Date(row.created_at),
    createdBy: row.created_by,
    collections: row.collections,
    totalCents: row.total_cents,
  }));
}

/** The file as made, for its download. */
export async function remittanceFile(q: Queryable, id: string): Promise<{ messageId: string; xml: string } | null> {
  const { rows } = await q.query<{ message_id: string; xml: string }>(
    sql`select message_id, xml from remittances where id = ${id}`,
  );
  const row = rows[0];
  return row ? { messageId: row.message_id, xml: row.xml } : null;
}
