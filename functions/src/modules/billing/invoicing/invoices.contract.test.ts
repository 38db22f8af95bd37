import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from '../../../platform/db/sql';
import { madridDate } from '../../../platform/madrid-time';
import { databaseEngines } from '../../../testing/databases';
import { pdfText } from '../../../testing/pdf';
import { servedOn } from '../../../testing/service';
import { signUpToContract } from '../../../testing/sign-up';
import { resetMoveIns } from '../../../testing/units';
import { issueCreditNote, issueRentInvoice } from './issue';
import { recordHash } from './verifactu';

interface InvoiceRow extends Record<string, unknown> {
  id: string;
  number: string;
  sequence: number;
  invoice_type: 'F1' | 'R1';
  issue_date: string;
  base_cents: number;
  vat_cents: number;
  total_cents: number;
  previous_hash: string | null;
  hash: string;
  recorded_at: string;
  pdf: Uint8Array;
}

/** Invoices issued from the rent schedule on the service clock, numbered and chained, on each engine. */
describe.each(databaseEngines())('invoices on $name', (engine) => {
  const served = servedOn(engine);
  beforeEach(() => resetMoveIns(served.db));

  const invoices = async () =>
    (
      await served.db.query<InvoiceRow>(
        sql`select id, number, sequence, invoice_type, to_char(issue_date, 'YYYY-MM-DD') as issue_date, base_cents, vat_cents,
           total_cents, previous_hash, hash, recorded_at, pdf
         from invoices order by series, year, sequence`,
      )
    ).rows;
  const moveIn = async () => {
    const signUp = await signUpToContract(served);
    await signUp.sign('Cliente');
    await signUp.sign('Empresa');
    await served.service.ctx.jobs.runDue();
    return signUp;
  };
  const year = () => madridDate(served.service.ctx.clock.now()).slice(0, 4);
  /** The hash recomputed from what the invoice row says: a changed row no longer matches. */
  const recomputed = (row: InvoiceRow) =>
    recordHash({
      issuerTaxId: 'B00000000',
      number: row.number,
      issueDate: row.issue_date,
      invoiceType: row.invoice_type,
      vatCents: row.vat_cents,
      totalCents: row.total_cents,
      previousHash: row.previous_hash,
      recordedAt: row.recorded_at,
    });

  it('move-in issues the first period’s invoice at once: numbered, VAT split, chained, a PDF e-mailed to the tenant', async () => {
    const { registrationCode } = await moveIn();
    const [first, ...others] = await invoices();
    expect(others).toEqual([]);
    expect(first).toMatchObject({
      number: `F${year()}-000001`,
      invoice_type: 'F1',
      issue_date: madridDate(served.service.ctx.clock.now()),
      // 62 € a month, VAT included: 51.24 + 10.76.
      base_cents: 5124,
      vat_cents: 1076,
      total_cents: 6200,
      previous_hash: null,
    });
    expect(first?.hash).toBe(recomputed(first as InvoiceRow));

    const { text, pages } = pdfText(first?.pdf ?? new Uint8Array());
    expect(pages).toBe(1);
    for (const expected of [
      'FACTURA',
      `Número / Number: F${year()}-000001`,
      'Almacenes Ficticios del Sur, S.L.',
      'NIF: B00000000',
      'Ana García',
      'NIF: 12345678Z',
      'Base imponible / Taxable base',
      '51,24 €',
      'IVA / VAT 21 %',
      '10,76 €',
      '62,00 €',
      'adeudo directo SEPA',
      `MD-${registrationCode}-`,
      'QR tributario:',
      'VERI*FACTU',
      first?.hash ?? '—',
    ]) {
      expect(text).toContain(expected);
    }

    const mail = (await served.service.sentTo('ana@example.com')).find((m) => m.subject?.startsWith('Factura'));
    expect(mail?.subject).toBe(`Factura F${year()}-000001`);
    // Amounts keep their € on the same line (a no-break space): compared as a reader sees them.
    const body = mail?.body.replace(/\s+/g, ' ') ?? '';
    expect(body).toContain('62,00 €, IVA incluido');
    expect(body).toMatch(/Se cargará por domiciliación SEPA el \d{2}\/\d{2}\/\d{4} \(mandato MD-/);
    const { rows: attached } = await served.db.query<{ filename: string; content_type: string }>(
      sql`select a.filename, a.content_type from outbox_attachments a join outbox o on o.id = a.outbox_id
       where o.subject = ${`Factura F${year()}-000001`}`,
    );
    expect(attached).toEqual([{ filename: `F${year()}-000001.pdf`, content_type: 'application/pdf' }]);
  });

  it('the next period’s invoice comes on its first day by the service clock, chained to the first; never twice', async () => {
    await moveIn();
    const { rows: periods } = await served.db.query<{ id: string; period_start: string }>(
      sql`select id, to_char(period_start, 'YYYY-MM-DD') as period_start from rent_periods order by sequence limit 2`,
    );
    // Not before its day...
    await served.service.ctx.jobs.runDue();
    expect(await invoices()).toHaveLength(1);
    // ...and on it: the clock moved to the second period's first day.
    const second = new Date(`${periods[1]?.period_start}T12:00:00Z`).getTime();
    served.service.ctx.adjustableClock?.advance(Math.max(0, second - served.service.ctx.clock.now().getTime()));
    await served.service.ctx.jobs.runDue();
    const [first, next] = await invoices();
    expect(next?.number).toMatch(/^F\d{4}-00000[12]$/);
    expect(next?.previous_hash).toBe(first?.hash);
    expect(next?.hash).toBe(recomputed(next as InvoiceRow));
    expect(next?.issue_date).toBe(periods[1]?.period_start);
    // Issuing a period again changes nothing.
    const again = await served.db.transaction((tx) => issueRentInvoice(tx, served.service.ctx, periods[1]?.id ?? ''));
    expect(again).toBeNull();
    expect(await invoices()).toHaveLength(2);
  });

  it('a credit note corrects an invoice in its own series, refers to it, and never credits more than it had', async () => {
    await moveIn();
    const [invoice] = await invoices();
    const note = await served.db.transaction((tx) =>
      issueCreditNote(tx, served.service.ctx, {
        invoiceId: invoice?.id ?? '',
        reason: 'descuento de bienvenida',
        amountCents: 1200,
      }),
    );
    expect(note).toMatchObject({ number: `R${year()}-000001`, totalCents: -1200 });
    const rows = await invoices();
    const credit = rows.find((row) => row.id === note.id);
    expect(credit).toMatchObject({
      invoice_type: 'R1',
      base_cents: -992,
      vat_cents: -208,
      previous_hash: invoice?.hash,
    });
    const { text } = pdfText(credit?.pdf ?? new Uint8Array());
    expect(text).toContain('FACTURA RECTIFICATIVA');
    expect(text).toContain(`Rectifica la factura ${invoice?.number}`);
    expect(text).toContain('descuento de bienvenida');
    expect(text).toContain('-12,00 €');
    // 62 € less 12 € credited: at most 50 € more.
    await expect(
      served.db.transaction((tx) =>
        issueCreditNote(tx, served.service.ctx, { invoiceId: invoice?.id ?? '', reason: 'x', amountCents: 5001 }),
      ),
    ).rejects.toThrow(RangeError);
    const rest = await served.db.transaction((tx) =>
      issueCreditNote(tx, served.service.ctx, { invoiceId: invoice?.id ?? '', reason: 'baja' }),
    );
    expect(rest).toMatchObject({ number: `R${year()}-000002`, totalCents: -5000 });
    // Fully credited, the notes add up to the invoice to the cent: base and VAT alike.
    const notes = (await invoices()).filter((row) => row.invoice_type === 'R1');
    expect(notes.reduce((sum, row) => sum + row.base_cents, 0)).toBe(-5124);
    expect(notes.reduce((sum, row) => sum + row.vat_cents, 0)).toBe(-1076);
    // The invoice itself is as it was.
    expect((await invoices()).find((row) => row.id === invoice?.id)).toEqual(invoice);
  });

  it('twenty invoices issued at the same moment take twenty consecutive numbers and one unbroken chain', async () => {
    await moveIn();
    const { rows: schedule } = await served.db.query<{ registration_id: string; mandate_reference: string }>(
      sql`select registration_id, mandate_reference from rent_periods limit 1`,
    );
    const { registration_id: registrationId, mandate_reference: mandate } = schedule[0] ?? {
      registration_id: '',
      mandate_reference: '',
    };
    const ids: string[] = [];
    for (let n = 0; n < 20; n++) {
      const id = crypto.randomUUID();
      ids.push(id);
      await served.db.query(sql`insert into rent_periods (id, registration_id, mandate_reference, sequence, period_start, period_end,
           due_date, amount_cents, sequence_type, end_to_end_id, description)
         values (${id}, ${registrationId}, ${mandate}, ${100 + n}, '2020-01-01', '2020-01-31', '2020-01-01', ${1000 + n},
           'RCUR', ${`E2E-${n}`}, ${`Alquiler prueba ${n}`})`);
    }
    const issued = await Promise.all(
      ids.map((id) => served.db.transaction((tx) => issueRentInvoice(tx, served.service.ctx, id))),
    );
    expect(issued.every(Boolean)).toBe(true);
    const rows = await invoices();
    expect(rows.map((row) => row.sequence)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    // One chain: every record points at exactly one other, and the hashes are what the rows say.
    const byHash = new Map(rows.map((row) => [row.hash, row]));
    expect(rows.filter((row) => row.previous_hash === null)).toHaveLength(1);
    expect(new Set(rows.map((row) => row.previous_hash)).size).toBe(rows.length);
    for (const row of rows) {
      if (row.previous_hash) expect(byHash.has(row.previous_hash)).toBe(true);
      expect(row.hash).toBe(recomputed(row));
    }
  });
});

/** A business whose published prices do not include VAT (`PRICES_INCLUDE_VAT=0`), on each engine. */
describe.each(databaseEngines())('prices without VAT on $name', (engine) => {
  const served = servedOn(engine, { NODE_ENV: 'test', DEV_OUTBOX: '1', PRICES_INCLUDE_VAT: '0' });
  beforeEach(() => resetMoveIns(served.db));

  it('collects the price and its VAT: the invoice’s base is the price, the contract says both', async () => {
    const signUp = await signUpToContract(served);
    await signUp.sign('Cliente');
    await signUp.sign('Empresa');
    await served.service.ctx.jobs.runDue();
    const { rows } = await served.db.query<{ base_cents: number; vat_cents: number; total_cents: number }>(
      sql`select base_cents, vat_cents, total_cents from invoices`,
    );
    // 62 € a month plus 21 %: 62.00 + 13.02 = 75.02.
    expect(rows).toEqual([{ base_cents: 6200, vat_cents: 1302, total_cents: 7502 }]);
    const { rows: periods } = await served.db.query<{ amount_cents: number }>(
      sql`select distinct amount_cents from rent_periods where registration_id = ${signUp.registrationId}`,
    );
    expect(periods).toEqual([{ amount_cents: 7502 }]);
    const { rows: contract } = await served.db.query<{ document: string }>(
      sql`select document from contracts where registration_id = ${signUp.registrationId}`,
    );
    expect(contract[0]?.document).toContain('62,00\u00a0€ por periodo mensual más IVA (21 %), 75,02\u00a0€ en total');
  });
});
