import type { Language } from 'shared-i18n';
import { type LocalisedContent, paragraph } from '../../../platform/email/content';
import { euros } from './amounts';

/** The tenant's invoice (or credit note), attached, in their language. */
export function invoiceEmail(
  language: Language,
  {
    name,
    number,
    totalCents,
    collection,
  }: {
    name: string;
    number: string;
    totalCents: number;
    /** The SEPA collection that pays it; null for a credit note. */
    collection: { mandate: string; date: string } | null;
  },
): LocalisedContent {
  const creditNote = collection === null;
  if (language === 'en') {
    return {
      language,
      subject: `${creditNote ? 'Credit note' : 'Invoice'} ${number}`,
      greeting: `Hello ${name},`,
      blocks: creditNote
        ? [paragraph(`Attached is credit note ${number}: ${euros(-totalCents, 'en')} in your favour.`)]
        : [
            paragraph(
              `Attached is invoice ${number} for your storage rental: ${euros(totalCents, 'en')}, VAT included.`,
            ),
            paragraph(
              `It will be collected by SEPA direct debit on ${collection.date} (mandate ${collection.mandate}).`,
            ),
          ],
    };
  }
  return {
    language: 'es',
    subject: `${creditNote ? 'Factura rectificativa' : 'Factura'} ${number}`,
    greeting: `Hola ${name}:`,
    blocks: creditNote
      ? [paragraph(`Adjuntamos la factura rectificativa ${number}: ${euros(-totalCents)} a tu favor.`)]
      : [
          paragraph(`Adjuntamos la factura ${number} del alquiler de tu trastero: ${euros(totalCents)}, IVA incluido.`),
          paragraph(`Se cargará por domiciliación SEPA el ${collection.date} (mandato ${collection.mandate}).`),
        ],
  };
}
