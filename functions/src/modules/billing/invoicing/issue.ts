import { randomUUID } from 'node:crypto';
import type { Language } from 'shared-i18n';
import type { FunctionContext } from '../../../context';
import type { Queryable } from '../../../platform/db';
import { sql } from '../../../platform/db/sql';
import { fromMadrid, madridDate, spanishDate } from '../../../platform/madrid-time';
import { splitVat } from './amounts';
import { type InvoiceDocument, type InvoiceLine, type InvoiceParty, invoicePdf } from './invoice-pdf';
import { type InvoiceKind, invoiceEmail } from './messages';
import { type InvoiceSeries, invoiceNumber } from './numbering';
import { invoiceQrUrl, recordHash, recordTimestamp } from './verifactu';

export type InvoicingContext = Pick<FunctionContext, 'config' | 'clock' | 'mailer' | 'jobs'>;

/** The job that issues a rent period's invoice on the period's first day. */
export const ISSUE_INVOICE_JOB = 'billing.issue-invoice';

export interface IssuedInvoice {
  id: string;
  number: string;
  issueDate: string;
  totalCents: number;
}

/** Each period's invoice is issued on its first day at the facility (00:00, Madrid), by the queue. */
export async function scheduleInvoices(
  tx: Queryable,
  jobs: InvoicingContext['jobs'],
  periods: { id: string; periodStart: string }[],
): Promise<void> {
  for (const period of periods) {
    await jobs.schedule(tx, {
      kind: ISSUE_INVOICE_JOB,
      payload: { rentPeriodId: period.id },
      runAt: fromMadrid(period.periodStart, '00:00'),
      key: `invoice:${period.id}`,
    });
  }
}

interface Buyer extends Record<string, unknown> {
  registration_id: string;
  language: Language;
  email: string;
  full_name: string;
  client_type: string;
  company_name: string | null;
  cif: string | null;
  document_number: string;
  address: string;
  postal_code: string;
  city: string;
}

const buyerParty = (b: Buyer): InvoiceParty =>
  b.client_type === 'company' && b.company_name
    ? { name: b.company_name, taxId: b.cif ?? '', address: `${b.address}, ${b.postal_code} ${b.city}` }
    : { name: b.full_name, taxId: b.document_number, address: `${b.address}, ${b.postal_code} ${b.city}` };

const sellerParty = (config: InvoicingContext['config']): InvoiceParty => ({
  name: config.BUSINESS_NAME,
  taxId: config.BUSINESS_TAX_ID,
  address: config.BUSINESS_ADDRESS,
});

interface NewRecord {
  series: InvoiceSeries;
  invoiceType: 'F1' | 'R1';
  registrationId: string;
  rentPeriodId: string | null;
  corrects: { id: string; number: string; issueDate: string; reason: string } | null;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  mandateReference: string | null;
  payment: string[];
  /** Said under the totals (why no VAT is charged, for a late fee). */
  note?: string;
}

/**
 * Adds one record to the issuer's chain: the next number of its series and year, the hash over the
 * previous record's, the PDF. The chain's head row is locked first, so parallel issues queue up
 * behind it and neither a number nor a link is ever taken twice or skipped.
 */
async function addRecord(
  tx: Queryable,
  ctx: InvoicingContext,
  record: NewRecord,
): Promise<IssuedInvoice & { pdf: Buffer }> {
  const issuer = ctx.config.BUSINESS_TAX_ID;
  await tx.query(sql`insert into invoice_chain (issuer_tax_id) values (${issuer}) on conflict do nothing`);
  const { rows: heads } = await tx.query<{ last_hash: string | null }>(
    sql`select last_hash from invoice_chain where issuer_tax_id = ${issuer} for update`,
  );
  const now = ctx.clock.now();
  const issueDate = madridDate(now);
  const year = Number(issueDate.slice(0, 4));
  const { rows: numbers } = await tx.query<{ last_number: number }>(
    sql`insert into invoice_series (series, year, last_number) values (${record.series}, ${year}, 1)
       on conflict (series, year) do update set last_number = invoice_series.last_number + 1
       returning last_number`,
  );
  const sequence = Number(numbers[0]?.last_number);
  const number = invoiceNumber(record.series, year, sequence);
  const baseCents = record.lines.reduce((sum, line) => sum + line.baseCents, 0);
  const vatCents = record.lines.reduce((sum, line) => sum + line.vatCents, 0);
  const totalCents = baseCents + vatCents;
  const vatRate = record.lines[0]?.vatRate ?? ctx.config.VAT_RATE_PERCENT;
  const previousHash = heads[0]?.last_hash ?? null;
  const recordedAt = recordTimestamp(now);
  const seller = sellerParty(ctx.config);
  const hash = recordHash({
    issuerTaxId: issuer,
    number,
    issueDate,
    invoiceType: record.invoiceType,
    vatCents,
    totalCents,
    previousHash,
    recordedAt,
  });
  const document: InvoiceDocument = {
    number,
    invoiceType: record.invoiceType,
    issueDate,
    seller,
    buyer: record.buyer,
    lines: record.lines,
    vatRate,
    baseCents,
    vatCents,
    totalCents,
    payment: record.payment,
    corrects: record.corrects,
    note: record.note ?? null,
    qrUrl: invoiceQrUrl({ issuerTaxId: issuer, number, issueDate, totalCents }),
    hash,
  };
  const pdf = await invoicePdf(document);
  const id = randomUUID();
  await tx.query(sql`insert into invoices (id, number, series, year, sequence, invoice_type, issue_date, registration_id,
       rent_period_id, corrects_invoice_id, correction_reason, seller, buyer, lines, vat_rate, base_cents, vat_cents,
       total_cents, mandate_reference, recorded_at, previous_hash, hash, pdf)
     values (${id}, ${number}, ${record.series}, ${year}, ${sequence}, ${record.invoiceType}, ${issueDate}, ${record.registrationId},
       ${record.rentPeriodId}, ${record.corrects?.id ?? null}, ${record.corrects?.reason ?? null}, ${JSON.stringify(seller)},
       ${JSON.stringify(record.buyer)}, ${JSON.stringify(record.lines)}, ${vatRate}, ${baseCents}, ${vatCents}, ${totalCents},
       ${record.mandateReference}, ${recordedAt}, ${previousHash}, ${hash}, ${pdf})`);
  await tx.query(
    sql`update invoice_chain set last_hash = ${hash}, records = records + 1 where issuer_tax_id = ${issuer}`,
  );
  return { id, number, issueDate, totalCents, pdf };
}

