import { createHash, randomUUID } from 'node:crypto';
import type { Language } from 'shared-i18n';
import { tellTenant } from '../../../adapters/tell-tenant';
import type { FunctionContext } from '../../../context';
import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';
import { action, paragraph } from '../../../platform/email/content';
import { madridDate } from '../../../platform/madrid-time';
import { type Actor, recordAudit } from '../../staff';
import { scheduleArrearsCheck } from '../arrears/check';
import { euros } from '../invoicing/amounts';
import { cancelBalanceCheckouts } from '../ledger/balance-payment';
import { recordMovement } from '../ledger/movements';
import { newPayLink } from '../ledger/pay-links';
import { type BankOutcome, mayRetry, parseBankReport, reasonText } from './bank-reports';

type ResultContext = Pick<FunctionContext, 'config' | 'clock' | 'mailer' | 'sms' | 'jobs' | 'payments'>;

export type RecordedOutcome = 'paid' | 'returned' | 'retry' | 'unchanged' | 'unknown';

/** Returns that say the account or its mandate is gone: another account may still be good. */
const ACCOUNT_GONE = new Set(['AC01', 'AC04', 'AC06', 'MD01', 'MD07', 'SL01']);

/** Whether the collection's rental has a signed mandate newer than the one it was sent under. */
async function newerMandate(tx: Queryable, rentPeriodId: string): Promise<boolean> {
  const { rows } = await tx.query(sql`select 1 from rent_periods p
     join sepa_mandates sent on sent.reference = p.mandate_reference
     join sepa_mandates m on m.registration_id = p.registration_id and m.status = 'signed' and m.reference <> sent.reference
     where p.id = ${rentPeriodId} and m.debtor_iban <> sent.debtor_iban`);
  return rows.length > 0;
}

/** A collection is presented at most this often: each return costs the tenant and the business a fee. */
const MAX_PRESENTATIONS = 3;

interface SentRow extends Record<string, unknown> {
  id: string;
  remittance_id: string | null;
  paid_at: Date | string | null;
  overdue: boolean;
  registration_id: string;
  status: string;
  end_to_end_id: string;
  amount_cents: number;
  attempts: number;
  full_name: string;
  email: string;
  phone: string;
  language: Language;
  invoice_number: string | null;
}

/**
 * The tenant hears of a return at once, in their language: why, what happens next, and a private
 * link to pay it by card now.
 */
async function tellOfReturn(tx: Queryable, ctx: ResultContext, row: SentRow, reason: string | null, retry: boolean) {
  const payLink = await newPayLink(tx, ctx, row.registration_id);
  const office = `${ctx.config.BUSINESS_PHONE} · ${ctx.config.BUSINESS_EMAIL}`;
  const amount = { es: euros(row.amount_cents, 'es'), en: euros(row.amount_cents, 'en') };
  await tellTenant(tx, ctx, row, {
    es: {
      subject: 'Recibo del alquiler devuelto',
      blocks: [
        paragraph(
          `Tu banco ha devuelto el recibo del alquiler de ${amount.es}${row.invoice_number ? ` (factura ${row.invoice_number})` : ''}: ${reasonText(reason, 'es')}.`,
        ),
        paragraph(
          retry
            ? 'Lo volveremos a presentar al banco en los próximos días: comprueba que haya saldo. Si lo prefieres, págalo ya con tarjeta:'
            : 'Puedes pagarlo ya con tarjeta en este enlace privado:',
        ),
        action('Pagar con tarjeta', payLink),
        paragraph(`¿Dudas? Llámanos o escríbenos: ${office}.`),
      ],
      sms: `Tu banco ha devuelto el recibo del alquiler del trastero (${amount.es}). Págalo con tarjeta: ${payLink}`,
    },
    en: {
      subject: 'Rent direct debit returned',
      blocks: [
        paragraph(
          `Your bank returned the rent direct debit of ${amount.en}${row.invoice_number ? ` (invoice ${row.invoice_number})` : ''}: ${reasonText(reason, 'en')}.`,
        ),
        paragraph(
          retry
            ? 'We will present it to the bank again in the next few days: please make sure the funds are there. If you prefer, pay it now by card:'
            : 'You can pay it now by card at this private link:',
        ),
        action('Pay by card', payLink),
        paragraph(`Questions? Call or write to us: ${office}.`),
      ],
      sms: `Your bank returned the storage rent direct debit (${amount.en}). Pay it by card: ${payLink}`,
    },
  });
  await tx.query(
    sql`update registrations set arrears_contacted_at = ${ctx.clock.now()} where id = ${row.registration_id}`,
  );
}

