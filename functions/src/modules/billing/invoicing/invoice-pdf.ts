import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { spanishDate } from '../../../platform/madrid-time';
import { euros } from './amounts';

export interface InvoiceParty {
  name: string;
  taxId: string;
  address: string;
}

export interface InvoiceLine {
  description: string;
  baseCents: number;
  vatRate: number;
  vatCents: number;
  totalCents: number;
}

export interface InvoiceDocument {
  number: string;
  invoiceType: 'F1' | 'R1';
  /** `YYYY-MM-DD`. */
  issueDate: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceLine[];
  vatRate: number;
  baseCents: number;
  vatCents: number;
  totalCents: number;
  /** How it is paid, one line each (the SEPA mandate, the collection date). */
  payment: string[];
  /** A credit note: the invoice it corrects and why. */
  corrects: { number: string; issueDate: string; reason: string } | null;
  /** Said under the totals (why no VAT is charged). */
  note: string | null;
  /** What the tax QR code encodes (VERI*FACTU). */
  qrUrl: string;
  hash: string;
}

/** Draws the QR code as vector squares: sharp at any zoom, and no image library. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + quiet * 2);
  doc.save().fillColor('black');
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill().restore();
}

/**
 * The invoice (or credit note) as a PDF a Spanish accountant accepts: number and date, both
 * parties with their tax ids and addresses, the lines with base, VAT rate and VAT, the totals, how
 * it is paid, and the tax agency's QR code (VERI*FACTU, 35 mm, at the top as the agency asks).
 * Labels in Spanish with English beside them: the document is one, whatever the tenant's language.
 */
export function invoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const creditNote = invoice.invoiceType === 'R1';
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 48, bottom: 48, left: 56, right: 56 },
    info: {
      Title: `${creditNote ? 'Factura rectificativa' : 'Factura'} ${invoice.number}`,
      Author: invoice.seller.name,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 56;
  const width = doc.page.width - 112;

  // The tax QR code, top right, with the agency's captions.
  const qrSize = 99; // 35 mm
  const qrX = left + width - qrSize;
  doc.font('Helvetica').fontSize(8).text('QR tributario:', qrX, 40, { width: qrSize, align: 'center' });
  drawQr(doc, invoice.qrUrl, qrX, 50, qrSize);
  doc.text('VERI*FACTU', qrX, 50 + qrSize + 2, { width: qrSize, align: 'center' });

  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(creditNote ? 'FACTURA RECTIFICATIVA' : 'FACTURA', left, 56, { width: width - qrSize - 12 })
    .font('Helvetica')
    .fontSize(10)
    .text(creditNote ? 'Credit note' : 'Invoice', { width: width - qrSize - 12 })
    .moveDown(0.8)
    .font('Helvetica-Bold')
    .text(`Número / Number: ${invoice.number}`)
    .font('Helvetica')
    .text(`Fecha de expedición / Issue date: ${spanishDate(invoice.issueDate)}`);
  if (invoice.corrects) {
    doc
      .moveDown(0.4)
      .text(
        `Rectifica la factura ${invoice.corrects.number} de ${spanishDate(invoice.corrects.issueDate)} (art. 80 LIVA, por diferencias). Motivo / Reason: ${invoice.corrects.reason}`,
        { width: width - qrSize - 12 },
      );
  }

  const partiesTop = Math.max(doc.y, 50 + qrSize + 16) + 12;
  const column = (width - 24) / 2;
  const party = (title: string, p: InvoiceParty, x: number) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .text(title, x, partiesTop, { width: column })
      .font('Helvetica')
      .fontSize(10)
      .text(p.name, { width: column })
      .text(`NIF: ${p.taxId}`, { width: column })
      .text(p.address, { width: column });
    return doc.y;
  };
  const bottom = Math.max(
    party('EMISOR / ISSUED BY', invoice.seller, left),
    party('CLIENTE / CUSTOMER', invoice.buyer, left + column + 24),
  );

  // The lines: description, base, VAT rate, VAT, total.
  const cols = [
    { title: 'Concepto / Description', width: width - 4 * 72, align: 'left' as const },
    { title: 'Base', width: 72, align: 'right' as const },
    { title: 'IVA %', width: 72, align: 'right' as const },
    { title: 'IVA', width: 72, align: 'right' as const },
    { title: 'Total', width: 72, align: 'right' as const },
  ];
  const row = (values: string[], y: number, bold = false) => {
    let x = left;
    let height = 0;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9.5);
    values.forEach((value, i) => {
      const col = cols[i] ?? { width: 72, align: 'right' as const };
      doc.text(value, x + (i ? 0 : 0), y, { width: col.width - 6, align: col.align });
      height = Math.max(height, doc.y - y);
      x += col.width;
    });
    return y + height + 6;
  };
  let y = bottom + 24;
  y = row(
    cols.map((c) => c.title),
    y,
    true,
  );
  doc
    .moveTo(left, y - 3)
    .lineTo(left + width, y - 3)
    .lineWidth(0.5)
    .stroke();
  for (const line of invoice.lines) {
    y = row(
      [line.description, euros(line.baseCents), `${line.vatRate} %`, euros(line.vatCents), euros(line.totalCents)],
      y,
    );
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 10;
  const total = (label: string, value: string, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 11 : 10)
      .text(label, left, y, { width: width - 110, align: 'right' })
      .text(value, left + width - 104, y, { width: 104, align: 'right' });
    y = doc.y + 4;
  };
  total('Base imponible / Taxable base', euros(invoice.baseCents));
  total(`IVA / VAT ${invoice.vatRate} %`, euros(invoice.vatCents));
  total('Total', euros(invoice.totalCents), true);
  // Why no VAT is charged (a late fee): an invoice at 0 % must say so.
  if (invoice.note) {
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .text(invoice.note, left, y + 6, { width });
    y = doc.y;
  }

  doc
    .font('Helvetica')
    .fontSize(9.5)
    .text('', left, y + 16);
  for (const line of invoice.payment) doc.text(line, { width });
  doc
    .fontSize(7)
    .fillColor('#444444')
    .text(`Huella del registro / Record hash (SHA-256): ${invoice.hash}`, left, doc.page.height - 80, {
      width,
    });
  doc.end();
  return done;
}