async function sendInvoice(
  ctx: InvoicingContext,
  tx: Queryable,
  buyer: Buyer,
  invoice: IssuedInvoice & { pdf: Buffer },
  kind: InvoiceKind,
) {
  await ctx.mailer.send(
    {
      to: buyer.email,
      versions: [
        invoiceEmail(buyer.language, {
          name: buyer.full_name,
          number: invoice.number,
          totalCents: invoice.totalCents,
          kind,
        }),
      ],
      attachments: [{ filename: `${invoice.number}.pdf`, contentType: 'application/pdf', content: invoice.pdf }],
    },
    tx,
  );
}

/**
 * Issues the invoice of one rent period, once: nothing for a period cancelled (the rental ended)
 * or already invoiced. E-mailed to the tenant with its PDF, in their language.
 */
export async function issueRentInvoice(
  tx: Queryable,
  ctx: InvoicingContext,
  rentPeriodId: string,
): Promise<IssuedInvoice | null> {
  const { rows } = await tx.query<
    Buyer & {
      amount_cents: number;
      mandate_reference: string;
      period_start: string;
      period_end: string;
      due_date: string;
      registration_code: string;
    }
  >(sql`select p.amount_cents, p.mandate_reference, to_char(p.due_date, 'YYYY-MM-DD') as due_date,
       to_char(p.period_start, 'YYYY-MM-DD') as period_start, to_char(p.period_end, 'YYYY-MM-DD') as period_end,
       r.registration_code, r.id as registration_id, r.language, r.email, r.full_name, r.client_type, r.company_name, r.cif,
       r.document_number, r.address, r.postal_code, r.city
     from rent_periods p join registrations r on r.id = p.registration_id
     where p.id = ${rentPeriodId} and p.status <> 'cancelled'
       and not exists (select 1 from invoices i where i.rent_period_id = p.id)
     for update of p`);
  const period = rows[0];
  if (!period) return null;
  // The period's amount is what is debited, VAT included (the schedule added it if prices exclude it).
  const split = splitVat(period.amount_cents, ctx.config.VAT_RATE_PERCENT, true);
  const { rows: units } = await tx.query<{ unit_number: string }>(
    sql`select unit_number from units where registration_id = ${period.registration_id} order by unit_number`,
  );
  const unitNumbers = units.map((unit) => unit.unit_number);
  const what =
    unitNumbers.length > 1 ? `los trasteros ${unitNumbers.join(', ')}` : `el trastero ${unitNumbers[0] ?? ''}`;
  const invoice = await addRecord(tx, ctx, {
    series: 'F',
    invoiceType: 'F1',
    registrationId: period.registration_id,
    rentPeriodId,
    corrects: null,
    buyer: buyerParty(period),
    lines: [
      {
        description: `Alquiler de ${what.trim()}, del ${spanishDate(period.period_start)} al ${spanishDate(period.period_end)} (registro ${period.registration_code})`,
        vatRate: ctx.config.VAT_RATE_PERCENT,
        ...split,
      },
    ],
    mandateReference: period.mandate_reference,
    payment: [
      'Forma de pago / Payment: adeudo directo SEPA / SEPA direct debit',
      `Mandato / Mandate: ${period.mandate_reference}`,
      `Fecha de cargo / Collection date: ${spanishDate(period.due_date)}`,
    ],
  });
  await sendInvoice(ctx, tx, period, invoice, {
    type: 'rent',
    mandate: period.mandate_reference,
    collectionDate: spanishDate(period.due_date),
  });
  return { id: invoice.id, number: invoice.number, issueDate: invoice.issueDate, totalCents: invoice.totalCents };
}