/** The money of a collection the bank paid goes back to the tenant's bank (a return after payment). */
const takeBack = (tx: Queryable, row: SentRow, at: Date) =>
  recordMovement(tx, {
    registrationId: row.registration_id,
    kind: 'direct_debit_return',
    amountCents: -row.amount_cents,
    rentPeriodId: row.id,
    reference: row.end_to_end_id,
    at,
  });

/**
 * Records what the bank said about one collection sent: paid, or returned with its reason. A
 * return the rulebook lets us present again goes back in the schedule (the next remittance) under
 * a new end-to-end id; either way the tenant is told. Anything already recorded changes nothing.
 */
async function recordOutcome(
  tx: Queryable,
  ctx: ResultContext,
  outcome: BankOutcome,
  source: string,
): Promise<RecordedOutcome> {
  const { rows } =
    await tx.query<SentRow>(sql`select p.id, p.overdue_since is not null as overdue, p.registration_id, p.status, p.end_to_end_id, p.amount_cents, p.attempts,
       p.remittance_id, p.paid_at,
       r.full_name, r.email, r.phone, r.language, i.number as invoice_number
     from rent_periods p join registrations r on r.id = p.registration_id
     left join invoices i on i.rent_period_id = p.id
     where p.end_to_end_id = ${outcome.endToEndId}
     for update of p`);
  const row = rows[0];
  if (!row) {
    const { rows: earlier } = await tx.query(
      sql`select 1 from collection_returns where end_to_end_id = ${outcome.endToEndId}`,
    );
    return earlier.length ? 'unchanged' : 'unknown';
  }
  const now = ctx.clock.now();
  // Sent and answered paid; or, by hand, a returned one (or one waiting to be presented again)
  // paid at the office or by transfer.
  const byHand = source.startsWith('manual:');
  const payable =
    row.status === 'submitted' ||
    (byHand && (row.status === 'returned' || (row.status === 'scheduled' && row.overdue)));
  if (outcome.outcome === 'paid' && payable) {
    await tx.query(
      sql`update rent_periods set status = 'paid', paid_at = ${now}, overdue_since = null where id = ${row.id}`,
    );
    // Collected from the new account: the bank knows it now, the mandate is an ordinary one again
    // (until then each presentation says it was amended, a retry too).
    if (row.status === 'submitted') {
      await tx.query(sql`update sepa_mandates set amended_from_iban = null, amended_from_reference = null
         where reference = (select mandate_reference from rent_periods where id = ${row.id})`);
      // Paid under a mandate since replaced: the bank now knows that one, and the amendment the
      // new one carries names it (not one before it).
      await tx.query(sql`update sepa_mandates s set amended_from_reference = paid.reference,
           amended_from_iban = case when paid.debtor_iban = s.debtor_iban then null else paid.debtor_iban end
         from sepa_mandates paid
         where paid.reference = (select mandate_reference from rent_periods where id = ${row.id})
           and paid.status = 'cancelled' and s.registration_id = paid.registration_id and s.status = 'signed'`);
    }
    // The bank paid what it was sent; anything else was paid at the office (or by transfer).
    await recordMovement(tx, {
      registrationId: row.registration_id,
      kind: row.status === 'submitted' ? 'direct_debit' : 'office',
      amountCents: row.amount_cents,
      rentPeriodId: row.id,
      reference: row.status === 'submitted' ? row.end_to_end_id : source.slice('manual:'.length) || source,
      at: now,
    });
    // Paid up: the arrears rules look again at once (access comes back within the minute), and a
    // card checkout the tenant left open for it can no longer be paid.
    await scheduleArrearsCheck(tx, ctx, row.registration_id);
    await cancelBalanceCheckouts(tx, ctx, [row.registration_id]);
    return 'paid';
  }
  // A collection the bank took after all for a period no longer owed (the rental ended after the
  // remittance was sent): the money is the tenant's, recorded so it shows as theirs and is refunded.
  if (outcome.outcome === 'paid' && row.status === 'cancelled' && row.remittance_id && !row.paid_at) {
    await tx.query(sql`update rent_periods set paid_at = ${now} where id = ${row.id}`);
    await recordMovement(tx, {
      registrationId: row.registration_id,
      kind: 'direct_debit',
      amountCents: row.amount_cents,
      rentPeriodId: row.id,
      reference: row.end_to_end_id,
      at: now,
    });
    return 'paid';
  }
  // ...and gave it back later: nothing is the tenant's any more.
  if (outcome.outcome === 'returned' && row.status === 'cancelled' && row.paid_at) {
    await tx.query(sql`update rent_periods set paid_at = null, returned_at = ${now}, return_reason = ${outcome.reason}
       where id = ${row.id}`);
    await tx.query(sql`insert into collection_returns (id, rent_period_id, end_to_end_id, reason, returned_at, source, retried)
       values (${randomUUID()}, ${row.id}, ${row.end_to_end_id}, ${outcome.reason}, ${now}, ${source}, false)
       on conflict (end_to_end_id) do nothing`);
    await takeBack(tx, row, now);
    return 'returned';
  }
  // A return may come after the settlement (a camt.054 books the credit first; an AM04 or MD06 return
  // days later): a collection the bank paid can still be returned, once. One paid otherwise (by card,
  // at the office) was never the bank's to give back, and a return already recorded changes nothing.
  if (outcome.outcome === 'paid' || (row.status !== 'submitted' && row.status !== 'paid')) return 'unchanged';
  if (row.status === 'paid') {
    const { rows: byBank } = await tx.query(sql`select 1 from money_movements
       where rent_period_id = ${row.id} and kind = 'direct_debit' and reference = ${row.end_to_end_id}
         and not exists (select 1 from collection_returns r where r.end_to_end_id = ${row.end_to_end_id})`);
    if (!byBank.length) return 'unchanged';
  }
  // Returned from an account the tenant has since replaced (closed, no mandate there): the mandate
  // they signed for the new one takes it, and it is presented again from there.
  const replaced = ACCOUNT_GONE.has(outcome.reason ?? '') && (await newerMandate(tx, row.id));
  const retry = (mayRetry(outcome.reason) || replaced) && row.attempts < MAX_PRESENTATIONS;
  // Money already booked goes back to the tenant's bank.
  if (row.status === 'paid') await takeBack(tx, row, now);
  // Overdue from its first return; the arrears rules count from then.
  await tx.query(
    sql`update rent_periods set overdue_since = coalesce(overdue_since, ${madridDate(now)}::date) where id = ${row.id}`,
  );
  await scheduleArrearsCheck(tx, ctx, row.registration_id);
  await tx.query(sql`insert into collection_returns (id, rent_period_id, end_to_end_id, reason, returned_at, source, retried)
     values (${randomUUID()}, ${row.id}, ${row.end_to_end_id}, ${outcome.reason}, ${now}, ${source}, ${retry})`);
  if (retry) {
    const base = row.end_to_end_id.replace(/-R\d+$/, '');
    // Presented again under the mandate in force: the tenant may have signed a new one meanwhile.
    await tx.query(sql`update rent_periods set status = 'scheduled', attempts = attempts + 1, paid_at = null,
         mandate_reference = coalesce((select m.reference from sepa_mandates m
           where m.registration_id = rent_periods.registration_id and m.status = 'signed' limit 1), mandate_reference),
         end_to_end_id = ${`${base}-R${row.attempts + 1}`}, due_date = ${madridDate(now)}::date,
         returned_at = ${now}, return_reason = ${outcome.reason}, remittance_id = null, submitted_at = null
       where id = ${row.id}`);
  } else {
    await tx.query(sql`update rent_periods set status = 'returned', returned_at = ${now}, return_reason = ${outcome.reason},
         paid_at = null
       where id = ${row.id}`);
  }
  await tellOfReturn(tx, ctx, row, outcome.reason, retry);
  return retry ? 'retry' : 'returned';
}

