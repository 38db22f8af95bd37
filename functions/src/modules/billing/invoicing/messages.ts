import type { Language } from 'shared-i18n';
import { type LocalisedContent, paragraph } from '../../../platform/email/content';
import { euros } from './amounts';

/** What the document attached is: the rent's invoice, a credit note, or a late fee's invoice. */
export type InvoiceKind =
  | { type: 'rent'; mandate: string; collectionDate: string }
  | { type: 'credit' }
  | { type: 'late_fee'; overdueInvoice: string | null };

/** The tenant's invoice (or credit note), attached, in their language. */
export function invoiceEmail(
  language: Language,
  { name, number, totalCents, kind }: { name: string; number: string; totalCents: number; kind: InvoiceKind },
): LocalisedContent {
  if (language === 'en') {
    const amount = euros(kind.type === 'credit' ? -totalCents : totalCents, 'en');
    const blocks =
      kind.type === 'rent'
        ? [
            paragraph(`Attached is invoice ${number} for your storage rental: ${amount}, VAT included.`),
            paragraph(`It will be collected by SEPA direct debit on ${kind.collectionDate} (mandate ${kind.mandate}).`),
          ]
        : kind.type === 'credit'
          ? [paragraph(`Attached is credit note ${number}: ${amount} in your favour.`)]
          : [
              paragraph(
                `Attached is invoice ${number}: the late fee of ${amount} for the unpaid rent${kind.overdueInvoice ? ` (invoice ${kind.overdueInvoice})` : ''}.`,
              ),
              paragraph('Please pay it with the rent owed, at the office.'),
            ];
    return {
      language,
      subject: `${kind.type === 'credit' ? 'Credit note' : 'Invoice'} ${number}`,
      greeting: `Hello ${name},`,
      blocks,
    };
  }
  const amount = euros(kind.type === 'credit' ? -totalCents : totalCents);
  const blocks =
    kind.type === 'rent'
      ? [
          paragraph(`Adjuntamos la factura ${number} del alquiler de tu trastero: ${amount}, IVA incluido.`),
          paragraph(`Se cargará por domiciliación SEPA el ${kind.collectionDate} (mandato ${kind.mandate}).`),
        ]
      : kind.type === 'credit'
        ? [paragraph(`Adjuntamos la factura rectificativa ${number}: ${amount} a tu favor.`)]
        : [
            paragraph(
              `Adjuntamos la factura ${number}: el recargo de ${amount} por el alquiler sin pagar${kind.overdueInvoice ? ` (factura ${kind.overdueInvoice})` : ''}.`,
            ),
            paragraph('Págalo junto con el alquiler pendiente, en la oficina.'),
          ];
  return {
    language: 'es',
    subject: `${kind.type === 'credit' ? 'Factura rectificativa' : 'Factura'} ${number}`,
    greeting: `Hola ${name}:`,
    blocks,
  };
}