/**
 * A credit note (factura rectificativa, by differences) for part or all of an invoice: an invoice
 * is never edited. `amountCents` is what is credited, VAT included; at most what is left of it
 * after earlier credit notes.
 */
export async function issueCreditNote(
  tx: Queryable,
  ctx: InvoicingContext,
  { invoiceId, reason, amountCents }: { invoiceId: string; reason: string; amountCents?: number },
): Promise<IssuedInvoice> {
  // Locked before anything is summed: two credit notes at once see each other's amounts.
  await tx.query(sql`select id from invoices where id = ${invoiceId} for update`);
  const { rows } = await tx.query<
    Buyer & {
      number: string;
      issue_date: string;
      total_cents: number;
      base_cents: number;
      vat_rate: number;
      credited_cents: number;
      credited_base_cents: number;
    }
  >(sql`select i.number, to_char(i.issue_date, 'YYYY-MM-DD') as issue_date, i.total_cents, i.base_cents, i.vat_rate,
       coalesce((select -sum(c.total_cents) from invoices c where c.corrects_invoice_id = i.id), 0)::integer as credited_cents,
       coalesce((select -sum(c.base_cents) from invoices c where c.corrects_invoice_id = i.id), 0)::integer as credited_base_cents,
       r.id as registration_id, r.language, r.email, r.full_name, r.client_type, r.company_name, r.cif,
       r.document_number, r.address, r.postal_code, r.city
     from invoices i join registrations r on r.id = i.registration_id
     where i.id = ${invoiceId} and i.invoice_type = 'F1'`);
  const original = rows[0];
  if (!original) throw new RangeError('no such invoice');
  const left = original.total_cents - original.credited_cents;
  const credit = amountCents ?? left;
  if (!Number.isInteger(credit) || credit <= 0 || credit > left)
    throw new RangeError('credit beyond what the invoice has left');
  // Base and VAT in the original's proportion; the last credit takes exactly what is left of each,
  // so the notes of a fully credited invoice add up to it to the cent.
  const baseLeft = original.base_cents - original.credited_base_cents;
  const split =
    credit === left
      ? { baseCents: -baseLeft, vatCents: -(left - baseLeft), totalCents: -left }
      : splitVat(-credit, original.vat_rate, true);
  const note = await addRecord(tx, ctx, {
    series: 'R',
    invoiceType: 'R1',
    registrationId: original.registration_id,
    rentPeriodId: null,
    corrects: { id: invoiceId, number: original.number, issueDate: original.issue_date, reason },
    buyer: buyerParty(original),
    lines: [
      {
        description: `Rectificación de la factura ${original.number}: ${reason}`,
        vatRate: original.vat_rate,
        ...split,
      },
    ],
    mandateReference: null,
    payment: ['Se abona al cliente / Credited to the customer'],
  });
  await sendInvoice(ctx, tx, original, note, { type: 'credit' });
  return { id: note.id, number: note.number, issueDate: note.issueDate, totalCents: note.totalCents };
}

/**
 * The late fee of one overdue rent period, on its own invoice (once: the period keeps it). A fee
 * for late payment compensates, it pays for no service: not subject to VAT (art. 78.Tres.1º LIVA).
 */
export async function issueLateFee(
  tx: Queryable,
  ctx: InvoicingContext,
  rentPeriodId: string,
  feeCents: number,
): Promise<IssuedInvoice | null> {
  const { rows } = await tx.query<Buyer & { invoice_number: string | null; due_date: string }>(
    sql`select i.number as invoice_number, to_char(p.due_date, 'YYYY-MM-DD') as due_date,
       r.id as registration_id, r.language, r.email, r.full_name, r.client_type, r.company_name, r.cif,
       r.document_number, r.address, r.postal_code, r.city
     from rent_periods p join registrations r on r.id = p.registration_id
     left join invoices i on i.rent_period_id = p.id
     where p.id = ${rentPeriodId} and p.late_fee_invoice_id is null
     for update of p`,
  );
  const period = rows[0];
  if (!period || feeCents <= 0) return null;
  const invoice = await addRecord(tx, ctx, {
    series: 'F',
    invoiceType: 'F1',
    registrationId: period.registration_id,
    rentPeriodId: null,
    corrects: null,
    buyer: buyerParty(period),
    lines: [
      {
        description: `Recargo por impago${period.invoice_number ? ` de la factura ${period.invoice_number}` : ''} (cargo del ${spanishDate(period.due_date)})`,
        vatRate: 0,
        baseCents: feeCents,
        vatCents: 0,
        totalCents: feeCents,
      },
    ],
    mandateReference: null,
    payment: ['Forma de pago / Payment: en la oficina / at the office'],
    note: 'Operación no sujeta a IVA: indemnización por demora (art. 78.Tres.1º LIVA) / Not subject to VAT: compensation for late payment',
  });
  await tx.query(sql`update rent_periods set late_fee_invoice_id = ${invoice.id} where id = ${rentPeriodId}`);
  await sendInvoice(ctx, tx, period, invoice, { type: 'late_fee', overdueInvoice: period.invoice_number });
  return { id: invoice.id, number: invoice.number, issueDate: invoice.issueDate, totalCents: invoice.totalCents };
}