/** A manager records one collection's result by hand (the bank phoned, the statement says so). */
export async function recordResultByHand(
  tx: Queryable,
  ctx: ResultContext,
  actor: Actor,
  input: { rentPeriodId: string; outcome: 'paid' | 'returned'; reason: string | null },
): Promise<RecordedOutcome> {
  const { rows } = await tx.query<{ end_to_end_id: string }>(
    sql`select end_to_end_id from rent_periods where id = ${input.rentPeriodId}`,
  );
  const endToEndId = rows[0]?.end_to_end_id;
  if (!endToEndId) return 'unknown';
  const recorded = await recordOutcome(
    tx,
    ctx,
    { endToEndId, outcome: input.outcome, reason: input.outcome === 'returned' ? input.reason : null },
    `manual:${actor.email}`,
  );
  if (recorded !== 'unchanged' && recorded !== 'unknown') {
    await recordAudit(tx, actor, {
      action: 'record_collection_result',
      target: `collection:${endToEndId}`,
      after: { outcome: recorded, reason: input.reason },
    });
  }
  return recorded;
}

export interface ImportedReport {
  kind: 'pain.002' | 'camt.054';
  messageId: string;
  counts: Record<RecordedOutcome, number>;
}

/**
 * Imports a bank report: every collection it names recorded in one transaction (a malformed file
 * records nothing: it is refused before any row is touched). The same file again is refused by
 * its hash, and a line about a collection already recorded changes nothing.
 */
export async function importBankReport(
  tx: Queryable,
  ctx: ResultContext,
  actor: Actor,
  file: { filename: string; content: Buffer },
): Promise<ImportedReport | 'already_imported'> {
  const report = parseBankReport(file.content.toString('utf8'));
  const sha256 = createHash('sha256').update(file.content).digest('hex');
  const { rows } = await tx.query(sql`select 1 from bank_reports where sha256 = ${sha256}`);
  if (rows.length) return 'already_imported';
  const counts: Record<RecordedOutcome, number> = { paid: 0, returned: 0, retry: 0, unchanged: 0, unknown: 0 };
  for (const outcome of report.outcomes) {
    counts[await recordOutcome(tx, ctx, outcome, `report:${report.messageId}`)] += 1;
  }
  await tx.query(sql`insert into bank_reports (id, sha256, kind, message_id, filename, imported_at, imported_by, paid, returned, unchanged, unknown)
     values (${randomUUID()}, ${sha256}, ${report.kind}, ${report.messageId}, ${file.filename.slice(0, 200)}, ${ctx.clock.now()},
       ${actor.email}, ${counts.paid}, ${counts.returned + counts.retry}, ${counts.unchanged}, ${counts.unknown})
     on conflict (sha256) do nothing`);
  await recordAudit(tx, actor, {
    action: 'import_bank_report',
    target: `bank_report:${report.messageId}`,
    after: counts,
  });
  return { kind: report.kind, messageId: report.messageId, counts };
}
